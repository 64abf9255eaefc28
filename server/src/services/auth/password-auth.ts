/**
 * Password sign-up and sign-in. Sign-in answers EMAIL_PASSWORD_MISMATCH for an unknown
 * e-mail, an account without a password and a wrong password alike, and spends one argon2
 * verification on each, so neither the answer nor its timing tells whether an account exists.
 */
import { refuseIfSsoRequired } from "../sso/enforcement";
import { recordSignIn, recordingFailedSignIn } from "../audit-log/sign-in-events";
import { hashPassword, needsRehash, verifyAgainstDummy, verifyPassword } from "../../crypto/password";
import { replacePasswordHash } from "../../db/queries/credentials";
import type { Queryable } from "../../db/db";
import { newId } from "../../crypto/random";
import { findAuthByEmail, insertContactChannel, insertUser, updateUserProfile } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { assertTrustedRedirect } from "../projects/redirects";
import { openSession, tokensForSession, type SignInTokens } from "../sessions/sessions";
import { createTeamForCreator, personalTeamName } from "../teams/team-membership";
import { sendSignUpVerification } from "../contact-channels/verification";
import type { MailLocale } from "../emails/languages";
import type { Tenancy } from "../projects/tenancy";
import { isUniqueViolation } from "../../db/errors";
import { assertPasswordAcceptable, normalizeEmail } from "./passwords";
import { isUpgradableAnonymousUser, upgradeAnonymousWithPassword } from "./anonymous-upgrade";
import { grantDefaultPermissions } from "../permissions/defaults";
import { finishSignIn } from "./finish-sign-in";
import { recordUserEvent } from "../webhooks/events";
import { admitSignUp } from "../sign-up-rules/admission";

export interface PasswordSignUp {
  email: string;
  password: string;
  verificationCallbackUrl?: string;
  /** The language of the verification mail. */
  locale: MailLocale;
  /** The signed-in caller, when anonymous: upgraded in place instead of a new user. */
  anonymousUserId?: string;
}

export async function signUpWithPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: PasswordSignUp,
  client: ClientInfo,
): Promise<SignInTokens> {
  const { config } = tenancy;
  if (!config.auth.allowSignUp) throw new KnownError("SIGN_UP_NOT_ENABLED");
  if (!config.auth.password.allowSignIn) throw new KnownError("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  assertPasswordAcceptable(input.password);
  assertTrustedRedirect(input.verificationCallbackUrl, config);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signUpPerIp, subject: client.ip }]);

  const email = normalizeEmail(input.email);
  await refuseIfSsoRequired(deps, tenancy, email);
  // The rules judge before the address is looked up, so a refused sign-up tells nothing about
  // whether the address has an account.
  const admission = await admitSignUp(deps, tenancy, { email, authMethod: "password", countryCode: client.countryCode });
  const emailTaken = () =>
    new KnownError("USER_EMAIL_ALREADY_EXISTS", { email, would_work_if_email_was_verified: false });
  if (await findAuthByEmail(deps.db, tenancy, email)) throw emailTaken();
  if (input.anonymousUserId && (await isUpgradableAnonymousUser(deps, tenancy, input.anonymousUserId))) {
    const upgraded = await upgradeAnonymousWithPassword(deps, tenancy, input.anonymousUserId, { email, password: input.password }, client, admission);
    if (input.verificationCallbackUrl) await sendSignUpVerification(deps, tenancy, upgraded.user_id, input.verificationCallbackUrl, input.locale);
    return upgraded;
  }

  const passwordHash = await hashPassword(input.password);
  const userId = newId();
  try {
    const session = await deps.db.transaction(async (tx) => {
      await insertUser(tx, tenancy, { id: userId, passwordHash });
      await updateUserProfile(tx, tenancy, userId, admission);
      await insertContactChannel(tx, tenancy, {
        id: newId(),
        userId,
        value: email,
        isPrimary: true,
        isVerified: false,
        usedForAuth: true,
      });
      await grantDefaultPermissions(tx, tenancy, "signUp", userId);
      if (config.teams.createPersonalTeamOnSignUp) {
        await createTeamForCreator(tx, tenancy, userId, { displayName: personalTeamName(null, email) });
      }
      await recordUserEvent(tx, tenancy, "user.created", userId);
      const opened = await openSession(tx, tenancy, userId, client);
      await recordSignIn(deps, tx, tenancy, { userId, method: "password", sessionId: opened.sessionId, isNewUser: true, client });
      return opened;
    });
    const tokens = await tokensForSession(deps, tenancy, userId, session);
    if (input.verificationCallbackUrl) await sendSignUpVerification(deps, tenancy, userId, input.verificationCallbackUrl, input.locale);
    return tokens;
  } catch (error) {
    // Two sign-ups for one address raced past the check above; the unique index decided.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
}

export async function signInWithPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInTokens> {
  if (!tenancy.config.auth.password.allowSignIn) throw new KnownError("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  const email = normalizeEmail(input.email);
  // The pair comes before the e-mail alone: a guesser refused at their address stops using up
  // the e-mail's budget, so the owner elsewhere keeps signing in (config/rate-limits.ts).
  // In-process requests have no address; they share one pair per e-mail.
  await enforceRateLimits(deps, tenancy, [
    { rule: RATE_LIMITS.signInPerIp, subject: client.ip },
    { rule: RATE_LIMITS.signInPerEmailAndIp, subject: `${email} ${client.ip ?? "-"}` },
    { rule: RATE_LIMITS.signInPerEmail, subject: email },
  ]);
  const account = await findAuthByEmail(deps.db, tenancy, email);
  await recordingFailedSignIn(deps, tenancy, { method: "password", client, email, userId: () => account?.userId ?? null }, async () => {
    const passwordMatches = account?.passwordHash
      ? await verifyPassword(account.passwordHash, input.password)
      : await verifyAgainstDummy(input.password);
    if (!account || !passwordMatches) throw new KnownError("EMAIL_PASSWORD_MISMATCH");
  });
  if (!account) throw new KnownError("EMAIL_PASSWORD_MISMATCH");
  // An imported hash (bcrypt, PBKDF2, Firebase scrypt, argon2 of other parameters) is replaced
  // by our own the first time its password is proven, with the session that proof opens.
  const oldHash = account.passwordHash!;
  const newHash = needsRehash(oldHash) ? await hashPassword(input.password) : undefined;
  const writes = newHash ? (q: Queryable) => replacePasswordHash(q, tenancy, account.userId, oldHash, newHash) : undefined;

  // A password sign-in never makes a user, so its answer has no is_new_user (as Stack Auth's).
  const { is_new_user: _isNewUser, ...tokens } = await finishSignIn(deps, tenancy, account.userId, client, { isNewUser: false, method: "password", writes }, () => new KnownError("EMAIL_PASSWORD_MISMATCH"));
  return tokens;
}
