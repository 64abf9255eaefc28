import { isTeamMember } from "../../db/queries/teams";
import { findUser, updateUserProfile, type UserProfileChanges, type UserRecord } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

export async function getOwnUser(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<UserRecord> {
  const user = await findUser(deps.db, tenancy, userId);
  // The token outlived its user (deleted meanwhile): treat it as no user.
  if (!user) throw new KnownError("CANNOT_GET_OWN_USER_WITHOUT_USER");
  return user;
}

/** The fields a signed-in user may change on themselves. */
export type OwnUserChanges = Pick<UserProfileChanges, "displayName" | "profileImageUrl" | "clientMetadata" | "selectedTeamId">;

export async function updateOwnUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  changes: OwnUserChanges,
): Promise<UserRecord> {
  if (changes.selectedTeamId && !(await isTeamMember(deps.db, tenancy, changes.selectedTeamId, userId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: changes.selectedTeamId, user_id: userId });
  }
  await updateUserProfile(deps.db, tenancy, userId, changes);
  return getOwnUser(deps, tenancy, userId);
}
