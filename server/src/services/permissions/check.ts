/**
 * Permission definitions as the rendered configuration holds them, and their expansion
 * through containment. The expansion is computed once per rendered configuration object (a
 * tenancy's config is replaced, never mutated, when the project changes), so a check is a
 * database lookup of direct grants plus set membership, never a walk of the database.
 */
import { listGrants } from "../../db/queries/permission-grants";
import type { PermissionScope } from "./scope";
import type { ProjectConfig } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export const TEAM_SYSTEM_PERMISSIONS = [
  "$update_team",
  "$delete_team",
  "$read_members",
  "$remove_members",
  "$invite_members",
  "$manage_api_keys",
] as const;

export const SYSTEM_PERMISSION_DESCRIPTIONS: Record<string, string> = {
  $update_team: "Update the team information",
  $delete_team: "Delete the team",
  $read_members: "Read and list the other members of the team",
  $remove_members: "Remove other members from the team",
  $invite_members: "Invite other users to the team",
  $manage_api_keys: "Create and manage API keys for the team",
};

export const isSystemPermission = (id: string) => (TEAM_SYSTEM_PERMISSIONS as readonly string[]).includes(id);

export interface PermissionDefinition {
  id: string;
  description: string | undefined;
  containedPermissionIds: string[];
  scope: PermissionScope;
}

/**
 * The definitions of one scope, in id order ("$" system ids first), each with its contained
 * ids in id order, as Stack Auth lists them; team definitions always include the system permissions.
 */
export function definitionsOf(config: ProjectConfig, scope: PermissionScope): ReadonlyMap<string, PermissionDefinition> {
  let cached = definitionCache.get(config);
  if (!cached) {
    cached = { team: collectDefinitions(config, "team"), project: collectDefinitions(config, "project") };
    definitionCache.set(config, cached);
  }
  return cached[scope];
}

// A rendered config is replaced, never changed, so its definitions are read once per config object.
const definitionCache = new WeakMap<ProjectConfig, Record<PermissionScope, ReadonlyMap<string, PermissionDefinition>>>();

function collectDefinitions(config: ProjectConfig, scope: PermissionScope): ReadonlyMap<string, PermissionDefinition> {
  const found: PermissionDefinition[] = [];
  if (scope === "team") {
    for (const id of TEAM_SYSTEM_PERMISSIONS) {
      found.push({ id, description: SYSTEM_PERMISSION_DESCRIPTIONS[id], containedPermissionIds: [], scope: "team" });
    }
  }
  for (const [id, definition] of Object.entries(config.rbac.permissions)) {
    if (!definition || (definition.scope ?? "team") !== scope || isSystemPermission(id)) continue;
    found.push({
      id,
      description: definition.description,
      containedPermissionIds: Object.entries(definition.containedPermissionIds ?? {})
        .filter(([, on]) => on)
        .map(([child]) => child)
        .sort(),
      scope,
    });
  }
  return new Map(found.sort((a, b) => (a.id < b.id ? -1 : 1)).map((definition) => [definition.id, definition]));
}

/** The scope a permission id is defined in, if any. */
export function scopeOf(config: ProjectConfig, id: string): PermissionScope | null {
  if (isSystemPermission(id)) return "team";
  // Own keys only: ids such as `constructor` are valid and must not find Object.prototype's.
  const definition = Object.hasOwn(config.rbac.permissions, id) ? config.rbac.permissions[id] : undefined;
  if (!definition) return null;
  return definition.scope ?? "team";
}

/** For each defined id, every id it grants (itself included), following containment. */
export type Expansion = Map<string, ReadonlySet<string>>;

function expand(definitions: ReadonlyMap<string, PermissionDefinition>): Expansion {
  const done: Expansion = new Map();
  const visit = (id: string, path: Set<string>): ReadonlySet<string> => {
    const known = done.get(id);
    if (known) return known;
    const result = new Set<string>([id]);
    path.add(id);
    for (const child of definitions.get(id)?.containedPermissionIds ?? []) {
      // Unknown children and cycles are refused on write; a hand-edited config is tolerated.
      if (!definitions.has(child) || path.has(child)) continue;
      for (const granted of visit(child, path)) result.add(granted);
    }
    path.delete(id);
    done.set(id, result);
    return result;
  };
  for (const id of definitions.keys()) visit(id, new Set());
  return done;
}

const expansions = new WeakMap<ProjectConfig, Record<PermissionScope, Expansion>>();

/** The expansion of a scope's definitions for this rendered configuration (cached per config object). */
export function expansionOf(config: ProjectConfig, scope: PermissionScope): Expansion {
  let cached = expansions.get(config);
  if (!cached) {
    cached = { team: expand(definitionsOf(config, "team")), project: expand(definitionsOf(config, "project")) };
    expansions.set(config, cached);
  }
  return cached[scope];
}

/** The ids granted by a set of direct grants; grants of ids no longer defined grant nothing. */
export function expandIds(config: ProjectConfig, scope: PermissionScope, direct: Iterable<string>): Set<string> {
  const expansion = expansionOf(config, scope);
  const result = new Set<string>();
  for (const id of direct) for (const granted of expansion.get(id) ?? []) result.add(granted);
  return result;
}

/** Whether the user holds `permissionId` in the team, directly or through containment. */
export async function hasTeamPermission(
  deps: Pick<ServiceDeps, "db">,
  tenancy: Tenancy,
  teamId: string,
  userId: string,
  permissionId: string,
): Promise<boolean> {
  const grants = await listGrants(deps.db, tenancy, "team", { teamId, userId });
  return expandIds(tenancy.config, "team", grants.map((g) => g.permissionId)).has(permissionId);
}

/** Whether the user holds the project permission, directly or through containment. */
export async function hasProjectPermission(
  deps: Pick<ServiceDeps, "db">,
  tenancy: Tenancy,
  userId: string,
  permissionId: string,
): Promise<boolean> {
  const grants = await listGrants(deps.db, tenancy, "project", { userId });
  return expandIds(tenancy.config, "project", grants.map((g) => g.permissionId)).has(permissionId);
}
