import type { Queryable } from "../db";
import { toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

export type ApiKeyOwner = { type: "user"; userId: string } | { type: "team"; teamId: string };

/** A user- or team-owned API key as stored: the secret itself is never kept, only its digest. */
export interface ApiKeyRecord {
  id: string;
  owner: ApiKeyOwner;
  description: string;
  isPublic: boolean;
  secretHash: string;
  lastFour: string;
  expiresAtMillis: number | null;
  manuallyRevokedAtMillis: number | null;
  createdAtMillis: number;
}

interface ApiKeyRow {
  id: string;
  user_id: string | null;
  team_id: string | null;
  description: string;
  is_public: boolean;
  secret_hash: string;
  last_four: string;
  expires_at: Date | null;
  manually_revoked_at: Date | null;
  created_at: Date;
}

const COLUMNS = "id, user_id, team_id, description, is_public, secret_hash, last_four, expires_at, manually_revoked_at, created_at";

function toRecord(row: ApiKeyRow): ApiKeyRecord {
  return {
    id: row.id,
    owner: row.user_id !== null ? { type: "user", userId: row.user_id } : { type: "team", teamId: row.team_id! },
    description: row.description,
    isPublic: row.is_public,
    secretHash: row.secret_hash,
    lastFour: row.last_four,
    expiresAtMillis: toMillisOrNull(row.expires_at),
    manuallyRevokedAtMillis: toMillisOrNull(row.manually_revoked_at),
    createdAtMillis: toMillis(row.created_at),
  };
}

export async function insertApiKey(
  q: Queryable,
  tenant: Tenant,
  input: { id: string; owner: ApiKeyOwner; description: string; isPublic: boolean; secretHash: string; lastFour: string; expiresAt: Date | null },
): Promise<ApiKeyRecord> {
  const rows = await q.query<ApiKeyRow>(
    `INSERT INTO api_keys (project_id, branch_id, id, user_id, team_id, description, is_public, secret_hash, last_four, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      input.id,
      input.owner.type === "user" ? input.owner.userId : null,
      input.owner.type === "team" ? input.owner.teamId : null,
      input.description,
      input.isPublic,
      input.secretHash,
      input.lastFour,
      input.expiresAt,
    ],
  );
  return toRecord(rows[0]!);
}

export async function findApiKey(q: Queryable, tenant: Tenant, id: string): Promise<ApiKeyRecord | null> {
  const rows = await q.query<ApiKeyRow>(`SELECT ${COLUMNS} FROM api_keys WHERE project_id = $1 AND branch_id = $2 AND id = $3`, [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * A key found by id in any project, for credential scanning only: the caller holds nothing
 * but the leaked value, so the project comes from the key. The id is a random UUID and the
 * caller must then match the value's digest, so this reaches no key it could not name.
 */
export async function findApiKeyInAnyProject(q: Queryable, id: string): Promise<{ tenant: Tenant; key: ApiKeyRecord } | null> {
  const rows = await q.query<ApiKeyRow & { project_id: string; branch_id: string }>(
    `SELECT project_id, branch_id, ${COLUMNS} FROM api_keys WHERE id = $1`,
    [id],
  );
  const row = rows[0];
  return row ? { tenant: { projectId: row.project_id, branchId: row.branch_id }, key: toRecord(row) } : null;
}

/** The owner's keys, newest first (as Stack Auth lists them). */
export async function listApiKeys(q: Queryable, tenant: Tenant, owner: ApiKeyOwner): Promise<ApiKeyRecord[]> {
  const column = owner.type === "user" ? "user_id" : "team_id";
  const rows = await q.query<ApiKeyRow>(
    `SELECT ${COLUMNS} FROM api_keys WHERE project_id = $1 AND branch_id = $2 AND ${column} = $3 ORDER BY created_at DESC, id`,
    [tenant.projectId, tenant.branchId, owner.type === "user" ? owner.userId : owner.teamId],
  );
  return rows.map(toRecord);
}

/** Changes the description and/or revokes; revoking again keeps the first revocation time. */
export async function updateApiKey(
  q: Queryable,
  tenant: Tenant,
  id: string,
  changes: { description?: string; expiresAtMillis?: number | null; revoke?: boolean },
): Promise<ApiKeyRecord | null> {
  // $6 says whether the expiry changes at all, since null is a value here (never expires).
  const rows = await q.query<ApiKeyRow>(
    `UPDATE api_keys SET
       description = COALESCE($4, description),
       manually_revoked_at = CASE WHEN $5::boolean AND manually_revoked_at IS NULL THEN now() ELSE manually_revoked_at END,
       expires_at = CASE WHEN $6::boolean THEN $7::timestamptz ELSE expires_at END
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING ${COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      id,
      changes.description ?? null,
      changes.revoke ?? false,
      changes.expiresAtMillis !== undefined,
      changes.expiresAtMillis == null ? null : new Date(changes.expiresAtMillis),
    ],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/**
 * Revokes a key that is not revoked yet, and returns it only when this call revoked it, so
 * of two revocations at once exactly one goes on to tell the owners.
 */
export async function revokeApiKeyIfLive(q: Queryable, tenant: Tenant, id: string): Promise<ApiKeyRecord | null> {
  const rows = await q.query<ApiKeyRow>(
    `UPDATE api_keys SET manually_revoked_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND manually_revoked_at IS NULL RETURNING ${COLUMNS}`,
    [tenant.projectId, tenant.branchId, id],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}
