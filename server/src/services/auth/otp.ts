/**
 * Sign-in with a mailed one-time code (the SDK's "magic link"). The message carries the
 * six-character OTP and a link with the whole code; the client gets only the nonce, so a
 * person can type the OTP and the client appends the nonce. Whoever redeems the code has
 * proved they read that mailbox: an existing account has that address marked verified,
 * and an unknown address signs up (when the project allows sign-up) with it verified.
 * A request that carries an anonymous user's session upgrades that user in place.
 *
 * A project with e-mail codes off answers a plain 403 (as Stack Auth does). Redeeming a code
 * for an existing account signs it in when its address is verified, turning code sign-in on
 * for it if it was off (whoever redeemed the code reads that mailbox); an account whose
 * address is not verified answers USER_EMAIL_ALREADY_EXISTS instead, so that a stranger who
 * registered someone else's address cannot have its owner sign into the stranger's account.
 * Both are decided when the code is redeemed, not when it is sent, so that sending still
 * answers alike for every address. Several codes for one address may be outstanding; each
 * is used once. The code of an impersonation link is redeemed here as well
 * (impersonation-links.ts), since the link leads to the same page of the app.
 */
import { refuseIfSsoRequired } from "../sso/enforcement";
import { recordingFailedSignIn } from "../audit-log/sign-in-events";
import { findAuthByEmail, findUser } from "../../db/queries/users";
import { enableOtpAuth } from "../../db/queries/credentials";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { composeBuiltInEmail } from "../emails/rendering/built-in-mail";
import { withCode } from "../emails/templates";
import type { MailLocale } from "../emails/languages";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { assertTrustedRedirect } from "../projects/redirects";
import type { SignInTokens } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { createUser } from "../users/user-changes";
import { issueCode, redeemCode } from "./verification-codes";
import { finishSignIn } from "./finish-sign-in";
import { normalizeEmail } from "./passwords";
import { upgradeAnonymousUser } from "./anonymous-upgrade";
import { judgeSignUp, recordSignUpDecision, type SignUpJudgement } from "../sign-up-rules/admission";
import { checkImpersonationCode, isImpersonationCode, signInWithImpersonationCode } from "./impersonation-links";
import { signUpRejected } from "../../errors";

/**
 * A sign-in code lives 30 minutes: the person is waiting for it, so it is normally used
 * within a minute or two, and the margin covers slow mail. The OTP has 30 bits and each code
 * dies after MAX_ATTEMPTS wrong guesses, so the lifetime is not what keeps it from being
 * guessed; it bounds how long a message left in a mailbox stays useful.
 */
export const SIGN_IN_CODE_LIFETIME_MS = 30 * 60 * 1000;

function assertOtpEnabled(tenancy: Tenancy): void {
  if (!tenancy.config.auth.otp.allowSignIn) throw new KnownError("OTP_SIGN_IN_NOT_ENABLED");
}

export async function sendSignInCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { email: string; callbackUrl: string; locale: MailLocale },
  client: ClientInfo,
): Promise<{ nonce: string }> {
  assertOtpEnabled(tenancy);
  assertTrustedRedirect(input.callbackUrl, tenancy.config);
  const email = normalizeEmail(input.email);
  await refuseIfSsoRequired(deps, tenancy, email);
  await enforceRateLimits(deps, tenancy, [
    { rule: RATE_LIMITS.codeSendPerIp, subject: client.ip },
    { rule: RATE_LIMITS.codeSendPerAccount, subject: `otp-sign-in:${email}` },
  ]);
  // Earlier codes stay usable: each has its own nonce, so guesses at one never count for another.
  const issued = await issueCode(deps.db, tenancy, { purpose: "otp_sign_in", expiresInMs: SIGN_IN_CODE_LIFETIME_MS, email, replacePrevious: false });
  const message = await composeBuiltInEmail(deps, tenancy, { kind: "magicLink", otp: issued.otp, link: withCode(input.callbackUrl, issued.code) }, input.locale);
  await deliverEmail(deps, tenancy, { to: email, ...message, purpose: "otp_sign_in" });
  return { nonce: issued.nonce };
}

export async function checkSignInCode(deps: ServiceDeps, tenancy: Tenancy, code: string, client: ClientInfo): Promise<void> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  if (await isImpersonationCode(deps.db, tenancy, code)) return checkImpersonationCode(deps.db, tenancy, code);
  assertOtpEnabled(tenancy);
  await redeemCode(deps.db, tenancy, "otp_sign_in", code, { consume: false }, async () => undefined);
}

export interface OtpSignInResult extends SignInTokens {
  is_new_user: boolean;
}

export async function signInWithCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { code: string; anonymousUserId?: string | null },
  client: ClientInfo,
): Promise<OtpSignInResult> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  // An impersonation link comes to the app's sign-in-link page too, whether or not the
  // project lets users sign in with e-mailed codes.
  if (await isImpersonationCode(deps.db, tenancy, input.code)) return signInWithImpersonationCode(deps, tenancy, input.code, client);
  assertOtpEnabled(tenancy);
  // The code is used, and an existing account's address verified, in one transaction. A
  // refusal to sign up (by the project's switch or its sign-up rules) is thrown inside it, so
  // that refusal leaves the code unused.
  let judgement: SignUpJudgement | undefined;
  let found: { email: string; userId: string | null };
  try {
    found = await recordingFailedSignIn(deps, tenancy, { method: "otp", client }, () => redeemCode(deps.db, tenancy, "otp_sign_in", input.code, { consume: true }, async (tx, record) => {
      const email = record.email;
      if (!email) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
      const account = await findAuthByEmail(tx, tenancy, email);
      if (account) {
        // Thrown inside the transaction, so the code stays unused.
        if (!account.emailVerified) throw new KnownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: true });
        if (!account.otpAuthEnabled) await enableOtpAuth(tx, tenancy, account.userId);
        return { email, userId: account.userId };
      }
      if (!tenancy.config.auth.allowSignUp) throw new KnownError("SIGN_UP_NOT_ENABLED");
      judgement = judgeSignUp(tenancy, { email, authMethod: "otp", countryCode: client.countryCode });
      if (!judgement.decision.shouldAllow) throw signUpRejected();
      return { email, userId: null };
    }));
  } finally {
    if (judgement) await recordSignUpDecision(deps, tenancy, judgement.decision);
  }

  let userId = found.userId;
  const isNewUser = userId === null;
  if (userId === null) {
    const admission = judgement?.admission ?? {};
    const identity = { primaryEmail: found.email, primaryEmailVerified: true, primaryEmailAuthEnabled: true, otpAuthEnabled: true };
    // The token may predate an upgrade; only a user who is still anonymous is upgraded.
    const anonymous = input.anonymousUserId ? await findUser(deps.db, tenancy, input.anonymousUserId) : null;
    if (anonymous?.isAnonymous) {
      // Upgraded in place: the same id keeps what the user did while anonymous.
      userId = (await upgradeAnonymousUser(deps, tenancy, anonymous.id, admission, identity)).id;
    } else {
      userId = (await createUser(deps, tenancy, { ...admission, ...identity })).id;
    }
  }
  // A user deleted after the code was redeemed: the code now leads nowhere.
  return finishSignIn(deps, tenancy, userId, client, { isNewUser, method: "otp" }, () => new KnownError("VERIFICATION_CODE_NOT_FOUND"));
}
