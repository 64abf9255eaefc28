/**
 * The hand-off from a first factor to the mfa page (SPEC §2). A sign-in that answers
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED (password sign-in here, the magic-link callback, any
 * later method) keeps the answer's attempt code in this tab's session storage and goes to
 * the mfa page, which reads it from there. Session storage rather than the URL: the code is
 * half a sign-in, and URLs end up in history, logs and Referer headers; a tab's session
 * storage dies with the tab.
 */
import { GatehouseApiError } from "@gatehouse/clients/session";

export const MFA_ATTEMPT_CODE_KEY = "gatehouse:mfa-attempt-code";

/** The attempt code of a MULTI_FACTOR_AUTHENTICATION_REQUIRED error, or null for any other outcome. */
export function mfaAttemptCodeOf(error: unknown): string | null {
  if (!(error instanceof GatehouseApiError) || error.code !== "MULTI_FACTOR_AUTHENTICATION_REQUIRED") return null;
  const code = error.details.attempt_code;
  return typeof code === "string" && code.length > 0 ? code : null;
}

export function keepMfaAttemptCode(code: string): void {
  sessionStorage.setItem(MFA_ATTEMPT_CODE_KEY, code);
}

export function readMfaAttemptCode(): string | null {
  return sessionStorage.getItem(MFA_ATTEMPT_CODE_KEY);
}

export function forgetMfaAttemptCode(): void {
  sessionStorage.removeItem(MFA_ATTEMPT_CODE_KEY);
}
