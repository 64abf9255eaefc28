import { KnownError } from "../../errors";

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 70;

export function assertPasswordAcceptable(password: string): void {
  if (password.length < MIN_PASSWORD_LENGTH) throw new KnownError("PASSWORD_TOO_SHORT", { min_length: MIN_PASSWORD_LENGTH });
  if (password.length > MAX_PASSWORD_LENGTH) throw new KnownError("PASSWORD_TOO_LONG", { maxLength: MAX_PASSWORD_LENGTH });
}

/** E-mail addresses are compared case-insensitively; we store them lower-cased. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
