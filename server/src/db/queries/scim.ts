/**
 * SCIM directories, and the users and groups each one provisions (migration 0105). Every query
 * names the tenant and the directory: a directory's token can reach nothing outside them.
 */
import { isUuid } from "../../crypto/random";
import type { ScimDirectory, ScimFilter, ScimGroupFilterAttribute, ScimGroupRecord, ScimUserFilterAttribute, ScimUserRecord } from "../../domain/scim";
import type { Queryable } from "../db";
import { jsonParam, toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

interface DirectoryRow {
  project_id: string;
  branch_id: string;
  id: string;
  team_id: string;
  display_name: string;
  token_hash: string | null;
  token_hint: string | null;
  token_created_at: Date | string | null;
  last_used_at: Date | string | null;
  created_at: Date | string;
}

const DIRECTORY_COLUMNS = "project_id, branch_id, id, team_id, display_name, token_hash, token_hint, token_created_at, last_used_at, created_at";

const toDirectory = (row: DirectoryRow): ScimDirectory => ({
  id: row.id,
  projectId: row.project_id,
  branchId: row.branch_id,
  teamId: row.team_id,
  displayName: row.display_name,
  hasToken: row.token_hash !== null,
  tokenHint: row.token_hint,
  tokenCreatedAtMillis: toMillisOrNull(row.token_created_at),
  lastUsedAtMillis: toMillisOrNull(row.last_used_at),
  createdAtMillis: toMillis(row.created_at),
});

export async function insertScimDirectory(
  q: Queryable,
  tenant: Tenant,
  directory: { id: string; teamId: string; displayName: string; tokenHash: string; tokenHint: string },
): Promise<ScimDirectory> {
  const rows = await q.query<DirectoryRow>(
    `INSERT INTO scim_directories (project_id, branch_id, id, team_id, display_name, token_hash, token_hint, token_created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, now()) RETURNING ${DIRECTORY_COLUMNS}`,
    [tenant.projectId, tenant.branchId, directory.id, directory.teamId, directory.displayName, directory.tokenHash, directory.tokenHint],
  );
  return toDirectory(rows[0]!);
}

export async function listScimDirectories(q: Queryable, tenant: Tenant, teamId?: string): Promise<ScimDirectory[]> {
  const rows = await q.query<DirectoryRow>(
    `SELECT ${DIRECTORY_COLUMNS} FROM scim_directories WHERE project_id = $1 AND branch_id = $2 AND ($3::uuid IS NULL OR team_id = $3::uuid)
     ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, teamId ?? null],
  );
  return rows.map(toDirectory);
}

export async function findScimDirectory(q: Queryable, tenant: Tenant, id: string): Promise<ScimDirectory | null> {
  const rows = await q.query<DirectoryRow>(
    `SELECT ${DIRECTORY_COLUMNS} FROM scim_directories WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [tenant.projectId, tenant.branchId, id],
  );
  return rows[0] ? toDirectory(rows[0]) : null;
}

/** The directory whose token has this digest, with the digest as stored (for a constant-time comparison). */
export async function findScimDirectoryByTokenHash(q: Queryable, tokenHash: string): Promise<{ directory: ScimDirectory; tokenHash: string } | null> {
  const rows = await q.query<DirectoryRow>(`SELECT ${DIRECTORY_COLUMNS} FROM scim_directories WHERE token_hash = $1`, [tokenHash]);
  const row = rows[0];
  return row?.token_hash ? { directory: toDirectory(row), tokenHash: row.token_hash } : null;
}

/** A new token (or none, revoking it); false when there is no such directory. */
export async function setScimDirectoryToken(q: Queryable, tenant: Tenant, id: string, token: { hash: string; hint: string } | null): Promise<boolean> {
  const rows = await q.query(
    `UPDATE scim_directories SET token_hash = $4, token_hint = $5, token_created_at = CASE WHEN $4::text IS NULL THEN NULL ELSE now() END
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING 1`,
    [tenant.projectId, tenant.branchId, id, token?.hash ?? null, token?.hint ?? null],
  );
  return rows.length > 0;
}

export async function deleteScimDirectory(q: Queryable, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM scim_directories WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING 1", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows.length > 0;
}

/** Notes a use of the token, at most once a minute, so that busy directories do not write on every request. */
export async function touchScimDirectory(q: Queryable, tenant: Tenant, id: string): Promise<void> {
  await q.query(
    `UPDATE scim_directories SET last_used_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')`,
    [tenant.projectId, tenant.branchId, id],
  );
}

interface UserRow {
  directory_id: string;
  user_id: string;
  user_name: string;
  external_id: string | null;
  display_name: string | null;
  email: string | null;
  active: boolean;
  created_user: boolean;
  attributes: Record<string, unknown>;
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const USER_COLUMNS = "directory_id, user_id, user_name, external_id, display_name, email, active, created_user, attributes, version, created_at, updated_at";

const toScimUser = (row: UserRow): ScimUserRecord => ({
  directoryId: row.directory_id,
  userId: row.user_id,
  userName: row.user_name,
  externalId: row.external_id,
  displayName: row.display_name,
  email: row.email,
  active: row.active,
  createdUser: row.created_user,
  attributes: row.attributes,
  version: row.version,
  createdAtMillis: toMillis(row.created_at),
  updatedAtMillis: toMillis(row.updated_at),
});

export type ScimUserFields = Pick<ScimUserRecord, "userName" | "externalId" | "displayName" | "email" | "active" | "attributes">;

export async function insertScimUser(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  userId: string,
  fields: ScimUserFields & { createdUser: boolean },
): Promise<ScimUserRecord> {
  const rows = await q.query<UserRow>(
    `INSERT INTO scim_users (project_id, branch_id, directory_id, user_id, user_name, external_id, display_name, email, active, created_user, attributes)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::jsonb) RETURNING ${USER_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      directoryId,
      userId,
      fields.userName,
      fields.externalId,
      fields.displayName,
      fields.email,
      fields.active,
      fields.createdUser,
      jsonParam(fields.attributes),
    ],
  );
  return toScimUser(rows[0]!);
}

/** With `lock`, the row is locked for the rest of the transaction (a change reads, decides and writes). */
export async function findScimUser(q: Queryable, tenant: Tenant, directoryId: string, userId: string, lock = false): Promise<ScimUserRecord | null> {
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM scim_users WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = $4${lock ? " FOR UPDATE" : ""}`,
    [tenant.projectId, tenant.branchId, directoryId, userId],
  );
  return rows[0] ? toScimUser(rows[0]) : null;
}

/**
 * Locks the links of these users against deletion and change (FOR KEY SHARE: two group changes
 * naming one user still run side by side), in id order. A group change takes it before it touches
 * any membership: a DELETE of the user holds the link FOR UPDATE and then removes the user's
 * memberships and grants, so a group change that removed one of those memberships first and then
 * reached the grants would wait for the DELETE while the DELETE waits for it.
 */
export async function lockScimUsers(q: Queryable, tenant: Tenant, directoryId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    `SELECT 1 FROM scim_users WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = ANY($4::uuid[])
     ORDER BY user_id FOR KEY SHARE`,
    [tenant.projectId, tenant.branchId, directoryId, [...userIds].sort()],
  );
}

export async function updateScimUser(q: Queryable, tenant: Tenant, directoryId: string, userId: string, fields: ScimUserFields): Promise<ScimUserRecord | null> {
  const rows = await q.query<UserRow>(
    `UPDATE scim_users SET user_name = $5, external_id = $6, display_name = $7, email = $8, active = $9, attributes = $10::jsonb,
       version = version + 1, updated_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = $4 RETURNING ${USER_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      directoryId,
      userId,
      fields.userName,
      fields.externalId,
      fields.displayName,
      fields.email,
      fields.active,
      jsonParam(fields.attributes),
    ],
  );
  return rows[0] ? toScimUser(rows[0]) : null;
}

export async function deleteScimUser(q: Queryable, tenant: Tenant, directoryId: string, userId: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM scim_users WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = $4 RETURNING 1", [
    tenant.projectId,
    tenant.branchId,
    directoryId,
    userId,
  ]);
  return rows.length > 0;
}

/** Whether the user is a member of a team other than `teamId`, or linked to another directory. */
export async function userBelongsElsewhere(q: Queryable, tenant: Tenant, userId: string, teamId: string, directoryId: string): Promise<boolean> {
  const rows = await q.query(
    `SELECT 1 FROM team_members WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND team_id <> $4
     UNION ALL
     SELECT 1 FROM scim_users WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND directory_id <> $5
     LIMIT 1`,
    [tenant.projectId, tenant.branchId, userId, teamId, directoryId],
  );
  return rows.length > 0;
}

/**
 * A parsed filter as SQL over one table's columns: each comparison appends its value to `params`.
 * A `uuid` column is compared as a uuid by eq, so that its index serves the lookup (an id that is
 * no UUID matches nothing); other operators compare its text.
 */
type ColumnOf<Attribute extends string> = (attribute: Attribute) => { sql: string; caseExact: boolean; boolean?: true; uuid?: true } | { emails: true };

const likePattern = (value: string, op: "co" | "sw" | "ew") => {
  const escaped = value.replace(/[\\%_]/g, (c) => `\\${c}`);
  return op === "co" ? `%${escaped}%` : op === "sw" ? `${escaped}%` : `%${escaped}`;
};

function filterSql<Attribute extends string>(filter: ScimFilter<Attribute>, columnOf: ColumnOf<Attribute>, params: unknown[]): string {
  if (filter.op === "and" || filter.op === "or") {
    return `(${filter.filters.map((f) => filterSql(f, columnOf, params)).join(` ${filter.op.toUpperCase()} `)})`;
  }
  if (filter.op === "not") return `(NOT COALESCE(${filterSql(filter.filter, columnOf, params)}, false))`;
  const column = columnOf(filter.attribute);
  const value = filter.op === "pr" ? undefined : filter.value;
  if ("emails" in column) {
    // Every address the directory sent is kept in attributes.emails; a type narrows to that kind.
    let where = "true";
    if (filter.emailType !== undefined) {
      params.push(filter.emailType.toLowerCase());
      where += ` AND lower(e->>'type') = $${params.length}`;
    }
    if (filter.op !== "pr") {
      const compared = comparison("lower(e->>'value')", filter.op, typeof value === "string" ? value.toLowerCase() : value, params);
      where += ` AND ${compared}`;
    } else {
      where += " AND e->>'value' IS NOT NULL";
    }
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(attributes->'emails') = 'array' THEN attributes->'emails' ELSE '[]'::jsonb END) e WHERE ${where})`;
  }
  if (filter.op === "pr") return `(${column.sql} IS NOT NULL)`;
  if (column.uuid && filter.op === "eq" && typeof value === "string") {
    if (!isUuid(value)) return "false";
    params.push(value.toLowerCase());
    return `(${column.sql} = $${params.length}::uuid)`;
  }
  if (column.boolean) {
    if (typeof value !== "boolean" || (filter.op !== "eq" && filter.op !== "ne")) return "false";
    params.push(value);
    return `(${column.sql} ${filter.op === "eq" ? "=" : "<>"} $${params.length})`;
  }
  const sql = column.uuid ? `${column.sql}::text` : column.sql;
  const text = column.caseExact ? sql : `lower(${sql})`;
  const compared = typeof value === "string" && !column.caseExact ? value.toLowerCase() : value;
  return comparison(text, filter.op, compared, params);
}

function comparison(sql: string, op: "eq" | "ne" | "co" | "sw" | "ew", value: string | boolean | null | undefined, params: unknown[]): string {
  if (value === null || value === undefined) return op === "eq" ? `(${sql} IS NULL)` : op === "ne" ? `(${sql} IS NOT NULL)` : "false";
  if (typeof value !== "string") return "false";
  params.push(op === "eq" || op === "ne" ? value : likePattern(value, op));
  const n = params.length;
  if (op === "eq") return `(${sql} = $${n})`;
  if (op === "ne") return `(${sql} IS DISTINCT FROM $${n})`;
  return `(${sql} LIKE $${n} ESCAPE '\\')`;
}

const userColumn: ColumnOf<ScimUserFilterAttribute> = (attribute) => {
  switch (attribute) {
    case "id":
      return { sql: "user_id", caseExact: false, uuid: true };
    case "userName":
      return { sql: "user_name", caseExact: false };
    case "externalId":
      return { sql: "external_id", caseExact: true };
    case "displayName":
      return { sql: "display_name", caseExact: false };
    case "active":
      return { sql: "active", caseExact: true, boolean: true };
    case "emails.value":
      return { emails: true };
  }
};

const groupColumn: ColumnOf<ScimGroupFilterAttribute> = (attribute) => {
  switch (attribute) {
    case "id":
      return { sql: "g.id", caseExact: false, uuid: true };
    case "displayName":
      return { sql: "g.display_name", caseExact: false };
    case "externalId":
      return { sql: "g.external_id", caseExact: true };
    case "members.value":
      // A membership test, not a column: groupFilterSql answers it before reaching here.
      return { sql: "NULL", caseExact: true };
  }
};

export interface ScimPage<T> {
  total: number;
  items: T[];
}

/** A page of the directory's users matching `filter`, oldest first; `offset` counts from 0. */
export async function listScimUsers(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  filter: ScimFilter<ScimUserFilterAttribute> | null,
  page: { offset: number; limit: number },
): Promise<ScimPage<ScimUserRecord>> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, directoryId];
  // No COALESCE around the filter: WHERE drops a row whose condition is NULL as it drops a false
  // one, and a bare comparison lets the planner use the index over its column (userName eq).
  const where = `project_id = $1 AND branch_id = $2 AND directory_id = $3${filter ? ` AND ${filterSql(filter, userColumn, params)}` : ""}`;
  const [count] = await q.query<{ total: number | string }>(`SELECT count(*) AS total FROM scim_users WHERE ${where}`, params);
  const total = Number(count!.total);
  if (page.limit === 0 || page.offset >= total) return { total, items: [] };
  params.push(page.limit, page.offset);
  const rows = await q.query<UserRow>(
    `SELECT ${USER_COLUMNS} FROM scim_users WHERE ${where} ORDER BY created_at, user_id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { total, items: rows.map(toScimUser) };
}

interface GroupRow {
  directory_id: string;
  id: string;
  display_name: string;
  external_id: string | null;
  permission_ids: string[];
  version: number;
  created_at: Date | string;
  updated_at: Date | string;
}

const GROUP_COLUMNS = "g.directory_id, g.id, g.display_name, g.external_id, g.permission_ids, g.version, g.created_at, g.updated_at";

const toScimGroup = (row: GroupRow): ScimGroupRecord => ({
  directoryId: row.directory_id,
  id: row.id,
  displayName: row.display_name,
  externalId: row.external_id,
  permissionIds: row.permission_ids,
  version: row.version,
  createdAtMillis: toMillis(row.created_at),
  updatedAtMillis: toMillis(row.updated_at),
});

export async function insertScimGroup(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  group: { id: string; displayName: string; externalId: string | null },
): Promise<ScimGroupRecord> {
  const rows = await q.query<GroupRow>(
    `INSERT INTO scim_groups AS g (project_id, branch_id, directory_id, id, display_name, external_id) VALUES ($1, $2, $3, $4, $5, $6)
     RETURNING ${GROUP_COLUMNS}`,
    [tenant.projectId, tenant.branchId, directoryId, group.id, group.displayName, group.externalId],
  );
  return toScimGroup(rows[0]!);
}

export async function findScimGroup(q: Queryable, tenant: Tenant, directoryId: string, groupId: string, lock = false): Promise<ScimGroupRecord | null> {
  const rows = await q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM scim_groups g WHERE g.project_id = $1 AND g.branch_id = $2 AND g.directory_id = $3 AND g.id = $4${lock ? " FOR UPDATE" : ""}`,
    [tenant.projectId, tenant.branchId, directoryId, groupId],
  );
  return rows[0] ? toScimGroup(rows[0]) : null;
}

