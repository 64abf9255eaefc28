import type { ConfigOverride } from "../project-config/document";
import { TEAM_SYSTEM_PERMISSIONS } from "./check";

const allOf = (ids: readonly string[]): Record<string, true> => Object.fromEntries(ids.map((id) => [id, true as const]));

/**
 * The permission definitions a new project starts with, under the ids Stack Auth seeds: a
 * team's creator holds `team_admin` (every system permission) and every later member holds
 * `team_member` (see and invite the others). Apps built on the SDK expect a user who creates a team to be
 * able to manage it; admins may edit or delete both like any definition.
 */
export const STARTER_RBAC_OVERRIDE: ConfigOverride = {
  "rbac.permissions.team_member": {
    description: "Given to every member who joins a team: read and invite its members",
    scope: "team",
    containedPermissionIds: allOf(["$read_members", "$invite_members"]),
  },
  "rbac.permissions.team_admin": {
    description: "Given to whoever creates a team: every team system permission",
    scope: "team",
    containedPermissionIds: allOf(TEAM_SYSTEM_PERMISSIONS),
  },
  "rbac.defaultPermissions.teamCreator": { team_admin: true },
  "rbac.defaultPermissions.teamMember": { team_member: true },
};
