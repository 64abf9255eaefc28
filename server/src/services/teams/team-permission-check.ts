import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";

/**
 * Whether the user holds the team permission. The single place team routes ask.
 * TODO: delegate to services/permissions once that area is committed; until then no client
 * holds a team permission, so client updates, deletions and member listings are refused.
 */
export async function hasTeamPermission(
  _deps: Pick<ServiceDeps, "db">,
  _tenancy: Tenancy,
  _teamId: string,
  _userId: string,
  _permissionId: string,
): Promise<boolean> {
  return false;
}

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
