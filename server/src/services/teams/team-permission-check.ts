import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { hasTeamPermission } from "../permissions/check";
import type { Tenancy } from "../projects/tenancy";
import { getTeamAsMember } from "./teams";

/** Throws TEAM_PERMISSION_REQUIRED unless the user holds the permission in the team. */
export async function requireTeamPermission(
  deps: Pick<ServiceDeps, "db">,
  tenancy: Tenancy,
  teamId: string,
  userId: string,
  permissionId: string,
): Promise<void> {
  if (!(await hasTeamPermission(deps, tenancy, teamId, userId, permissionId))) {
    throw new KnownError("TEAM_PERMISSION_REQUIRED", { team_id: teamId, user_id: userId, permission_id: permissionId });
  }
}

/** A client's team operations: the user must be a member of the team and hold every named permission. */
export async function requireMemberWithPermissions(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  userId: string,
  permissionIds: readonly string[],
): Promise<void> {
  await getTeamAsMember(deps, tenancy, teamId, userId);
  for (const permissionId of permissionIds) await requireTeamPermission(deps, tenancy, teamId, userId, permissionId);
}