export async function updateScimGroup(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  groupId: string,
  changes: { displayName?: string; externalId?: string | null; permissionIds?: string[] },
): Promise<ScimGroupRecord | null> {
  const rows = await q.query<GroupRow>(
    `UPDATE scim_groups AS g SET
       display_name = COALESCE($5, g.display_name),
       external_id = CASE WHEN $6::boolean THEN $7 ELSE g.external_id END,
       permission_ids = COALESCE($8::jsonb, g.permission_ids),
       version = g.version + 1, updated_at = now()
     WHERE g.project_id = $1 AND g.branch_id = $2 AND g.directory_id = $3 AND g.id = $4 RETURNING ${GROUP_COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      directoryId,
      groupId,
      changes.displayName ?? null,
      changes.externalId !== undefined,
      changes.externalId ?? null,
      changes.permissionIds === undefined ? null : jsonParam(changes.permissionIds),
    ],
  );
  return rows[0] ? toScimGroup(rows[0]) : null;
}

export async function deleteScimGroup(q: Queryable, tenant: Tenant, directoryId: string, groupId: string): Promise<boolean> {
  const rows = await q.query("DELETE FROM scim_groups WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND id = $4 RETURNING 1", [
    tenant.projectId,
    tenant.branchId,
    directoryId,
    groupId,
  ]);
  return rows.length > 0;
}

/** A page of the directory's groups matching `filter`, oldest first; `offset` counts from 0. */
export async function listScimGroups(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  filter: ScimFilter<ScimGroupFilterAttribute> | null,
  page: { offset: number; limit: number },
): Promise<ScimPage<ScimGroupRecord>> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, directoryId];
  const where = `g.project_id = $1 AND g.branch_id = $2 AND g.directory_id = $3${filter ? ` AND ${groupFilterSql(filter, params)}` : ""}`;
  const [count] = await q.query<{ total: number | string }>(`SELECT count(*) AS total FROM scim_groups g WHERE ${where}`, params);
  const total = Number(count!.total);
  if (page.limit === 0 || page.offset >= total) return { total, items: [] };
  params.push(page.limit, page.offset);
  const rows = await q.query<GroupRow>(
    `SELECT ${GROUP_COLUMNS} FROM scim_groups g WHERE ${where} ORDER BY g.created_at, g.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
    params,
  );
  return { total, items: rows.map(toScimGroup) };
}

