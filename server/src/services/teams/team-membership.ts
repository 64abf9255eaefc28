import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { insertTeam, insertTeamMember, listTeams, updateTeamRow, type TeamChanges } from "../../db/queries/teams";
import type { Team } from "./team";
import { updateUserProfile } from "../../db/queries/users";
import { grantDefaultPermissions } from "../permissions/defaults";
import type { Tenancy } from "../tenancy";
import { recordMembershipEvent, recordTeamEvent } from "../webhooks/events";

/**
 * Creates a team (team.created); with a creator, they become its first member with the
 * creator's default permissions (team_membership.created) and it becomes their selected team.
 */
export async function insertNewTeam(
  q: Queryable,
  tenancy: Tenancy,
  creatorUserId: string | null,
  team: Required<Pick<TeamChanges, "displayName">> & Omit<TeamChanges, "displayName">,
): Promise<Team> {
  const { displayName, ...rest } = team;
  const inserted = await insertTeam(q, tenancy, { id: newId(), displayName });
  const created = Object.values(rest).some((value) => value !== undefined) ? (await updateTeamRow(q, tenancy, inserted.id, rest))! : inserted;
  await recordTeamEvent(q, tenancy, "team.created", created);
  if (creatorUserId !== null) {
    await insertTeamMember(q, tenancy, created.id, creatorUserId);
    await grantDefaultPermissions(q, tenancy, "teamCreator", creatorUserId, created.id);
    await updateUserProfile(q, tenancy, creatorUserId, { selectedTeamId: created.id });
    await recordMembershipEvent(q, tenancy, "team_membership.created", { teamId: created.id, userId: creatorUserId });
  }
  return created;
}

/** Creates a team with the user as its first member and makes it their selected team. */
export const createTeamForCreator = (q: Queryable, tenancy: Tenancy, creatorUserId: string, team: { displayName: string }) =>
  insertNewTeam(q, tenancy, creatorUserId, team);

/**
 * Makes the user a member of the team with the project's default member permissions; answers
 * false, changing nothing, when they already are one (also when a concurrent request just made them one).
 */
export async function joinTeam(q: Queryable, tenancy: Tenancy, teamId: string, userId: string): Promise<boolean> {
  if (!(await insertTeamMember(q, tenancy, teamId, userId))) return false;
  await grantDefaultPermissions(q, tenancy, "teamMember", userId, teamId);
  await recordMembershipEvent(q, tenancy, "team_membership.created", { teamId, userId });
  return true;
}

/** What a personal team is called until its owner is known (anonymous users). */
export const UNNAMED_PERSONAL_TEAM = "Personal Team";

/** A personal team's name: the owner's display name, else their e-mail address (as Stack Auth names it). */
export function personalTeamName(displayName: string | null, email: string | null): string {
  const owner = displayName || email;
  return owner ? `${owner}'s Team` : UNNAMED_PERSONAL_TEAM;
}

/**
 * Gives the user's personal team a name once they have one (an anonymous user upgraded): every
 * team of theirs still called UNNAMED_PERSONAL_TEAM. A team renamed meanwhile keeps its name.
 * Returns how many teams the user belongs to, renamed or not.
 */
export async function namePersonalTeams(q: Queryable, tenancy: Tenancy, userId: string, name: string): Promise<number> {
  const teams = await listTeams(q, tenancy, userId);
  for (const team of teams) {
    if (team.displayName !== UNNAMED_PERSONAL_TEAM) continue;
    const renamed = await updateTeamRow(q, tenancy, team.id, { displayName: name });
    if (renamed) await recordTeamEvent(q, tenancy, "team.updated", renamed);
  }
  return teams.length;
}
