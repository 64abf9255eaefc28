/**
 * A directory's groups (RFC 7644 §3 on /Groups). A group's members are users of the same
 * directory; the project's admin maps a group to team permissions (setGroupPermissions), which
 * its active members then hold in the directory's team. An unmapped group is kept with its
 * members only. Membership changes from PATCH are applied as changes (add these, remove those),
 * never by rewriting the whole list, so that a group of thousands costs what the change costs.
 */
import type { Queryable } from "../../db/db";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/errors";
import {
  addScimGroupMembers,
  deleteScimGroup,
  existingScimUserIds,
  findScimDirectory,
  findScimGroup,
  insertScimGroup,
  listScimGroupMembers,
  listScimGroups,
  lockScimUsers,
  removeScimGroupMembers,
  scimGroupMemberIds,
  updateScimGroup,
} from "../../db/queries/scim";
import { isUuid, newId } from "../../crypto/random";
import type { ScimDirectory, ScimGroupRecord } from "../../domain/scim";
import { KnownError } from "../../errors";
import { ScimError } from "../../errors/scim";
import type { ServiceDeps } from "../deps";
import { requireDefinition } from "../permissions/definitions";
import type { Tenancy } from "../projects/tenancy";
import { recordAuditEvent } from "../audit-log/record";
import { scimBaseUrl, scimEvent, type AdminActor, type ScimCaller } from "./directories";
import { parseGroupFilter } from "./filter";
import { SCIM_MAX_MEMBERS_PER_REQUEST } from "./limits";
import { syncGroupPermissions } from "./membership";
import type { Filter } from "scim2-parse-filter";
import { applyPatch, parsePath, readPatchBody, type JsonObject } from "./patch";
import { GROUP_READ_ONLY, GROUP_SCHEMA, groupResource, listResponse, projectAttributes, readGroupResource, readMemberIds } from "./resources";
import { notFound, readPaging, type ListQuery } from "./users";

const nameTaken = (name: string) => new ScimError("UNIQUENESS", `This directory already has a group named ${name}.`);

async function findRecord(q: Queryable, tenancy: Tenancy, directoryId: string, id: string, lock = false): Promise<ScimGroupRecord> {
  const record = isUuid(id) ? await findScimGroup(q, tenancy, directoryId, id.toLowerCase(), lock) : null;
  if (!record) throw notFound("Group", id);
  return record;
}

function checkMemberCount(count: number): void {
  if (count > SCIM_MAX_MEMBERS_PER_REQUEST) {
    throw new ScimError("INVALID_VALUE", `A request adds, removes or sets at most ${SCIM_MAX_MEMBERS_PER_REQUEST} members; send the rest in further requests.`);
  }
}

/** Refuses member ids that are not users of the directory. */
async function requireDirectoryUsers(q: Queryable, caller: ScimCaller, ids: string[]): Promise<void> {
  const known = await existingScimUserIds(q, caller.tenancy, caller.directory.id, ids.filter(isUuid));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0) {
    throw new ScimError("INVALID_VALUE", `Members must be users of this directory; unknown: ${unknown.slice(0, 5).join(", ")}${unknown.length > 5 ? "..." : ""}.`);
  }
}

/** Re-applies the group's mapping to the users whose membership changed (nothing to do for an unmapped group). */
async function resync(tx: Queryable, tenancy: Tenancy, directory: ScimDirectory, mapped: boolean, userIds: Iterable<string>): Promise<void> {
  if (!mapped) return;
  for (const userId of new Set(userIds)) await syncGroupPermissions(tx, tenancy, directory, userId);
}

async function translated<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken(name);
    if (isForeignKeyViolation(error)) throw new ScimError("INVALID_VALUE", "A member was deleted while the request ran; send it again.");
    throw error;
  }
}

async function resourceOf(deps: ServiceDeps, caller: ScimCaller, record: ScimGroupRecord, query: ListQuery = {}): Promise<JsonObject> {
  const withMembers = !excludesMembers(query);
  const members = withMembers ? ((await listScimGroupMembers(deps.db, caller.tenancy, caller.directory.id, [record.id])).get(record.id) ?? []) : null;
  return projectAttributes(groupResource(record, members, scimBaseUrl(deps)), query);
}

