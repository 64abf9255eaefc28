import type { Team } from "../../domain/teams";
import type { Queryable } from "../db";
import { jsonParam, METADATA_COLUMNS, setClauses, toMillis, toProfile, type ChangeColumns } from "./rows";
import type { Tenant } from "./tenant";

export interface TeamRow {
  id: string;
  display_name: string;
  profile_image_url: string | null;
  client_metadata: unknown;
  client_read_only_metadata: unknown;
  server_metadata: unknown;
  created_at: Date;
}

export const TEAM_COLUMNS = "t.id, t.display_name, t.profile_image_url, t.client_metadata, t.client_read_only_metadata, t.server_metadata, t.created_at";

export function toTeam(row: TeamRow): Team {
  return {
    id: row.id,
    ...toProfile(row),
    createdAtMillis: toMillis(row.created_at),
  };
}

export async function insertTeam(
  q: Queryable,
  tenant: Tenant,
  team: {
    id: string;
    displayName: string;
    profileImageUrl?: string | null;
    clientMetadata?: unknown;
    clientReadOnlyMetadata?: unknown;
    serverMetadata?: unknown;
  },
): Promise<Team> {
  const rows = await q.query<TeamRow>(
    `INSERT INTO teams AS t (project_id, branch_id, id, display_name, profile_image_url, client_metadata, client_read_only_metadata, server_metadata)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7::jsonb, $8::jsonb) RETURNING ${TEAM_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      team.id,
      team.displayName,
      team.profileImageUrl ?? null,
      jsonParam(team.clientMetadata),
      jsonParam(team.clientReadOnlyMetadata),
      jsonParam(team.serverMetadata),
    ],
  );
  return toTeam(rows[0]!);
}

/**
 * Adds the membership; answers false when the user was already a member. A concurrent insert
 * of the same membership waits for the other to commit and then answers false, instead of
 * failing on the primary key.
 */
export async function insertTeamMember(q: Queryable, tenant: Tenant, teamId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "INSERT INTO team_members (project_id, branch_id, team_id, user_id) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1",
    [tenant.projectId, tenant.branchId, teamId, userId],
  );
  return rows.length > 0;
}

export async function isTeamMember(q: Queryable, tenant: Tenant, teamId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM team_members WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND user_id = $4",
    [tenant.projectId, tenant.branchId, teamId, userId],
  );
  return rows.length > 0;
}

export async function findTeam(q: Queryable, tenant: Tenant, teamId: string): Promise<Team | null> {
  const rows = await q.query<TeamRow>(`SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.project_id = $1 AND t.branch_id = $2 AND t.id = $3`, [
    tenant.projectId,
    tenant.branchId,
    teamId,
  ]);
  return rows[0] ? toTeam(rows[0]) : null;
}

/** The tenant's teams, oldest first; only those `userId` belongs to when given. */
export async function listTeams(q: Queryable, tenant: Tenant, userId?: string): Promise<Team[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  let sql = `SELECT ${TEAM_COLUMNS} FROM teams t WHERE t.project_id = $1 AND t.branch_id = $2`;
  if (userId !== undefined) {
    params.push(userId);
    sql += ` AND EXISTS (SELECT 1 FROM team_members m WHERE m.project_id = t.project_id AND m.branch_id = t.branch_id AND m.team_id = t.id AND m.user_id = $3)`;
  }
  const rows = await q.query<TeamRow>(`${sql} ORDER BY t.created_at, t.id`, params);
  return rows.map(toTeam);
}

export interface TeamChanges {
  displayName?: string;
  profileImageUrl?: string | null;
  clientMetadata?: unknown;
  clientReadOnlyMetadata?: unknown;
  serverMetadata?: unknown;
}

const TEAM_CHANGE_COLUMNS: ChangeColumns<TeamChanges> = METADATA_COLUMNS;

/** Applies the given changes (undefined keeps a field) and returns the team, or null when it does not exist. */
export async function updateTeamRow(q: Queryable, tenant: Tenant, teamId: string, changes: TeamChanges): Promise<Team | null> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, teamId];
  const assignments = setClauses(changes, TEAM_CHANGE_COLUMNS, params);
  if (assignments.length === 0) return findTeam(q, tenant, teamId);
  const rows = await q.query<TeamRow>(
    `UPDATE teams AS t SET ${assignments.join(", ")} WHERE t.project_id = $1 AND t.branch_id = $2 AND t.id = $3 RETURNING ${TEAM_COLUMNS}`,
    params,
  );
  return rows[0] ? toTeam(rows[0]) : null;
}

/** Clears `selected_team_id` of the given users (all users when `userId` is omitted) that point at the team. */
export async function clearSelectedTeam(q: Queryable, tenant: Tenant, teamId: string, userId?: string): Promise<void> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, teamId];
  let sql = "UPDATE users SET selected_team_id = NULL WHERE project_id = $1 AND branch_id = $2 AND selected_team_id = $3";
  if (userId !== undefined) {
    params.push(userId);
    sql += " AND id = $4";
  }
  await q.query(sql, params);
}

/** Deletes the team; its memberships go with it (foreign keys cascade). */
export async function deleteTeamRow(q: Queryable, tenant: Tenant, teamId: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM teams WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING id", [
    tenant.projectId,
    tenant.branchId,
    teamId,
  ]);
  return rows.length > 0;
}

export async function deleteTeamMember(q: Queryable, tenant: Tenant, teamId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "DELETE FROM team_members WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND user_id = $4 RETURNING user_id",
    [tenant.projectId, tenant.branchId, teamId, userId],
  );
  return rows.length > 0;
}

export interface TeamMemberProfileRecord {
  teamId: string;
  userId: string;
  /** The member's own team name, else the user's display name. */
  displayName: string | null;
  profileImageUrl: string | null;
}

interface MemberProfileRow {
  team_id: string;
  user_id: string;
  display_name: string | null;
  profile_image_url: string | null;
}

/** Member profiles of a team, optionally narrowed to one user; oldest membership first. */
export async function listTeamMemberProfiles(
  q: Queryable,
  tenant: Tenant,
  filter: { teamId?: string; userId?: string },
): Promise<TeamMemberProfileRecord[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  let sql = `SELECT m.team_id, m.user_id, COALESCE(m.display_name, u.display_name) AS display_name,
      COALESCE(m.profile_image_url, u.profile_image_url) AS profile_image_url
    FROM team_members m JOIN users u ON u.project_id = m.project_id AND u.branch_id = m.branch_id AND u.id = m.user_id
    WHERE m.project_id = $1 AND m.branch_id = $2`;
  if (filter.teamId !== undefined) {
    params.push(filter.teamId);
    sql += ` AND m.team_id = $${params.length}`;
  }
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    sql += ` AND m.user_id = $${params.length}`;
  }
  const rows = await q.query<MemberProfileRow>(`${sql} ORDER BY m.created_at, m.user_id`, params);
  return rows.map((r) => ({ teamId: r.team_id, userId: r.user_id, displayName: r.display_name, profileImageUrl: r.profile_image_url }));
}

export async function updateTeamMemberProfile(
  q: Queryable,
  tenant: Tenant,
  teamId: string,
  userId: string,
  changes: { displayName?: string; profileImageUrl?: string | null },
): Promise<void> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, teamId, userId];
  const assignments: string[] = [];
  if (changes.displayName !== undefined) {
    params.push(changes.displayName);
    assignments.push(`display_name = $${params.length}::text`);
  }
  if (changes.profileImageUrl !== undefined) {
    params.push(changes.profileImageUrl);
    assignments.push(`profile_image_url = $${params.length}::text`);
  }
  if (assignments.length === 0) return;
  await q.query(
    `UPDATE team_members SET ${assignments.join(", ")} WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND user_id = $4`,
    params,
  );
}

/**
 * Renames the user's teams still called `from` (a personal team made while they were
 * anonymous) to `to`; answers how many there were.
 */
export async function renameUsersTeamsNamed(q: Queryable, tenant: Tenant, userId: string, from: string, to: string): Promise<number> {
  const rows = await q.query(
    `UPDATE teams t SET display_name = $5
     WHERE t.project_id = $1 AND t.branch_id = $2 AND t.display_name = $4
       AND EXISTS (SELECT 1 FROM team_members m WHERE m.project_id = t.project_id AND m.branch_id = t.branch_id AND m.team_id = t.id AND m.user_id = $3)
     RETURNING t.id`,
    [tenant.projectId, tenant.branchId, userId, from, to],
  );
  return rows.length;
}

export async function isInAnyTeam(q: Queryable, tenant: Tenant, userId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM team_members WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 LIMIT 1", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows.length > 0;
}
