import type { ApiKeySet } from "../../domain/api-key-sets";
import type { Queryable } from "../db";
import { toMillis, toMillisOrNull } from "./rows";

export type ProjectKeyKind = "publishable_client_key" | "secret_server_key" | "super_secret_admin_key";

interface ApiKeySetRow {
  id: string;
  project_id: string;
  description: string;
  publishable_client_key_last_four: string | null;
  secret_server_key_last_four: string | null;
  super_secret_admin_key_last_four: string | null;
  expires_at: Date;
  manually_revoked_at: Date | null;
  created_at: Date;
}

const COLUMNS =
  "id, project_id, description, publishable_client_key_last_four, secret_server_key_last_four, super_secret_admin_key_last_four, expires_at, manually_revoked_at, created_at";

function toApiKeySet(row: ApiKeySetRow): ApiKeySet {
  return {
    id: row.id,
    projectId: row.project_id,
    description: row.description,
    publishableClientKeyLastFour: row.publishable_client_key_last_four,
    secretServerKeyLastFour: row.secret_server_key_last_four,
    superSecretAdminKeyLastFour: row.super_secret_admin_key_last_four,
    expiresAtMillis: toMillis(row.expires_at),
    manuallyRevokedAtMillis: toMillisOrNull(row.manually_revoked_at),
    createdAtMillis: toMillis(row.created_at),
  };
}

export interface StoredKey {
  hash: string;
  lastFour: string;
}

export async function insertApiKeySet(
  q: Queryable,
  input: {
    id: string;
    projectId: string;
    description: string;
    expiresAt: Date;
    keys: Partial<Record<ProjectKeyKind, StoredKey>>;
  },
): Promise<ApiKeySet> {
  const { keys } = input;
  const rows = await q.query<ApiKeySetRow>(
    `INSERT INTO api_key_sets (id, project_id, description, expires_at,
       publishable_client_key_hash, publishable_client_key_last_four,
       secret_server_key_hash, secret_server_key_last_four,
       super_secret_admin_key_hash, super_secret_admin_key_last_four)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${COLUMNS}`,
    [
      input.id,
      input.projectId,
      input.description,
      input.expiresAt,
      keys.publishable_client_key?.hash ?? null,
      keys.publishable_client_key?.lastFour ?? null,
      keys.secret_server_key?.hash ?? null,
      keys.secret_server_key?.lastFour ?? null,
      keys.super_secret_admin_key?.hash ?? null,
      keys.super_secret_admin_key?.lastFour ?? null,
    ],
  );
  return toApiKeySet(rows[0]!);
}

/** The expiry (ms) of the live key of this kind with this hash in this project, or null. The hash column is unique and indexed. */
export async function isValidProjectKey(
  q: Queryable,
  projectId: string,
  kind: ProjectKeyKind,
  keyHash: string,
): Promise<number | null> {
  const rows = await q.query<{ expires_at: Date }>(
    `SELECT expires_at FROM api_key_sets
     WHERE ${kind}_hash = $2 AND project_id = $1 AND manually_revoked_at IS NULL AND expires_at > now()`,
    [projectId, keyHash],
  );
  return rows[0] ? toMillis(rows[0].expires_at) : null;
}

export async function listApiKeySets(q: Queryable, projectId: string): Promise<ApiKeySet[]> {
  const rows = await q.query<ApiKeySetRow>(
    `SELECT ${COLUMNS} FROM api_key_sets WHERE project_id = $1 ORDER BY created_at DESC, id`,
    [projectId],
  );
  return rows.map(toApiKeySet);
}

export async function findApiKeySet(q: Queryable, projectId: string, id: string): Promise<ApiKeySet | null> {
  const rows = await q.query<ApiKeySetRow>(`SELECT ${COLUMNS} FROM api_key_sets WHERE project_id = $1 AND id = $2`, [
    projectId,
    id,
  ]);
  return rows[0] ? toApiKeySet(rows[0]) : null;
}

export async function updateApiKeySet(
  q: Queryable,
  projectId: string,
  id: string,
  changes: { description?: string; revoke?: boolean },
): Promise<ApiKeySet | null> {
  const rows = await q.query<ApiKeySetRow>(
    `UPDATE api_key_sets SET
       description = COALESCE($3, description),
       manually_revoked_at = CASE WHEN $4::boolean AND manually_revoked_at IS NULL THEN now() ELSE manually_revoked_at END
     WHERE project_id = $1 AND id = $2 RETURNING ${COLUMNS}`,
    [projectId, id, changes.description ?? null, changes.revoke ?? false],
  );
  return rows[0] ? toApiKeySet(rows[0]) : null;
}

/** Seeded keys are matched by hash so that restarting with the same environment changes nothing. */
export async function hasKeyWithHash(q: Queryable, projectId: string, kind: ProjectKeyKind, keyHash: string) {
  const rows = await q.query(`SELECT 1 FROM api_key_sets WHERE project_id = $1 AND ${kind}_hash = $2`, [
    projectId,
    keyHash,
  ]);
  return rows.length > 0;
}

/** Revokes live seeded key sets of one kind whose key is not `keepHash` (all of them when null). */
export async function revokeSeededKeySets(
  q: Queryable,
  projectId: string,
  kind: ProjectKeyKind,
  description: string,
  keepHash: string | null,
): Promise<void> {
  await q.query(
    `UPDATE api_key_sets SET manually_revoked_at = now()
     WHERE project_id = $1 AND description = $2 AND manually_revoked_at IS NULL AND ${kind}_hash IS DISTINCT FROM $3`,
    [projectId, description, keepHash],
  );
}