const excludesMembers = (query: ListQuery) =>
  (query.excludedAttributes ?? "").split(",").some((a) => a.trim().toLowerCase() === "members") ||
  (query.attributes !== undefined && query.attributes.trim() !== "" && !query.attributes.split(",").some((a) => a.trim().toLowerCase().startsWith("members")));

export async function listScimGroupResources(deps: ServiceDeps, caller: ScimCaller, query: ListQuery): Promise<JsonObject> {
  const filter = query.filter === undefined || query.filter.trim() === "" ? null : parseGroupFilter(query.filter);
  const { startIndex, count } = readPaging(query);
  const page = await listScimGroups(deps.db, caller.tenancy, caller.directory.id, filter, { offset: startIndex - 1, limit: count });
  const members = excludesMembers(query) ? null : await listScimGroupMembers(deps.db, caller.tenancy, caller.directory.id, page.items.map((g) => g.id));
  const base = scimBaseUrl(deps);
  return listResponse(
    page.items.map((group) => projectAttributes(groupResource(group, members ? (members.get(group.id) ?? []) : null, base), query)),
    page.total,
    startIndex,
  );
}

export async function getScimGroupResource(deps: ServiceDeps, caller: ScimCaller, id: string, query: ListQuery = {}): Promise<JsonObject> {
  return resourceOf(deps, caller, await findRecord(deps.db, caller.tenancy, caller.directory.id, id), query);
}

export async function createScimGroup(deps: ServiceDeps, caller: ScimCaller, body: unknown): Promise<JsonObject> {
  const input = readGroupResource(body);
  const members = [...new Set(input.members ?? [])];
  checkMemberCount(members.length);
  const { tenancy, directory } = caller;
  const record = await translated(input.displayName, () =>
    deps.db.transaction(async (tx) => {
      await requireDirectoryUsers(tx, caller, members);
      const group = await insertScimGroup(tx, tenancy, directory.id, { id: newId(), displayName: input.displayName, externalId: input.externalId });
      await addScimGroupMembers(tx, tenancy, directory.id, group.id, members);
      await recordAuditEvent(deps, tx, scimEvent(caller, "scim.group.created", { type: "scim_group", id: group.id }, { display_name: group.displayName, members: members.length }));
      return group;
    }),
  );
  return resourceOf(deps, caller, record);
}

export async function replaceScimGroup(deps: ServiceDeps, caller: ScimCaller, id: string, body: unknown): Promise<JsonObject> {
  const input = readGroupResource(body);
  const members = [...new Set(input.members ?? [])];
  checkMemberCount(members.length);
  const { tenancy, directory } = caller;
  const record = await translated(input.displayName, () =>
    deps.db.transaction(async (tx) => {
      const current = await findRecord(tx, tenancy, directory.id, id, true);
      const before = await scimGroupMemberIds(tx, tenancy, directory.id, current.id);
      await lockScimUsers(tx, tenancy, directory.id, [...before, ...members.filter(isUuid)]);
      await requireDirectoryUsers(tx, caller, members);
      const updated = (await updateScimGroup(tx, tenancy, directory.id, current.id, { displayName: input.displayName, externalId: input.externalId }))!;
      await removeScimGroupMembers(tx, tenancy, directory.id, current.id, null);
      await addScimGroupMembers(tx, tenancy, directory.id, current.id, members);
      await resync(tx, tenancy, directory, current.permissionIds.length > 0, [...before, ...members]);
      await recordAuditEvent(deps, tx, scimEvent(caller, "scim.group.updated", { type: "scim_group", id: current.id }, { display_name: updated.displayName, members: members.length }));
      return updated;
    }),
  );
  return resourceOf(deps, caller, record);
}

type MemberChange = { kind: "add"; ids: string[] } | { kind: "remove"; ids: string[] | null } | { kind: "set"; ids: string[] };

