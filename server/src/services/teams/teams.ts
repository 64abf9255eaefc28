import {
  clearSelectedTeam,
  deleteTeamMember,
  deleteTeamRow,
  findTeam,
  isTeamMember,
  listTeamMemberProfiles,
  listTeams,
  updateTeamMemberProfile,
  updateTeamRow,
  type TeamChanges,
  type TeamMemberProfileRecord,
} from "../../db/queries/teams";
import { recordAuditEvent } from "../audit-log/record";
import { findUser, findUsersByIds } from "../../db/queries/users";
import type { User } from "../../domain/users";
import type { Team } from "../../domain/teams";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { insertNewTeam, joinTeam } from "./team-membership";
import { recordMembershipEvent, recordTeamEvent, recordWebhookEvent } from "../webhooks/events";

export async function getTeam(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<Team> {
  const team = await findTeam(deps.db, tenancy, teamId);
  if (!team) throw new KnownError("TEAM_NOT_FOUND", { team_id: teamId });
  return team;
}

async function requireUserExists(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<User> {
  const user = await findUser(deps.db, tenancy, userId);
  if (!user) throw new KnownError("USER_NOT_FOUND");
  return user;
}

/** The team, provided it exists and the user is one of its members. */
export async function getTeamAsMember(deps: ServiceDeps, tenancy: Tenancy, teamId: string, userId: string): Promise<Team> {
  const team = await getTeam(deps, tenancy, teamId);
  if (!(await isTeamMember(deps.db, tenancy, teamId, userId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
  }
  return team;
}

export async function listTeamsOf(deps: ServiceDeps, tenancy: Tenancy, userId?: string): Promise<Team[]> {
  const teams = await listTeams(deps.db, tenancy, userId);
  // A user with teams exists; only an empty list needs the second look to tell "none" from "no such user".
  if (userId !== undefined && teams.length === 0) await requireUserExists(deps, tenancy, userId);
  return teams;
}

/** Creates a team; with a creator, they become its first member (their selected team stays as it was). */
export async function createTeam(
  deps: ServiceDeps,
  tenancy: Tenancy,
  creatorUserId: string | null,
  team: Required<Pick<TeamChanges, "displayName">> & Omit<TeamChanges, "displayName">,
): Promise<Team> {
  return deps.db.transaction(async (tx) => {
    if (creatorUserId !== null && !(await findUser(tx, tenancy, creatorUserId))) throw new KnownError("USER_NOT_FOUND");
    const created = await insertNewTeam(tx, tenancy, creatorUserId, team);
    await recordAuditEvent(deps, tx, { tenancy, action: "team.created", target: { type: "team", id: created.id }, teamId: created.id, details: { creator_user_id: creatorUserId } });
    return created;
  });
}

export async function updateTeam(deps: ServiceDeps, tenancy: Tenancy, teamId: string, changes: TeamChanges): Promise<Team> {
  return deps.db.transaction(async (tx) => {
    const team = await updateTeamRow(tx, tenancy, teamId, changes);
    if (!team) throw new KnownError("TEAM_NOT_FOUND", { team_id: teamId });
    await recordTeamEvent(tx, tenancy, "team.updated", team);
    await recordAuditEvent(deps, tx, { tenancy, action: "team.updated", target: { type: "team", id: teamId }, teamId, details: { fields: Object.keys(changes).filter((key) => changes[key as keyof TeamChanges] !== undefined).sort() } });
    return team;
  });
}

/** Deletes the team with its memberships, their permission grants, its invitations and its API keys (foreign keys), and unselects it for every user, in one transaction. */
export async function deleteTeam(deps: ServiceDeps, tenancy: Tenancy, teamId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await clearSelectedTeam(tx, tenancy, teamId);
    if (!(await deleteTeamRow(tx, tenancy, teamId))) throw new KnownError("TEAM_NOT_FOUND", { team_id: teamId });
    await recordWebhookEvent(tx, tenancy, "team.deleted", () => ({ id: teamId }));
    await recordAuditEvent(deps, tx, { tenancy, action: "team.deleted", target: { type: "team", id: teamId }, teamId });
  });
}

export async function addTeamMember(deps: ServiceDeps, tenancy: Tenancy, teamId: string, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await findTeam(tx, tenancy, teamId))) throw new KnownError("TEAM_NOT_FOUND", { team_id: teamId });
    if (!(await findUser(tx, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
    if (!(await joinTeam(tx, tenancy, teamId, userId))) throw new KnownError("TEAM_MEMBERSHIP_ALREADY_EXISTS");
    await recordAuditEvent(deps, tx, { tenancy, action: "team.member.added", target: { type: "user", id: userId }, teamId });
  });
}

/** Removes the membership and unselects the team for that user. */
export async function removeTeamMember(deps: ServiceDeps, tenancy: Tenancy, teamId: string, userId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    if (!(await findTeam(tx, tenancy, teamId))) throw new KnownError("TEAM_NOT_FOUND", { team_id: teamId });
    if (!(await deleteTeamMember(tx, tenancy, teamId, userId))) {
      throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
    }
    await clearSelectedTeam(tx, tenancy, teamId, userId);
    await recordMembershipEvent(tx, tenancy, "team_membership.deleted", { teamId, userId });
    await recordAuditEvent(deps, tx, { tenancy, action: "team.member.removed", target: { type: "user", id: userId }, teamId });
  });
}

export interface MemberProfile extends TeamMemberProfileRecord {
  user: User;
}

export async function listMemberProfiles(
  deps: ServiceDeps,
  tenancy: Tenancy,
  filter: { teamId?: string; userId?: string },
): Promise<MemberProfile[]> {
  if (filter.teamId !== undefined) await getTeam(deps, tenancy, filter.teamId);
  const profiles = await listTeamMemberProfiles(deps.db, tenancy, filter);
  const users = new Map((await findUsersByIds(deps.db, tenancy, [...new Set(profiles.map((p) => p.userId))])).map((u) => [u.id, u]));
  return profiles.flatMap((p) => {
    const user = users.get(p.userId);
    return user ? [{ ...p, user }] : [];
  });
}

export async function getMemberProfile(deps: ServiceDeps, tenancy: Tenancy, teamId: string, userId: string): Promise<MemberProfile> {
  const [profile] = await listMemberProfiles(deps, tenancy, { teamId, userId });
  if (!profile) throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
  return profile;
}

export async function updateMemberProfile(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  userId: string,
  changes: { displayName?: string; profileImageUrl?: string | null },
): Promise<MemberProfile> {
  await getMemberProfile(deps, tenancy, teamId, userId);
  await updateTeamMemberProfile(deps.db, tenancy, teamId, userId, changes);
  return getMemberProfile(deps, tenancy, teamId, userId);
}
