import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { insertTeam, insertTeamMember } from "../../db/queries/teams";
import type { Team } from "./team";
import { updateUserProfile } from "../../db/queries/users";
import { grantDefaultPermissions } from "../permissions/defaults";
import type { Tenancy } from "../tenancy";

/** Creates a team with the user as its first member and makes it their selected team. */
export async function createTeamForCreator(
  q: Queryable,
  tenancy: Tenancy,
  creatorUserId: string,
  team: { displayName: string },
): Promise<Team> {
  const created = await insertTeam(q, tenancy, { id: newId(), displayName: team.displayName });
  await insertTeamMember(q, tenancy, created.id, creatorUserId);
  await grantDefaultPermissions(q, tenancy, "teamCreator", creatorUserId, created.id);
  await updateUserProfile(q, tenancy, creatorUserId, { selectedTeamId: created.id });
  return created;
}

/** Makes the user a member of the team with the project's default member permissions. */
export async function joinTeam(q: Queryable, tenancy: Tenancy, teamId: string, userId: string): Promise<void> {
  await insertTeamMember(q, tenancy, teamId, userId);
  await grantDefaultPermissions(q, tenancy, "teamMember", userId, teamId);
}

export function personalTeamName(displayName: string | null, email: string | null): string {
  const owner = displayName ?? email?.split("@")[0];
  return owner ? `${owner}'s Team` : "Personal Team";
}
