/** Granting, revoking and listing team and project permissions of users. */
import { recordAuditEvent } from "../audit-log/record";
import { deleteGrant, insertGrant, listGrants } from "../../db/queries/permission-grants";
import type { PermissionScope } from "./scope";
import { isTeamMember } from "../../db/queries/teams";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { getUser } from "../users/server-users";
import { expansionOf } from "./check";
import { requireDefinition } from "./definitions";
import { recordPermissionEvent } from "../webhooks/events";

export interface GrantedPermission {
  id: string;
  userId: string;
  teamId: string | null;
}

async function requireMembership(deps: ServiceDeps, tenancy: Tenancy, teamId: string, userId: string): Promise<void> {
  if (!(await isTeamMember(deps.db, tenancy, teamId, userId))) {
    throw new KnownError("TEAM_MEMBERSHIP_NOT_FOUND", { team_id: teamId, user_id: userId });
  }
}

export async function grantPermission(
  deps: ServiceDeps,
  tenancy: Tenancy,
  scope: PermissionScope,
  grant: { teamId: string | null; userId: string; permissionId: string },
): Promise<GrantedPermission> {
  if (scope === "team") await requireMembership(deps, tenancy, grant.teamId!, grant.userId);
  else await getUser(deps, tenancy, grant.userId);
  requireDefinition(tenancy.config, scope, grant.permissionId);
  await deps.db.transaction(async (tx) => {
    if (await insertGrant(tx, tenancy, scope, grant)) {
      await recordPermissionEvent(tx, tenancy, scope, "created", grant);
      await recordAuditEvent(deps, tx, { tenancy, action: "permission.granted", target: { type: "user", id: grant.userId }, teamId: grant.teamId, details: { scope, permission_id: grant.permissionId } });
    }
  });
  return { id: grant.permissionId, userId: grant.userId, teamId: grant.teamId };
}

export async function revokePermission(
  deps: ServiceDeps,
  tenancy: Tenancy,
  scope: PermissionScope,
  grant: { teamId: string | null; userId: string; permissionId: string },
): Promise<void> {
  if (scope === "team") await requireMembership(deps, tenancy, grant.teamId!, grant.userId);
  else await getUser(deps, tenancy, grant.userId);
  requireDefinition(tenancy.config, scope, grant.permissionId);
  await deps.db.transaction(async (tx) => {
    if (!(await deleteGrant(tx, tenancy, scope, grant))) {
      throw new KnownError("PERMISSION_NOT_FOUND", { permission_id: grant.permissionId });
    }
    await recordPermissionEvent(tx, tenancy, scope, "deleted", grant);
    await recordAuditEvent(deps, tx, { tenancy, action: "permission.revoked", target: { type: "user", id: grant.userId }, teamId: grant.teamId, details: { scope, permission_id: grant.permissionId } });
  });
}

/**
 * The permissions users hold: direct grants, and with `recursive` everything they contain.
 * Grants of ids that are no longer defined are left out.
 */
export async function listPermissions(
  deps: ServiceDeps,
  tenancy: Tenancy,
  scope: PermissionScope,
  filter: { teamId?: string; userId?: string; permissionId?: string; recursive: boolean },
): Promise<GrantedPermission[]> {
  const expansion = expansionOf(tenancy.config, scope);
  const seen = new Set<string>();
  const result: GrantedPermission[] = [];
  for (const grant of await listGrants(deps.db, tenancy, scope, filter)) {
    const granted = expansion.get(grant.permissionId);
    if (!granted) continue;
    for (const id of filter.recursive ? granted : [grant.permissionId]) {
      if (filter.permissionId !== undefined && id !== filter.permissionId) continue;
      const key = `${grant.teamId ?? ""}\u0000${grant.userId}\u0000${id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      result.push({ id, userId: grant.userId, teamId: grant.teamId });
    }
  }
  return result;
}
