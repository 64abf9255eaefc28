/**
 * Where a sign-in that needs a second factor leaves its attempt code for the mfa page (SPEC §2).
 * Session storage rather than the URL: the code is half a sign-in, and URLs end up in history,
 * logs and Referer headers; a tab's session storage dies with the tab.
 */
import { isKnownError } from "../../session";

const key = (projectId: string) => `gatehouse:${projectId}:mfa-attempt-code`;

export function storeMfaAttemptCode(projectId: string, attemptCode: string): void {
  try {
    sessionStorage.setItem(key(projectId), attemptCode);
  } catch {
    // Storage switched off: the mfa page finds no attempt and asks to sign in again.
  }
}

export function readMfaAttemptCode(projectId: string): string | null {
  try {
    return sessionStorage.getItem(key(projectId));
  } catch {
    return null;
  }
}

export function forgetMfaAttemptCode(projectId: string): void {
  try {
    sessionStorage.removeItem(key(projectId));
  } catch {
    // Storage switched off: nothing was kept.
  }
}

/** The attempt code of a MULTI_FACTOR_AUTHENTICATION_REQUIRED refusal, or null for any other error. */
export function mfaAttemptCodeOf(error: unknown): string | null {
  if (!isKnownError(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) return null;
  const attemptCode = error.details.attempt_code;
  return typeof attemptCode === "string" && attemptCode !== "" ? attemptCode : null;
}

/** True for the refusal that is really the next step of a sign-in: the mfa page takes over. */
export function isMfaRequired(error: unknown): boolean {
  return mfaAttemptCodeOf(error) !== null;
}
