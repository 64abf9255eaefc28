/**
 * Upgrading an anonymous user in place: a password sign-up that carries an anonymous user's
 * session keeps that user's id (and everything they did while anonymous) and gives it the
 * e-mail and password, and clears is_anonymous (which names the user's personal team, see
 * users/user-changes.ts). The answer is a new, regular session for the same user.
 */
import { findUser } from "../../db/queries/users";
import type { ClientInfo } from "../client-info";
import type { ServiceDeps } from "../deps";
import { openSession, tokensForSession, type SignInTokens } from "../sessions";
import type { Tenancy } from "../tenancy";
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

/** Caller has checked the sign-up rules, the password and that the e-mail is free. */
export async function upgradeAnonymousWithPassword(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  input: { email: string; password: string },
  client: ClientInfo,
  admission: SignUpAdmission,
): Promise<SignInTokens> {
  await updateUser(deps, tenancy, userId, {
    ...(await upgradeChanges(deps, tenancy, userId, admission)),
    primaryEmail: input.email,
    primaryEmailVerified: false,
    primaryEmailAuthEnabled: true,
    password: input.password,
    isAnonymous: false,
  });
  const session = await openSession(deps.db, tenancy, userId, client);
  return tokensForSession(deps, tenancy, userId, session);
}
