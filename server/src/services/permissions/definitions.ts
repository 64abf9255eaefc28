/**
 * Permission definitions: written to the environment-level configuration override under
 * `rbac.permissions.<id>`, read from the rendered configuration. Containment must name
 * definitions of the same scope and must stay acyclic.
 */
import type { Queryable } from "../../db/db";
import { findOverride, lockBranchLevelOverrides, lockOverride, upsertOverride } from "../../db/queries/config-overrides";
import { deleteGrantsOfPermission, renameGrants } from "../../db/queries/permission-grants";
import type { PermissionScope } from "./scope";
import { KnownError } from "../../errors";
import type { PermissionDefinitionConfig, ProjectConfig } from "../project-config/document";
import { expandDottedKeys, isUnstorableKey, overrideWith } from "../project-config/render";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { definitionsOf, expansionOf, isSystemPermission, scopeOf, type PermissionDefinition } from "./check";

export const listDefinitions = (tenancy: Tenancy, scope: PermissionScope): PermissionDefinition[] => [
  ...definitionsOf(tenancy.config, scope).values(),
];

/** The definition, or PERMISSION_NOT_FOUND / WRONG_PERMISSION_SCOPE. */
export function requireDefinition(config: ProjectConfig, scope: PermissionScope, id: string): PermissionDefinition {
  const found = definitionsOf(config, scope).get(id);
  if (found) return found;
  const actual = scopeOf(config, id);
  if (actual && actual !== scope) {
    throw new KnownError("WRONG_PERMISSION_SCOPE", { permission_id: id, expected_scope: scope, actual_scope: actual });
  }
  throw new KnownError("PERMISSION_NOT_FOUND", { permission_id: id });
}

/** Definitions are keys of the configuration document, which cannot store every key. */
function refuseReservedId(id: string): void {
  if (isUnstorableKey(id)) throw new KnownError("SCHEMA_ERROR", { message: `Permission id ${id} is reserved.` });
}

function refuseSystem(id: string): void {
  if (isSystemPermission(id)) throw new KnownError("SCHEMA_ERROR", { message: `System permission ${id} cannot be changed or deleted.` });
}

function checkContained(config: ProjectConfig, scope: PermissionScope, id: string, previousId: string | null, contained: string[]): void {
  const definitions = definitionsOf(config, scope);
  for (const child of contained) {
    if (!definitions.has(child)) throw new KnownError("CONTAINED_PERMISSION_NOT_FOUND", { permission_id: child });
  }
  const expansion = expansionOf(config, scope);
  for (const child of contained) {
    const reached = expansion.get(child) ?? new Set<string>();
    if (child === id || reached.has(id) || (previousId !== null && reached.has(previousId))) {
      throw new KnownError("SCHEMA_ERROR", {
        message: `Permission ${id} cannot contain ${child}: ${child} already contains ${previousId ?? id}, which would make a cycle.`,
      });
    }
  }
}

type Json = Record<string, unknown>;

const toConfig = (def: { description?: string; contained: string[] }, scope: PermissionScope): PermissionDefinitionConfig => ({
  ...(def.description !== undefined ? { description: def.description } : {}),
  scope,
  containedPermissionIds: Object.fromEntries(def.contained.map((child) => [child, true as const])),
});

/**
 * Writes definition changes to the environment override (as Stack Auth writes them), under
 * its row lock, then refreshes the tenancy. Each definition and each default set the edit
 * touches is written whole under its own key (`rbac.permissions.<id>`, null to remove it),
 * so it replaces whatever any level said of it.
 */
async function editRbac(
  deps: ServiceDeps,
  tenancy: Tenancy,
  edit: (rbac: { permissions: Json; defaultPermissions: Json }, tx: Queryable) => Promise<void>,
): Promise<Tenancy> {
  await deps.db.transaction(async (tx) => {
    await lockOverride(tx, tenancy.projectId, "environment", tenancy.branchId);
    const current = await findOverride(tx, tenancy.projectId, "environment", tenancy.branchId);
    const rbac = { permissions: {} as Json, defaultPermissions: {} as Json };
    await edit(rbac, tx);
    const changes: Json = {};
    for (const [id, definition] of Object.entries(rbac.permissions)) changes[`rbac.permissions.${id}`] = definition;
    for (const [set, ids] of Object.entries(rbac.defaultPermissions)) changes[`rbac.defaultPermissions.${set}`] = ids;
    await upsertOverride(tx, tenancy.projectId, "environment", tenancy.branchId, overrideWith(current, changes));
  });
  deps.tenancies.forget(tenancy.projectId);
  return deps.tenancies.load(tenancy.projectId, tenancy.branchId);
}

export async function createDefinition(
  deps: ServiceDeps,
  tenancy: Tenancy,
  scope: PermissionScope,
  input: { id: string; description?: string; containedPermissionIds?: string[] },
): Promise<PermissionDefinition> {
  refuseReservedId(input.id);
  if (scopeOf(tenancy.config, input.id)) throw new KnownError("PERMISSION_ID_ALREADY_EXISTS", { permission_id: input.id });
  const contained = [...new Set(input.containedPermissionIds ?? [])];
  checkContained(tenancy.config, scope, input.id, null, contained);
  const updated = await editRbac(deps, tenancy, async ({ permissions }) => {
    permissions[input.id] = toConfig({ description: input.description, contained }, scope);
  });
  return requireDefinition(updated.config, scope, input.id);
}

