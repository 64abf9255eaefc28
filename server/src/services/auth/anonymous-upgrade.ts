/**
 * Upgrading an anonymous user in place. Whatever way an anonymous user signs up (a password,
 * an e-mailed code, a new OAuth provider account, a passkey registered while anonymous), that
 * same user keeps their id and everything they did while anonymous, and gets the new sign-in
 * method; is_anonymous is cleared, which names the user's personal team (see
 * users/user-changes.ts and teams/team-membership.ts). Signing in to an account that exists
 * already leaves the anonymous user alone: the caller becomes that account.
 *
 * An upgrade is a sign-up: refused with SIGN_UP_NOT_ENABLED where sign-up is off, and judged by
 * the sign-up rules (callers check both, before anything is written).
 */
import { recordSignIn } from "../audit-log/sign-in-events";
import type { Queryable } from "../../db/db";
import { findUser, updateUserProfile } from "../../db/queries/users";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { openSession, tokensForSession, type SignInTokens } from "../sessions/sessions";
import { namePersonalTeamAfterUpgrade } from "../teams/team-membership";
import type { Tenancy } from "../projects/tenancy";
import type { User } from "../../domain/users";
import { updateUser, type UserChanges } from "../users/user-changes";
import { mergedPrivateDetails, type SignUpAdmission } from "../sign-up-rules/admission";

/** Whether `userId` names a user of this tenancy who is still anonymous. */
export async function isUpgradableAnonymousUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<boolean> {
  const user = await findUser(deps.db, tenancy, userId);
  return Boolean(user?.isAnonymous);
}

/**
 * What an anonymous user keeps and gains from the sign-up rules on upgrade: the restriction a
 * rule asked for (after any private note they already had), and the country, unless known.
 */
export async function upgradeChanges(deps: ServiceDeps, tenancy: Tenancy, userId: string, admission: SignUpAdmission): Promise<UserChanges> {
  const current = await findUser(deps.db, tenancy, userId);
  const changes: UserChanges = {};
  if (admission.restrictedByAdmin) {
    changes.restrictedByAdmin = true;
    changes.restrictedByAdminPrivateDetails = mergedPrivateDetails(current?.restrictedByAdminPrivateDetails, admission);
  }
  if (admission.countryCode && !current?.countryCode) changes.countryCode = admission.countryCode;
  return changes;
}

/**
 * Makes the anonymous user `userId` a regular user with `changes` (and what the sign-up rules'
 * `admission` asks for), and runs `alsoInTransaction` (the new sign-in method) in the same
 * transaction.
 */
export async function upgradeAnonymousUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  admission: SignUpAdmission,
  changes: UserChanges,
  alsoInTransaction?: (tx: Queryable) => Promise<void>,
): Promise<User> {
  return updateUser(deps, tenancy, userId, { ...(await upgradeChanges(deps, tenancy, userId, admission)), ...changes, isAnonymous: false }, alsoInTransaction);
}

/**
 * The same upgrade inside the caller's transaction, for a sign-in method added to the user as
 * they are (a passkey): clears is_anonymous and names the personal team. The caller holds the
 * user's row lock, has found the user anonymous, and has checked that sign-up is allowed.
 */
export async function upgradeAnonymousUserIn(tx: Queryable, tenancy: Tenancy, user: Pick<User, "id" | "displayName" | "primaryEmail">): Promise<void> {
  await updateUserProfile(tx, tenancy, user.id, { isAnonymous: false });
  await namePersonalTeamAfterUpgrade(tx, tenancy, user.id, { displayName: user.displayName, email: user.primaryEmail });
}

/** Password sign-up by an anonymous user. Caller has checked the sign-up rules, the password and that the e-mail is free. */
export async function upgradeAnonymousWithPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  input: { email: string; password: string },
  client: ClientInfo,
  admission: SignUpAdmission,
): Promise<SignInTokens> {
  await upgradeAnonymousUser(deps, tenancy, userId, admission, {
    primaryEmail: input.email,
    primaryEmailVerified: false,
    primaryEmailAuthEnabled: true,
    password: input.password,
  });
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(tx, tenancy, userId, client);
    await recordSignIn(deps, tx, tenancy, { userId, method: "password", sessionId: opened.sessionId, isNewUser: true, client });
    return opened;
  });
  return tokensForSession(deps, tenancy, userId, session);
}
