import type { Queryable } from "../db";
import { jsonParam, toMillis } from "./rows";
import type { Tenant } from "./tenant";

export interface TeamRecord {
  id: string;
  displayName: string;
  profileImageUrl: string | null;
  clientMetadata: unknown;
  clientReadOnlyMetadata: unknown;
  serverMetadata: unknown;
  createdAtMillis: number;
}

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

export function toTeam(row: TeamRow): TeamRecord {
  return {
    id: row.id,
    displayName: row.display_name,
    profileImageUrl: row.profile_image_url,
    clientMetadata: row.client_metadata,
    clientReadOnlyMetadata: row.client_read_only_metadata,
    serverMetadata: row.server_metadata,
    createdAtMillis: toMillis(row.created_at),
  };
}

export async function insertTeam(
  q: Queryable,
  tenant: Tenant,
  team: { id: string; displayName: string; profileImageUrl?: string | null; clientMetadata?: unknown },
): Promise<TeamRecord> {
  const rows = await q.query<TeamRow>(
    `INSERT INTO teams AS t (project_id, branch_id, id, display_name, profile_image_url, client_metadata)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb) RETURNING ${TEAM_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      team.id,
      team.displayName,
      team.profileImageUrl ?? null,
      jsonParam(team.clientMetadata),
    ],
  );
  return toTeam(rows[0]!);
}

export async function insertTeamMember(q: Queryable, tenant: Tenant, teamId: string, userId: string): Promise<void> {
  await q.query("INSERT INTO team_members (project_id, branch_id, team_id, user_id) VALUES ($1, $2, $3, $4)", [
    tenant.projectId,
    tenant.branchId,
    teamId,
    userId,
  ]);
}

export async function isTeamMember(q: Queryable, tenant: Tenant, teamId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM team_members WHERE project_id = $1 AND branch_id = $2 AND team_id = $3 AND user_id = $4",
    [tenant.projectId, tenant.branchId, teamId, userId],
  );
  return rows.length > 0;
}