export async function updateDefinition(
  deps: ServiceDeps,
  tenancy: Tenancy,
  scope: PermissionScope,
  id: string,
  input: { id?: string; description?: string; containedPermissionIds?: string[] },
): Promise<PermissionDefinition> {
  refuseSystem(id);
  const current = requireDefinition(tenancy.config, scope, id);
  const newId = input.id ?? id;
  refuseReservedId(newId);
  if (newId !== id && scopeOf(tenancy.config, newId)) throw new KnownError("PERMISSION_ID_ALREADY_EXISTS", { permission_id: newId });
  const contained = [...new Set(input.containedPermissionIds ?? current.containedPermissionIds)];
  checkContained(tenancy.config, scope, newId, id, contained);
  const description = input.description ?? current.description;
  const updated = await editRbac(deps, tenancy, async (rbac, tx) => {
    rbac.permissions[newId] = toConfig({ description, contained }, scope);
    if (newId !== id) {
      rbac.permissions[id] = null;
      const inDefaults = isInDefaultSets(tenancy.config, rbac, scope, id);
      replaceReferences(tenancy.config, scope, rbac, id, newId);
      if (inDefaults) await followInBranchLevels(tx, tenancy.projectId, scope, id, newId);
      await renameGrants(tx, tenancy.projectId, scope, id, newId);
    }
  });
  return requireDefinition(updated.config, scope, newId);
}

export async function deleteDefinition(deps: ServiceDeps, tenancy: Tenancy, scope: PermissionScope, id: string): Promise<void> {
  refuseSystem(id);
  requireDefinition(tenancy.config, scope, id);
  await editRbac(deps, tenancy, async (rbac, tx) => {
    rbac.permissions[id] = null;
    const inDefaults = isInDefaultSets(tenancy.config, rbac, scope, id);
    replaceReferences(tenancy.config, scope, rbac, id, null);
    if (inDefaults) await followInBranchLevels(tx, tenancy.projectId, scope, id, null);
    await deleteGrantsOfPermission(tx, tenancy.projectId, scope, id);
  });
}

const DEFAULT_SETS = { team: ["teamCreator", "teamMember"], project: ["signUp"] } as const;

/** Renames (or, with `to` null, removes) an id in other definitions' containment and in the default sets. */
function replaceReferences(
  config: ProjectConfig,
  scope: PermissionScope,
  rbac: { permissions: Json; defaultPermissions: Json },
  from: string,
  to: string | null,
): void {
  const swap = (ids: string[]) => ids.flatMap((child) => (child === from ? (to ? [to] : []) : [child]));
  for (const definition of definitionsOf(config, scope).values()) {
    if (definition.id === from || isSystemPermission(definition.id) || !definition.containedPermissionIds.includes(from)) continue;
    rbac.permissions[definition.id] = toConfig(
      { description: definition.description, contained: swap(definition.containedPermissionIds) },
      scope,
    );
  }
  for (const set of DEFAULT_SETS[scope]) {
    const ids = Object.keys(config.rbac.defaultPermissions[set]);
    if (!ids.includes(from)) continue;
    rbac.defaultPermissions[set] = Object.fromEntries(swap(ids).map((child) => [child, true]));
  }
}

const isJson = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether a default set names the id: as rendered, or at the project level (where a higher
 * level may be hiding it with null, which must then follow a rename). Otherwise no level
 * needs changing, and the other levels are not read.
 */
function isInDefaultSets(config: ProjectConfig, projectLevel: { defaultPermissions: Json }, scope: PermissionScope, id: string): boolean {
  return DEFAULT_SETS[scope].some((set) => {
    const own = projectLevel.defaultPermissions[set];
    return Object.hasOwn(config.rbac.defaultPermissions[set], id) || (isJson(own) && Object.hasOwn(own, id));
  });
}

/**
 * The default sets may also be set at the branch and environment levels (PATCH
 * /internal/projects/current writes them there), where they would outlive a definition
 * deleted or renamed at the project level: the id is renamed (or dropped) there too.
 */
async function followInBranchLevels(tx: Queryable, projectId: string, scope: PermissionScope, from: string, to: string | null): Promise<void> {
  for (const row of await lockBranchLevelOverrides(tx, projectId)) {
    // Read through dotted and nested keys alike; written back as dotted keys, so the rest of
    // the override keeps the form it was stored in.
    const doc = expandDottedKeys(row.override);
    const defaults = isJson(doc.rbac) ? doc.rbac.defaultPermissions : undefined;
    if (!isJson(defaults)) continue;
    const changes: Json = {};
    for (const set of DEFAULT_SETS[scope]) {
      const entries = defaults[set];
      if (!isJson(entries) || !Object.hasOwn(entries, from)) continue;
      const renamed = Object.fromEntries(Object.entries(entries).flatMap(([id, value]) => (id !== from ? [[id, value]] : to !== null ? [[to, value]] : [])));
      changes[`rbac.defaultPermissions.${set}`] = renamed;
    }
    if (Object.keys(changes).length > 0) await upsertOverride(tx, projectId, row.level, row.branchId, overrideWith(row.override, changes));
  }
}
