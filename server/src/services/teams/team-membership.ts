import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { insertTeam, insertTeamMember, isInAnyTeam, renameUsersTeamsNamed, updateTeamRow, type TeamChanges } from "../../db/queries/teams";
import type { Team } from "./team";
import { updateUserProfile } from "../../db/queries/users";
import { grantDefaultPermissions } from "../permissions/defaults";
import type { Tenancy } from "../projects/tenancy";
import { recordMembershipEvent, recordPermissionEvent, recordTeamEvent } from "../webhooks/events";

/**
 * Creates a team (team.created); with a creator, they become its first member with the
 * creator's default permissions (team_membership.created), and with `selectForCreator` it
 * becomes their selected team. POST /teams leaves the selection alone, as Stack Auth does
 * (its SDKs select a team they create with a second request); a personal team made at
 * sign-up is selected.
 */
export async function insertNewTeam(
  q: Queryable,
  tenancy: Tenancy,
  creatorUserId: string | null,
  team: Required<Pick<TeamChanges, "displayName">> & Omit<TeamChanges, "displayName">,
  selectForCreator = false,
): Promise<Team> {
  const { displayName, ...rest } = team;
  const inserted = await insertTeam(q, tenancy, { id: newId(), displayName });
  const created = Object.values(rest).some((value) => value !== undefined) ? (await updateTeamRow(q, tenancy, inserted.id, rest))! : inserted;
  await recordTeamEvent(q, tenancy, "team.created", created);
  if (creatorUserId !== null) {
    await insertTeamMember(q, tenancy, created.id, creatorUserId);
    await grantDefaultPermissions(q, tenancy, "teamCreator", creatorUserId, created.id);
    if (selectForCreator) await updateUserProfile(q, tenancy, creatorUserId, { selectedTeamId: created.id });
    await recordMembershipEvent(q, tenancy, "team_membership.created", { teamId: created.id, userId: creatorUserId });
  }
  return created;
}

/** Creates a user's personal team with them as its first member, and makes it their selected team. */
export const createTeamForCreator = (q: Queryable, tenancy: Tenancy, creatorUserId: string, team: { displayName: string }) =>
  insertNewTeam(q, tenancy, creatorUserId, team, true);

/**
 * Makes the user a member of the team with the project's default member permissions (a
 * team_permission.created each, as Stack Auth sends them; a creator's are not announced, as in
 * Stack); answers false, changing nothing, when they already are one (also when a concurrent
 * request just made them one).
 */
export async function joinTeam(q: Queryable, tenancy: Tenancy, teamId: string, userId: string): Promise<boolean> {
  if (!(await insertTeamMember(q, tenancy, teamId, userId))) return false;
  for (const permissionId of await grantDefaultPermissions(q, tenancy, "teamMember", userId, teamId)) {
    await recordPermissionEvent(q, tenancy, "team", "created", { teamId, userId, permissionId });
  }
  await recordMembershipEvent(q, tenancy, "team_membership.created", { teamId, userId });
  return true;
}

const UNNAMED_PERSONAL_TEAM = "Personal Team";

/** "<display name>'s Team", else "<e-mail>'s Team" (the whole address, as Stack Auth names it), else "Personal Team". */
export function personalTeamName(displayName: string | null, email: string | null): string {
  const owner = displayName || email;
  return owner ? `${owner}'s Team` : UNNAMED_PERSONAL_TEAM;
}

/**
 * An anonymous user who becomes a regular one: the personal team made at their anonymous
 * sign-up (still unnamed) takes their name, as in Stack Auth. A user from before anonymous
 * users had personal teams gets one now, when the project makes them.
 */
export async function namePersonalTeamAfterUpgrade(
  q: Queryable,
  tenancy: Tenancy,
  userId: string,
  owner: { displayName: string | null; email: string | null },
): Promise<void> {
  const name = personalTeamName(owner.displayName, owner.email);
  if ((await renameUsersTeamsNamed(q, tenancy, userId, UNNAMED_PERSONAL_TEAM, name)) > 0) return;
  if (tenancy.config.teams.createPersonalTeamOnSignUp && !(await isInAnyTeam(q, tenancy, userId))) {
    await createTeamForCreator(q, tenancy, userId, { displayName: name });
  }
}
