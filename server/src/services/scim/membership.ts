/**
 * What a directory's users hold in its team: membership while active, and the team permissions
 * their groups map to. Each function runs inside the caller's transaction; a caller that ended
 * sessions tells the revoked-sessions cache after the commit (`deps.revokedSessions.catchUp()`),
 * and every process learns it from the database's notification (services/cache-sync.ts).
 */
import type { Queryable } from "../../db/db";
import { deleteUserSessions } from "../../db/queries/credentials";
import { deleteGrant, insertGrant } from "../../db/queries/permission-grants";
import { forgetDirectoryGrant, listDirectoryGrants, mappedPermissionsOf, recordDirectoryGrant } from "../../db/queries/scim";
import { clearSelectedTeam, deleteTeamMember, isTeamMember } from "../../db/queries/teams";
import type { ScimDirectory } from "../../domain/scim";
import { definitionsOf } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import { joinTeam } from "../teams/team-membership";
import { recordMembershipEvent, recordPermissionEvent } from "../webhooks/events";

/** Active: a member of the directory's team (with the team's member defaults), holding what their groups map to. */
export async function provisionMembership(tx: Queryable, tenancy: Tenancy, directory: ScimDirectory, userId: string): Promise<void> {
  await joinTeam(tx, tenancy, directory.teamId, userId);
  await syncGroupPermissions(tx, tenancy, directory, userId);
}

/**
 * Deprovisioned: out of the team (its permissions, agent credentials and grants go with the
 * membership) and signed out of every session at once.
 */
export async function deprovisionMembership(tx: Queryable, tenancy: Tenancy, directory: ScimDirectory, userId: string): Promise<void> {
  if (await deleteTeamMember(tx, tenancy, directory.teamId, userId)) {
    await clearSelectedTeam(tx, tenancy, directory.teamId, userId);
    await recordMembershipEvent(tx, tenancy, "team_membership.deleted", { teamId: directory.teamId, userId });
  }
  await deleteUserSessions(tx, tenancy, userId);
}

/**
 * Grants the team permissions the user's groups map to and takes back those the directory
 * granted that no group maps to any more. A permission the user held already (the team's
 * defaults, an admin's grant) is never recorded as the directory's, so never taken back by it;
 * ids no longer defined as team permissions are skipped.
 */
export async function syncGroupPermissions(tx: Queryable, tenancy: Tenancy, directory: ScimDirectory, userId: string): Promise<void> {
  if (!(await isTeamMember(tx, tenancy, directory.teamId, userId))) return;
  const defined = definitionsOf(tenancy.config, "team");
  const wanted = new Set([...(await mappedPermissionsOf(tx, tenancy, directory.id, userId))].filter((id) => defined.has(id)));
  const granted = await listDirectoryGrants(tx, tenancy, directory.id, userId);
  const grant = { teamId: directory.teamId, userId };
  for (const permissionId of wanted) {
    if (granted.has(permissionId)) continue;
    if (await insertGrant(tx, tenancy, "team", { ...grant, permissionId })) {
      await recordDirectoryGrant(tx, tenancy, directory.id, directory.teamId, userId, permissionId);
      await recordPermissionEvent(tx, tenancy, "team", "created", { ...grant, permissionId });
    }
  }
  for (const permissionId of granted) {
    if (wanted.has(permissionId)) continue;
    await forgetDirectoryGrant(tx, tenancy, directory.id, userId, permissionId);
    if (await deleteGrant(tx, tenancy, "team", { ...grant, permissionId })) {
      await recordPermissionEvent(tx, tenancy, "team", "deleted", { ...grant, permissionId });
    }
  }
}