/** Groups filter: members.value is a membership test rather than a column. */
function groupFilterSql(filter: ScimFilter<ScimGroupFilterAttribute>, params: unknown[]): string {
  if (filter.op === "and" || filter.op === "or") return `(${filter.filters.map((f) => groupFilterSql(f, params)).join(` ${filter.op.toUpperCase()} `)})`;
  if (filter.op === "not") return `(NOT COALESCE(${groupFilterSql(filter.filter, params)}, false))`;
  if (filter.attribute !== "members.value") return filterSql(filter, (a) => groupColumn(a), params);
  const members = "FROM scim_group_members m WHERE m.project_id = g.project_id AND m.branch_id = g.branch_id AND m.directory_id = g.directory_id AND m.group_id = g.id";
  if (filter.op === "pr") return `EXISTS (SELECT 1 ${members})`;
  if (filter.op !== "eq" || typeof filter.value !== "string" || !isUuid(filter.value)) return "false";
  params.push(filter.value.toLowerCase());
  return `EXISTS (SELECT 1 ${members} AND m.user_id = $${params.length}::uuid)`;
}

/** The group's members (user ids), in a stable order. */
export async function listScimGroupMembers(q: Queryable, tenant: Tenant, directoryId: string, groupIds: readonly string[]): Promise<Map<string, string[]>> {
  const members = new Map<string, string[]>(groupIds.map((id) => [id, []]));
  if (groupIds.length === 0) return members;
  const rows = await q.query<{ group_id: string; user_id: string }>(
    `SELECT group_id, user_id FROM scim_group_members
     WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND group_id = ANY($4::uuid[]) ORDER BY group_id, user_id`,
    [tenant.projectId, tenant.branchId, directoryId, groupIds],
  );
  for (const row of rows) members.get(row.group_id)?.push(row.user_id);
  return members;
}

