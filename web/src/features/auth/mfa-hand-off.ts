import { isKnownError } from "@gatehouse/clients/session";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { handlerPath } from "../../lib/handler-paths";
import { RETURN_PARAM, withReturnTo } from "../../lib/return-target";
import { session } from "../../lib/session";

/**
 * Where a sign-in that needs a second factor leaves its attempt code for the mfa page.
 * Session storage rather than the URL: the code is half a sign-in, and URLs end up in
 * history, logs and Referer headers; a tab's session storage dies with the tab.
 */
export const MFA_ATTEMPT_CODE_KEY = `gatehouse:${session.projectId}:mfa-attempt-code`;

export function readMfaAttemptCode(): string | null {
  try {
    return sessionStorage.getItem(MFA_ATTEMPT_CODE_KEY);
  } catch {
    return null;
  }
}

export function forgetMfaAttemptCode(): void {
  try {
    sessionStorage.removeItem(MFA_ATTEMPT_CODE_KEY);
  } catch {
    // Storage switched off: nothing was kept.
  }
}

/**
 * For a sign-in refused with MULTI_FACTOR_AUTHENTICATION_REQUIRED: keeps the attempt code in
 * session storage and goes to the mfa page, with the return target (SPEC §2). Returns whether
 * it took the error over; any other error is the caller's to show.
 */
export function useMfaHandOff(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (error: unknown) => {
      const attemptCode = mfaAttemptCode(error);
      if (attemptCode === null) return false;
      try {
        sessionStorage.setItem(MFA_ATTEMPT_CODE_KEY, attemptCode);
      } catch {
        // Storage switched off: the mfa page finds no attempt and asks to sign in again.
      }
      const returnTo = new URLSearchParams(search).get(RETURN_PARAM);
      void navigate(returnTo ? withReturnTo(handlerPath("mfa"), returnTo) : handlerPath("mfa"), { replace: true });
      return true;
    },
    [navigate, search],
  );
}

/** The attempt code of a MULTI_FACTOR_AUTHENTICATION_REQUIRED refusal, or null for any other error. */
export function mfaAttemptCode(error: unknown): string | null {
  if (!isKnownError(error, "MULTI_FACTOR_AUTHENTICATION_REQUIRED")) return null;
  const attemptCode = error.details.attempt_code;
  return typeof attemptCode === "string" && attemptCode !== "" ? attemptCode : null;
}
