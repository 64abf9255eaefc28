import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router";
import { keepMfaAttemptCode, mfaAttemptCodeOf } from "../mfa-attempt";

/** The mfa handler page. */
export const MFA_PAGE = "/handler/mfa";

/**
 * For a sign-in's error handler: when the error asks for the second factor, keeps its attempt
 * code and goes to the mfa page (with this page's query, so `after_auth_return_to` carries
 * over) and answers true; answers false for any other error, which the caller shows.
 */
export function useMfaHandOff(): (error: unknown) => boolean {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (error: unknown) => {
      const attemptCode = mfaAttemptCodeOf(error);
      if (!attemptCode) return false;
      keepMfaAttemptCode(attemptCode);
      void navigate(MFA_PAGE + search, { replace: true });
      return true;
    },
    [navigate, search],
  );
}
