/**
 * Setting, changing and resetting a password. A change or a reset is what a person does
 * when they fear someone else knows the old password, so both end the user's other
 * sessions in the same transaction that stores the new hash: a change keeps only the
 * session that made it, a reset (made without any session) ends them all.
 *
 * Asking for a reset answers the same whether or not the address has an account, and the
 * code is issued and mailed in the background after the answer, so neither the answer nor
 * its timing tells an attacker which addresses are registered.
 */
import { recordAuditEvent } from "../audit-log/record";
import { hashPassword, verifyPassword } from "../../crypto/password";
import { deleteUserSessions, findPasswordHash, setPasswordHashIfAbsent } from "../../db/queries/credentials";
import { findAuthByEmail, updateUserProfile } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { deliverEmail } from "../emails/delivery";
import { composeBuiltInEmail } from "../emails/rendering/built-in-mail";
import { withCode } from "../emails/templates";
import type { MailLocale } from "../emails/languages";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { assertTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { issueCode, redeemCode } from "./verification-codes";
import { assertPasswordAcceptable, normalizeEmail } from "./passwords";
import { recordUserEvent } from "../webhooks/events";

/**
 * A reset link lives one hour: long enough for a slow mail server and a person who reads
 * the message a little later, short enough that an old message found in a mailbox (or a
 * forwarded one) is useless. A newer request retires older codes, and a code is single use.
 */
export const PASSWORD_RESET_CODE_LIFETIME_MS = 60 * 60 * 1000;

function assertPasswordsEnabled(tenancy: Tenancy): void {
  if (!tenancy.config.auth.password.allowSignIn) throw new KnownError("PASSWORD_AUTHENTICATION_NOT_ENABLED");
}

/**
 * Gives a user without a password their first one. A user who has one already must change
 * it through `updatePassword`, proving the old one (a bare 400, as Stack Auth answers).
 */
export async function setFirstPassword(deps: ServiceDeps, tenancy: Tenancy, userId: string, password: string): Promise<void> {
  assertPasswordsEnabled(tenancy);
  assertPasswordAcceptable(password);
  const existing = await findPasswordHash(deps.db, tenancy, userId);
  if (existing === undefined) throw new KnownError("USER_NOT_FOUND");
  if (existing !== null) throw new KnownError("PASSWORD_ALREADY_SET");
  const hash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    if (!(await setPasswordHashIfAbsent(tx, tenancy, userId, hash))) throw new KnownError("PASSWORD_ALREADY_SET");
    await recordUserEvent(tx, tenancy, "user.updated", userId);
    await recordAuditEvent(deps, tx, { tenancy, action: "auth.password.changed", target: { type: "user", id: userId }, details: { first_password: true } });
  });
}

/** Changes the password after checking the old one; ends every other session of the user. */
export async function updatePassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  user: { userId: string; sessionId: string },
  input: { oldPassword: string; newPassword: string },
): Promise<void> {
  assertPasswordsEnabled(tenancy);
  // A stolen access token must not become an unlimited oracle for the old password.
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerAccount, subject: `user:${user.userId}` }]);
  const existing = await findPasswordHash(deps.db, tenancy, user.userId);
  if (existing === undefined) throw new KnownError("USER_NOT_FOUND");
  if (existing === null) throw new KnownError("USER_DOES_NOT_HAVE_PASSWORD");
  if (!(await verifyPassword(existing, input.oldPassword))) throw new KnownError("PASSWORD_CONFIRMATION_MISMATCH");
  assertPasswordAcceptable(input.newPassword);
  const hash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await updateUserProfile(tx, tenancy, user.userId, { passwordHash: hash });
    await deleteUserSessions(tx, tenancy, user.userId, user.sessionId);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "auth.password.changed",
      actor: { type: "user", id: user.userId },
      target: { type: "user", id: user.userId },
      details: { other_sessions_ended: true },
    });
  });
  // The other sessions' access tokens are refused from the next request on, here too.
  await deps.revokedSessions.catchUp();
}

export const RESET_CODE_SENT = { success: "maybe, only if user with e-mail exists" } as const;

/**
 * Mails a reset link to the account of `email`, if there is one. The answer is the same
 * either way and is given before the code is issued and the message sent.
 */
export async function sendPasswordResetCode(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { email: string; callbackUrl: string; locale: MailLocale },
  client: ClientInfo,
  /** Runs the mailing once the answer is out (http/after-response.ts); the next turn by default. */
  afterAnswer: (task: () => void) => void = setImmediate,
): Promise<typeof RESET_CODE_SENT> {
  assertPasswordsEnabled(tenancy);
  assertTrustedRedirect(input.callbackUrl, tenancy.config);
  const email = normalizeEmail(input.email);
  await enforceRateLimits(deps, tenancy, [
    { rule: RATE_LIMITS.codeSendPerIp, subject: client.ip },
    { rule: RATE_LIMITS.codeSendPerAccount, subject: `password-reset:${email}` },
  ]);
  const account = await findAuthByEmail(deps.db, tenancy, email);
  if (account) {
    // After the answer is written, not beside it: issuing the code meanwhile held the answer
    // for a known address back (on PGlite by 20 to 35 ms), which told that the account exists.
    afterAnswer(() => {
      void mailResetCode(deps, tenancy, account.userId, email, input.callbackUrl, input.locale).catch((error: unknown) =>
        deps.log.error("Could not send a password reset e-mail", { project_id: tenancy.projectId, error: String(error) }),
      );
    });
  }
  return RESET_CODE_SENT;
}

async function mailResetCode(deps: ServiceDeps, tenancy: Tenancy, userId: string, email: string, callbackUrl: string, locale: MailLocale) {
  const issued = await issueCode(deps.db, tenancy, {
    purpose: "password_reset",
    expiresInMs: PASSWORD_RESET_CODE_LIFETIME_MS,
    userId,
    email,
  });
  const message = await composeBuiltInEmail(deps, tenancy, { kind: "passwordReset", link: withCode(callbackUrl, issued.code) }, locale);
  await deliverEmail(deps, tenancy, { to: email, ...message, purpose: "password_reset", userId });
}

/** Checks a reset code without using it (the SDK's verifyPasswordResetCode). */
export async function checkPasswordResetCode(deps: ServiceDeps, tenancy: Tenancy, code: string, client: ClientInfo): Promise<void> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  await redeemCode(deps.db, tenancy, "password_reset", code, { consume: false }, async () => undefined);
}

/** Uses a reset code: stores the new password and ends every session of the user. */
export async function resetPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { code: string; password: string },
  client: ClientInfo,
): Promise<void> {
  assertPasswordsEnabled(tenancy);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  // Checked before the code, so a password the rules refuse does not use it up.
  assertPasswordAcceptable(input.password);
  const hash = await hashPassword(input.password);
  await redeemCode(deps.db, tenancy, "password_reset", input.code, { consume: true }, async (tx, record) => {
    if (!record.userId) throw new KnownError("VERIFICATION_CODE_NOT_FOUND");
    await updateUserProfile(tx, tenancy, record.userId, { passwordHash: hash });
    await deleteUserSessions(tx, tenancy, record.userId);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "auth.password.reset",
      actor: { type: "user", id: record.userId },
      target: { type: "user", id: record.userId },
      client,
      details: { sessions_ended: true },
    });
  });
  await deps.revokedSessions.catchUp();
}
