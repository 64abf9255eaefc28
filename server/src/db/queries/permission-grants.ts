import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export type PermissionScope = "team" | "project";

export interface PermissionGrant {
  teamId: string | null;
  userId: string;
  permissionId: string;
}

interface GrantRow {
  team_id: string | null;
  user_id: string;
  permission_id: string;
}

const toGrant = (row: GrantRow): PermissionGrant => ({ teamId: row.team_id, userId: row.user_id, permissionId: row.permission_id });

/** Inserts a grant; granting one that already exists changes nothing. */
/** Adds a grant; answers whether it is new (granting one the user holds changes nothing). */
export async function insertGrant(q: Queryable, tenant: Tenant, scope: PermissionScope, grant: PermissionGrant): Promise<boolean> {
  const rows = await q.query(
    `INSERT INTO permission_grants (project_id, branch_id, scope, team_id, user_id, permission_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING RETURNING 1`,
    [tenant.projectId, tenant.branchId, scope, grant.teamId, grant.userId, grant.permissionId],
  );
  return rows.length > 0;
}

/** Deletes a grant; answers whether one existed. */
export async function deleteGrant(q: Queryable, tenant: Tenant, scope: PermissionScope, grant: PermissionGrant): Promise<boolean> {
  const rows = await q.query(
    `DELETE FROM permission_grants
     WHERE project_id = $1 AND branch_id = $2 AND scope = $3 AND team_id IS NOT DISTINCT FROM $4 AND user_id = $5 AND permission_id = $6
     RETURNING 1`,
    [tenant.projectId, tenant.branchId, scope, grant.teamId, grant.userId, grant.permissionId],
  );
  return rows.length > 0;
}

/** Direct grants of one scope, optionally narrowed to a team and/or a user. */
export async function listGrants(
  q: Queryable,
  tenant: Tenant,
  scope: PermissionScope,
  filter: { teamId?: string; userId?: string },
): Promise<PermissionGrant[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, scope];
  let where = "project_id = $1 AND branch_id = $2 AND scope = $3";
  if (filter.teamId !== undefined) {
    params.push(filter.teamId);
    where += ` AND team_id = $${params.length}`;
  }
  if (filter.userId !== undefined) {
    params.push(filter.userId);
    where += ` AND user_id = $${params.length}`;
  }
  const rows = await q.query<GrantRow>(
    `SELECT team_id, user_id, permission_id FROM permission_grants WHERE ${where} ORDER BY created_at, permission_id`,
    params,
  );
  return rows.map(toGrant);
}

/** Removes every grant of a definition, on every branch of the project. */
export async function deleteGrantsOfPermission(q: Queryable, projectId: string, scope: PermissionScope, permissionId: string): Promise<void> {
  await q.query("DELETE FROM permission_grants WHERE project_id = $1 AND scope = $2 AND permission_id = $3", [projectId, scope, permissionId]);
}

/** Follows a definition's rename on every branch of the project. */
export async function renameGrants(q: Queryable, projectId: string, scope: PermissionScope, from: string, to: string): Promise<void> {
  await q.query("UPDATE permission_grants SET permission_id = $4 WHERE project_id = $1 AND scope = $2 AND permission_id = $3", [
    projectId,
    scope,
    from,
    to,
  ]);
}