/** The user ids a remove's `members[value eq "…"]` filter names (value eq, joined by or). */
function idsOfMemberFilter(filter: Filter): string[] {
  if (filter.op === "or") return filter.filters.flatMap(idsOfMemberFilter);
  if (filter.op === "eq" && filter.attrPath.toLowerCase() === "value" && typeof filter.compValue === "string") return [filter.compValue.toLowerCase()];
  throw new ScimError("INVALID_PATH", 'A members filter names members by value: members[value eq "<user id>"].');
}

export async function patchScimGroup(deps: ServiceDeps, caller: ScimCaller, id: string, body: unknown): Promise<JsonObject> {
  const operations = readPatchBody(body);
  const { tenancy, directory } = caller;
  const memberChanges: MemberChange[] = [];
  const otherOperations: typeof operations = [];
  for (const operation of operations) {
    const toMembers = (value: unknown, op: typeof operation.op) => {
      if (op === "add") memberChanges.push({ kind: "add", ids: readMemberIds(value) });
      else if (op === "replace") memberChanges.push({ kind: "set", ids: readMemberIds(value ?? []) });
      else memberChanges.push({ kind: "remove", ids: value === undefined || value === null ? null : readMemberIds(value) });
    };
    if (operation.path === null) {
      if (typeof operation.value !== "object" || operation.value === null || Array.isArray(operation.value)) {
        if (operation.op === "remove") throw new ScimError("NO_TARGET", "A remove operation needs a path.");
        throw new ScimError("INVALID_VALUE", `An ${operation.op} without a path takes an object of attributes as its value.`);
      }
      const rest: JsonObject = {};
      for (const [name, value] of Object.entries(operation.value)) {
        if (name.toLowerCase() === "members") toMembers(value, operation.op);
        else rest[name] = value;
      }
      if (Object.keys(rest).length > 0) otherOperations.push({ ...operation, value: rest });
      continue;
    }
    const parsed = parsePath(operation.path, GROUP_SCHEMA);
    if (parsed.attribute.toLowerCase() !== "members") {
      otherOperations.push(operation);
      continue;
    }
    if (parsed.filter !== null) {
      if (operation.op !== "remove") throw new ScimError("INVALID_PATH", "A members path with a filter is for remove; add members with the path members.");
      memberChanges.push({ kind: "remove", ids: idsOfMemberFilter(parsed.filter) });
    } else if (operation.op !== "remove" && operation.value === undefined) {
      throw new ScimError("INVALID_VALUE", `An ${operation.op} of members needs a value.`);
    } else toMembers(operation.value, operation.op);
  }
  checkMemberCount(memberChanges.reduce((sum, change) => sum + (change.ids?.length ?? 0), 0));

  const record = await deps.db.transaction(async (tx) => {
    const current = await findRecord(tx, tenancy, directory.id, id, true);
    const named = memberChanges.flatMap((change) => change.ids ?? []).filter(isUuid);
    const replacing = memberChanges.some((change) => change.ids === null || change.kind === "set");
    await lockScimUsers(tx, tenancy, directory.id, replacing ? [...named, ...(await scimGroupMemberIds(tx, tenancy, directory.id, current.id))] : named);
    const changed = applyPatch({ displayName: current.displayName, ...(current.externalId !== null ? { externalId: current.externalId } : {}) }, otherOperations, GROUP_SCHEMA, GROUP_READ_ONLY);
    const input = readGroupResource(changed);
    return translated(input.displayName, async () => {
      const touched = new Set<string>();
      for (const change of memberChanges) {
        if (change.kind === "add") {
          await requireDirectoryUsers(tx, caller, change.ids);
          await addScimGroupMembers(tx, tenancy, directory.id, current.id, change.ids);
        } else {
          const before = await scimGroupMemberIds(tx, tenancy, directory.id, current.id);
          before.forEach((userId) => touched.add(userId));
          if (change.kind === "set") {
            await requireDirectoryUsers(tx, caller, change.ids);
            await removeScimGroupMembers(tx, tenancy, directory.id, current.id, null);
            await addScimGroupMembers(tx, tenancy, directory.id, current.id, change.ids);
          } else {
            await removeScimGroupMembers(tx, tenancy, directory.id, current.id, change.ids?.filter(isUuid) ?? null);
          }
        }
        change.ids?.forEach((userId) => touched.add(userId));
      }
      const updated =
        input.displayName !== current.displayName || input.externalId !== current.externalId || memberChanges.length > 0
          ? (await updateScimGroup(tx, tenancy, directory.id, current.id, { displayName: input.displayName, externalId: input.externalId }))!
          : current;
      const known = await existingScimUserIds(tx, tenancy, directory.id, [...touched].filter(isUuid));
      await resync(tx, tenancy, directory, current.permissionIds.length > 0, known);
      const memberDetails = Object.fromEntries(
        (["add", "remove", "set"] as const).map((kind) => [`members_${kind === "add" ? "added" : kind === "remove" ? "removed" : "set"}`, memberChanges.filter((c) => c.kind === kind).flatMap((c) => c.ids ?? ["*"])]),
      );
      await recordAuditEvent(deps, tx, scimEvent(caller, "scim.group.updated", { type: "scim_group", id: current.id }, { display_name: updated.displayName, ...memberDetails }));
      return updated;
    });
  });
  return resourceOf(deps, caller, record);
}

