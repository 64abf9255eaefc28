/**
 * Upgrading an anonymous user in place. Whatever way an anonymous user signs up (a password,
 * an e-mailed code, a new OAuth provider account, a passkey registered while anonymous), that same user keeps
 * their id and everything they did while anonymous, and gets the new sign-in method;
 * is_anonymous is cleared. Signing in to an account that exists already leaves the anonymous
 * user alone: the caller becomes that account.
 *
 * Anonymous users are given their personal team at sign-up, called "Personal Team"; the upgrade
 * names it after the user (unless it was renamed meanwhile). An anonymous user from before
 * that, with no team at all, gets the personal team the project's configuration asks for.
 *
 * An upgrade is a sign-up: refused with SIGN_UP_NOT_ENABLED where sign-up is off (callers
 * check, before anything is written).
 */
import type { Queryable } from "../../db/db";
import { findUser, updateUserProfile } from "../../db/queries/users";
import type { ClientInfo } from "../client-info";
import type { ServiceDeps } from "../deps";
import { openSession, tokensForSession, type SignInTokens } from "../sessions";
import { createTeamForCreator, namePersonalTeams, personalTeamName } from "../teams/team-membership";
import type { Tenancy } from "../tenancy";
import type { User } from "../users/user";
import { updateUser, type UserChanges } from "../users/user-changes";

/** Whether `userId` names a user of this tenancy who is still anonymous. */
export async function isUpgradableAnonymousUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<boolean> {
  const user = await findUser(deps.db, tenancy, userId);
  return Boolean(user?.isAnonymous);
}

/**
 * Makes the anonymous user `userId` a regular user with `changes`, and runs
 * `alsoInTransaction` (the new sign-in method) in the same transaction.
 */
export async function upgradeAnonymousUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  changes: UserChanges,
  alsoInTransaction?: (tx: Queryable) => Promise<void>,
): Promise<User> {
  const current = await findUser(deps.db, tenancy, userId);
  const displayName = changes.displayName !== undefined ? changes.displayName : (current?.displayName ?? null);
  const email = changes.primaryEmail !== undefined ? changes.primaryEmail : (current?.primaryEmail ?? null);
  return updateUser(deps, tenancy, userId, { ...changes, isAnonymous: false }, async (tx) => {
    await givePersonalTeam(tx, tenancy, userId, personalTeamName(displayName, email));
    await alsoInTransaction?.(tx);
  });
}

async function givePersonalTeam(tx: Queryable, tenancy: Tenancy, userId: string, name: string): Promise<void> {
  const teams = await namePersonalTeams(tx, tenancy, userId, name);
  if (teams === 0 && tenancy.config.teams.createPersonalTeamOnSignUp) await createTeamForCreator(tx, tenancy, userId, { displayName: name });
}

/**
 * The same upgrade inside the caller's transaction, for a sign-in method added to the user as
 * they are (a passkey): clears is_anonymous and names the personal team. The caller holds the
 * user's row lock, has found the user anonymous, and has checked that sign-up is allowed.
 */
export async function upgradeAnonymousUserIn(tx: Queryable, tenancy: Tenancy, user: Pick<User, "id" | "displayName" | "primaryEmail">): Promise<void> {
  await updateUserProfile(tx, tenancy, user.id, { isAnonymous: false });
  await givePersonalTeam(tx, tenancy, user.id, personalTeamName(user.displayName, user.primaryEmail));
}

/** Password sign-up by an anonymous user. Caller has checked the sign-up rules, the password and that the e-mail is free. */
export async function upgradeAnonymousWithPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  input: { email: string; password: string },
  client: ClientInfo,
): Promise<SignInTokens> {
  await upgradeAnonymousUser(deps, tenancy, userId, {
    primaryEmail: input.email,
    primaryEmailVerified: false,
    primaryEmailAuthEnabled: true,
    password: input.password,
  });
  const session = await openSession(deps.db, tenancy, userId, client);
  return tokensForSession(deps, tenancy, userId, session);
}
