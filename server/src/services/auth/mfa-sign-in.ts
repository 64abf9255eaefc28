/**
 * The second factor at sign-in. When a user with a TOTP secret passes a first factor
 * (password, e-mailed code), no session is opened: the answer is
 * MULTI_FACTOR_AUTHENTICATION_REQUIRED carrying an attempt code, and POST /auth/mfa/sign-in
 * trades that code plus a current TOTP code for the session.
 *
 * The attempt code is a verification code (purpose `mfa_sign_in`): 45 random characters,
 * stored only as digests, bound to the project, branch and user, single use. It lives five
 * minutes: long enough to find the phone and read a code (a code changes every 30 seconds),
 * short enough that one left in a browser tab's session storage soon stops being a
 * half-finished sign-in. It remembers whether the first factor created the user, which the
 * final answer reports as `is_new_user`.
 *
 * Guessing is bounded three ways: five wrong TOTP codes kill an attempt; each attempt costs a
 * first factor, which has its own rate limits; and TOTP checks count against the user per
 * ten minutes (only once the attempt code is known to be theirs, so a stranger without a
 * first factor cannot spend a user's allowance). A code is accepted for one step (see
 * crypto/totp.ts) and never again: the user's last accepted step is claimed with a
 * conditional UPDATE in the transaction that uses the attempt code and opens the session.
 *
 * If the user is deleted, or two-factor sign-in is switched off, between the two steps, the
 * attempt no longer leads anywhere and answers VERIFICATION_CODE_NOT_FOUND: signing in again
 * starts over, and then asks for whatever the account needs now.
 */
import { recordSignIn, recordingFailedSignIn } from "../audit-log/sign-in-events";
import { matchTotp } from "../../crypto/totp";
import type { Queryable } from "../../db/db";
import { claimTotpStep, findTotpState } from "../../db/queries/totp";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { openSession, tokensForSession, type SignInTokens } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { codeUserId, issueCode, redeemCode, redeemCodeWithProof } from "./verification-codes";

export const MFA_ATTEMPT_LIFETIME_MS = 5 * 60 * 1000;

export interface SignInResult extends SignInTokens {
  is_new_user: boolean;
}

/** Starts a second-factor step for `userId`; the caller throws the error it returns. */
export async function mfaRequired(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  firstFactor: { isNewUser: boolean },
): Promise<KnownError<"MULTI_FACTOR_AUTHENTICATION_REQUIRED">> {
  // Older attempts stay valid: the same person may be signing in on two devices.
  const attempt = await issueCode(deps.db, tenancy, {
    purpose: "mfa_sign_in",
    expiresInMs: MFA_ATTEMPT_LIFETIME_MS,
    userId,
    data: { is_new_user: firstFactor.isNewUser },
    replacePrevious: false,
  });
  return new KnownError("MULTI_FACTOR_AUTHENTICATION_REQUIRED", { attempt_code: attempt.code });
}

/** The user's TOTP secret, or VERIFICATION_CODE_NOT_FOUND when the attempt no longer applies. */
async function secretForAttempt(deps: ServiceDeps, tx: Queryable, tenancy: Tenancy, userId: string | null) {
  const state = userId ? await findTotpState(tx, tenancy, userId) : null;
  if (!userId || !state?.sealedSecret) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
  return { userId, secret: Buffer.from(deps.totpSecrets.open(state.sealedSecret), "base64"), lastUsedStep: state.lastUsedStep };
}

async function enforceMfaRateLimits(deps: ServiceDeps, tenancy: Tenancy, attemptCode: string, client: ClientInfo) {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  const userId = await codeUserId(deps.db, tenancy, "mfa_sign_in", attemptCode);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerAccount, subject: userId && `mfa:${userId}` }]);
}

export async function signInWithTotp(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { attemptCode: string; totp: string },
  client: ClientInfo,
): Promise<SignInResult> {
  await enforceMfaRateLimits(deps, tenancy, input.attemptCode, client);
  const attemptUser = () => codeUserId(deps.db, tenancy, "mfa_sign_in", input.attemptCode);
  const signedIn = await recordingFailedSignIn(deps, tenancy, { method: "totp", client, userId: attemptUser }, () => redeemCodeWithProof(
    deps.db,
    tenancy,
    "mfa_sign_in",
    input.attemptCode,
    "INVALID_TOTP_CODE",
    async (tx, attempt) => {
      const { userId, secret, lastUsedStep } = await secretForAttempt(deps, tx, tenancy, attempt.userId);
      const step = await matchTotp(secret, input.totp, Date.now());
      if (step === null || (lastUsedStep !== null && step <= lastUsedStep)) return false;
      return claimTotpStep(tx, tenancy, userId, step);
    },
    async (tx, attempt) => {
      // The proof above made sure the attempt names a user.
      const userId = attempt.userId as string;
      const isNewUser = attempt.data.is_new_user === true;
      const session = await openSession(tx, tenancy, userId, client);
      await recordSignIn(deps, tx, tenancy, { userId, method: "totp", sessionId: session.sessionId, isNewUser, client });
      return { userId, isNewUser, session };
    },
  ));
  const tokens = await tokensForSession(deps, tenancy, signedIn.userId, signedIn.session);
  return { ...tokens, is_new_user: signedIn.isNewUser };
}

/** Whether an attempt code can still be used, without using it or checking a TOTP code. */
export async function checkMfaAttempt(deps: ServiceDeps, tenancy: Tenancy, attemptCode: string, client: ClientInfo): Promise<void> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  await redeemCode(deps.db, tenancy, "mfa_sign_in", attemptCode, { consume: false }, async (tx, attempt) => {
    await secretForAttempt(deps, tx, tenancy, attempt.userId);
  });
}