export async function deleteScimGroupResource(deps: ServiceDeps, caller: ScimCaller, id: string): Promise<void> {
  const { tenancy, directory } = caller;
  await deps.db.transaction(async (tx) => {
    const current = await findRecord(tx, tenancy, directory.id, id, true);
    const members = await scimGroupMemberIds(tx, tenancy, directory.id, current.id);
    await lockScimUsers(tx, tenancy, directory.id, members);
    await deleteScimGroup(tx, tenancy, directory.id, current.id);
    await resync(tx, tenancy, directory, current.permissionIds.length > 0, members);
    await recordAuditEvent(deps, tx, scimEvent(caller, "scim.group.deleted", { type: "scim_group", id: current.id }, { display_name: current.displayName }));
  });
}

/** For the admin API: the directory's groups with their mapping and member counts. */
export async function listDirectoryGroups(deps: ServiceDeps, tenancy: Tenancy, directoryId: string): Promise<Array<ScimGroupRecord & { memberCount: number }>> {
  if (!(await findScimDirectory(deps.db, tenancy, directoryId))) throw new KnownError("SCIM_DIRECTORY_NOT_FOUND", { directory_id: directoryId });
  const page = await listScimGroups(deps.db, tenancy, directoryId, null, { offset: 0, limit: 1000 });
  const members = await listScimGroupMembers(deps.db, tenancy, directoryId, page.items.map((g) => g.id));
  return page.items.map((group) => ({ ...group, memberCount: members.get(group.id)?.length ?? 0 }));
}

/**
 * Maps the group to team permissions (replacing its mapping) and applies the change to its
 * members at once, in one transaction. Each id must be a team permission of the project.
 */
export async function setGroupPermissions(
  deps: ServiceDeps,
  tenancy: Tenancy,
  actor: AdminActor,
  directoryId: string,
  groupId: string,
  permissionIds: string[],
): Promise<ScimGroupRecord & { memberCount: number }> {
  const ids = [...new Set(permissionIds)];
  for (const id of ids) requireDefinition(tenancy.config, "team", id);
  return deps.db.transaction(async (tx) => {
    const directory = await findScimDirectory(tx, tenancy, directoryId);
    if (!directory) throw new KnownError("SCIM_DIRECTORY_NOT_FOUND", { directory_id: directoryId });
    const group = isUuid(groupId) ? await updateScimGroup(tx, tenancy, directoryId, groupId.toLowerCase(), { permissionIds: ids }) : null;
    if (!group) throw new KnownError("SCIM_GROUP_NOT_FOUND", { group_id: groupId });
    const members = await scimGroupMemberIds(tx, tenancy, directoryId, group.id);
    await lockScimUsers(tx, tenancy, directoryId, members);
    for (const userId of members) await syncGroupPermissions(tx, tenancy, directory, userId);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "scim.group.updated",
      actor: { type: "admin", id: actor.userId },
      target: { type: "scim_group", id: group.id },
      teamId: directory.teamId,
      client: actor.client,
      details: { display_name: group.displayName, permission_ids: ids },
    });
    return { ...group, memberCount: members.length };
  });
}