/** The groups each user is in (id and name), for the users' `groups` attribute. */
export async function listGroupsOfScimUsers(
  q: Queryable,
  tenant: Tenant,
  directoryId: string,
  userIds: readonly string[],
): Promise<Map<string, Array<{ id: string; displayName: string }>>> {
  const groups = new Map<string, Array<{ id: string; displayName: string }>>(userIds.map((id) => [id, []]));
  if (userIds.length === 0) return groups;
  const rows = await q.query<{ user_id: string; id: string; display_name: string }>(
    `SELECT m.user_id, g.id, g.display_name FROM scim_group_members m
     JOIN scim_groups g ON g.project_id = m.project_id AND g.branch_id = m.branch_id AND g.directory_id = m.directory_id AND g.id = m.group_id
     WHERE m.project_id = $1 AND m.branch_id = $2 AND m.directory_id = $3 AND m.user_id = ANY($4::uuid[]) ORDER BY g.display_name, g.id`,
    [tenant.projectId, tenant.branchId, directoryId, userIds],
  );
  for (const row of rows) groups.get(row.user_id)?.push({ id: row.id, displayName: row.display_name });
  return groups;
}

/** Of `userIds`, those that are users of the directory. */
export async function existingScimUserIds(q: Queryable, tenant: Tenant, directoryId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await q.query<{ user_id: string }>(
    "SELECT user_id FROM scim_users WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = ANY($4::uuid[])",
    [tenant.projectId, tenant.branchId, directoryId, userIds],
  );
  return new Set(rows.map((row) => row.user_id));
}

