/**
 * The sign-in and sign-up calls, as the generated hooks make them, plus what a sign-in means
 * for the page: the session keeps the new tokens (which resets the user's cached reads, see
 * ../provider), the browser goes to the return target or the after-sign-in (after-sign-up for
 * a new account) page, and a refusal that asks for a second factor hands the attempt code to
 * the mfa page. This happens in the mutation's own callbacks, which run even when the page
 * that asked is suspended by the reset.
 */
import { useCallback } from "react";
import {
  useSignInWithCode as useGeneratedSignInWithCode,
  useSignInWithMfa as useGeneratedSignInWithMfa,
  useSignInWithPassword as useGeneratedSignInWithPassword,
  useSignUpWithPassword as useGeneratedSignUpWithPassword,
  type SignInTokens,
} from "../../react-query";
import { useGatehouse } from "../provider";
import { keepReturnTarget, useAfterAuthRedirect } from "./after-auth";
import { forgetMfaAttemptCode, mfaAttemptCodeOf, storeMfaAttemptCode } from "./mfa-attempt";

/**
 * What every sign-in answers with; the OAuth token endpoint adds no user id, and password
 * sign-up and sign-in no is_new_user (the route says which it was).
 */
type NewSessionTokens = Pick<SignInTokens, "access_token" | "refresh_token"> & { is_new_user?: boolean };

export interface SignInOptions {
  /** Go to the return target or the after-sign-in/up page once signed in; default true. */
  redirect?: boolean;
}

/**
 * Keeps a sign-in's tokens and, unless told not to, goes where a sign-in goes. For flows this
 * library has no mutation for (the OAuth callback); the mutations below use it themselves.
 */
export function useFinishSignIn({ redirect = true }: SignInOptions = {}): (tokens: NewSessionTokens) => void {
  const { session } = useGatehouse();
  const afterAuth = useAfterAuthRedirect();
  return useCallback(
    (tokens) => {
      session.setTokens({ accessToken: tokens.access_token, refreshToken: tokens.refresh_token });
      if (redirect) afterAuth(tokens.is_new_user ? "sign-up" : "sign-in");
    },
    [session, afterAuth, redirect],
  );
}

/** For a refusal that asks for a second factor: keeps the attempt code and goes to the mfa page. */
export function useMfaHandOff(): (error: unknown) => void {
  const { session, urls, navigate } = useGatehouse();
  return useCallback(
    (error: unknown) => {
      const attemptCode = mfaAttemptCodeOf(error);
      if (attemptCode === null) return;
      storeMfaAttemptCode(session.projectId, attemptCode);
      navigate(keepReturnTarget(urls.mfa), { replace: true });
    },
    [session, urls, navigate],
  );
}

export function useSignInWithPassword(options: SignInOptions = {}) {
  const onSuccess = useFinishSignIn(options);
  const onError = useMfaHandOff();
  return useGeneratedSignInWithPassword({ mutation: { onSuccess, onError } });
}

/** Signs up; with an anonymous user's session, that user is upgraded instead. */
export function useSignUpWithPassword(options: SignInOptions = {}) {
  const finish = useFinishSignIn(options);
  const onSuccess = useCallback((tokens: NewSessionTokens) => finish({ ...tokens, is_new_user: true }), [finish]);
  return useGeneratedSignUpWithPassword({ mutation: { onSuccess } });
}

/** Signs in with a mailed code or magic link (`POST /auth/otp/sign-in`); a new address is signed up. */
export function useSignInWithCode(options: SignInOptions = {}) {
  const onSuccess = useFinishSignIn(options);
  const onError = useMfaHandOff();
  return useGeneratedSignInWithCode({ mutation: { onSuccess, onError } });
}

/** The second step: the attempt code with a TOTP code (`POST /auth/mfa/sign-in`). */
export function useSignInWithMfa(options: SignInOptions = {}) {
  const { session } = useGatehouse();
  const finish = useFinishSignIn(options);
  return useGeneratedSignInWithMfa({
    mutation: {
      onSuccess: (tokens) => {
        forgetMfaAttemptCode(session.projectId);
        finish(tokens);
      },
    },
  });
}