export async function addScimGroupMembers(q: Queryable, tenant: Tenant, directoryId: string, groupId: string, userIds: readonly string[]): Promise<void> {
  if (userIds.length === 0) return;
  await q.query(
    `INSERT INTO scim_group_members (project_id, branch_id, directory_id, group_id, user_id)
     SELECT $1, $2, $3, $4, u FROM unnest($5::uuid[]) AS u ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, directoryId, groupId, userIds],
  );
}

/** Removes the given members, or every member when `userIds` is null. */
export async function removeScimGroupMembers(q: Queryable, tenant: Tenant, directoryId: string, groupId: string, userIds: readonly string[] | null): Promise<void> {
  await q.query(
    `DELETE FROM scim_group_members WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND group_id = $4
     AND ($5::uuid[] IS NULL OR user_id = ANY($5::uuid[]))`,
    [tenant.projectId, tenant.branchId, directoryId, groupId, userIds],
  );
}

/** The team permissions the user's groups in the directory map to. */
export async function mappedPermissionsOf(q: Queryable, tenant: Tenant, directoryId: string, userId: string): Promise<Set<string>> {
  const rows = await q.query<{ permission_ids: string[] }>(
    `SELECT g.permission_ids FROM scim_group_members m
     JOIN scim_groups g ON g.project_id = m.project_id AND g.branch_id = m.branch_id AND g.directory_id = m.directory_id AND g.id = m.group_id
     WHERE m.project_id = $1 AND m.branch_id = $2 AND m.directory_id = $3 AND m.user_id = $4`,
    [tenant.projectId, tenant.branchId, directoryId, userId],
  );
  return new Set(rows.flatMap((row) => row.permission_ids));
}

/** The grants this directory made to the user (migration 0105, scim_permission_grants). */
export async function listDirectoryGrants(q: Queryable, tenant: Tenant, directoryId: string, userId: string): Promise<Set<string>> {
  const rows = await q.query<{ permission_id: string }>(
    "SELECT permission_id FROM scim_permission_grants WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = $4",
    [tenant.projectId, tenant.branchId, directoryId, userId],
  );
  return new Set(rows.map((row) => row.permission_id));
}

export async function recordDirectoryGrant(q: Queryable, tenant: Tenant, directoryId: string, teamId: string, userId: string, permissionId: string): Promise<void> {
  await q.query(
    `INSERT INTO scim_permission_grants (project_id, branch_id, directory_id, team_id, user_id, permission_id)
     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, directoryId, teamId, userId, permissionId],
  );
}

export async function forgetDirectoryGrant(q: Queryable, tenant: Tenant, directoryId: string, userId: string, permissionId: string): Promise<void> {
  await q.query(
    "DELETE FROM scim_permission_grants WHERE project_id = $1 AND branch_id = $2 AND directory_id = $3 AND user_id = $4 AND permission_id = $5",
    [tenant.projectId, tenant.branchId, directoryId, userId, permissionId],
  );
}

/** The users of the directory in a group (active or not), for re-applying a group's mapping. */
export async function scimGroupMemberIds(q: Queryable, tenant: Tenant, directoryId: string, groupId: string): Promise<string[]> {
  return (await listScimGroupMembers(q, tenant, directoryId, [groupId])).get(groupId) ?? [];
}
