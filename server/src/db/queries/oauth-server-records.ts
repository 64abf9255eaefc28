/**
 * The OAuth server's storage (oidc-provider's models), one row per session, interaction,
 * grant, code or token. Rows are looked up by the digest of their id; an expired row reads as
 * absent and is deleted by the retention sweep (queries/retention.ts).
 */
import type { Queryable } from "../db";
import { jsonParam } from "./rows";

export interface OAuthServerRecord {
  payload: Record<string, unknown>;
  consumed: boolean;
}

export interface OAuthServerRecordWrite {
  model: string;
  idHash: string;
  payload: Record<string, unknown>;
  grantId: string | null;
  userCodeHash: string | null;
  uid: string | null;
  accountId: string | null;
  clientId: string | null;
  expiresAt: Date | null;
}

const LIVE = `(expires_at IS NULL OR expires_at > now())`;
/** An agent credential's grant (oauth_agent_credentials) is not a connection the user made with the app. */
const NOT_AGENT_GRANT = `NOT EXISTS (SELECT 1 FROM oauth_agent_credentials a WHERE a.project_id = oauth_server_records.project_id AND a.grant_id = oauth_server_records.grant_id)`;

interface RecordRow {
  payload: Record<string, unknown>;
  consumed_at: Date | string | null;
}
const toRecord = (row: RecordRow | undefined): OAuthServerRecord | null =>
  row ? { payload: row.payload, consumed: row.consumed_at !== null } : null;

export async function upsertOAuthServerRecord(q: Queryable, projectId: string, record: OAuthServerRecordWrite): Promise<void> {
  await q.query(
    `INSERT INTO oauth_server_records (project_id, model, id_hash, payload, grant_id, user_code_hash, uid, account_id, client_id, expires_at)
     VALUES ($1, $2, $3, $4::jsonb, $5, $6, $7, $8::uuid, $9, $10)
     ON CONFLICT (project_id, model, id_hash) DO UPDATE SET
       payload = EXCLUDED.payload,
       grant_id = EXCLUDED.grant_id,
       user_code_hash = COALESCE(EXCLUDED.user_code_hash, oauth_server_records.user_code_hash),
       uid = EXCLUDED.uid,
       account_id = EXCLUDED.account_id,
       client_id = EXCLUDED.client_id,
       expires_at = EXCLUDED.expires_at`,
    [
      projectId,
      record.model,
      record.idHash,
      jsonParam(record.payload),
      record.grantId,
      record.userCodeHash,
      record.uid,
      record.accountId,
      record.clientId,
      record.expiresAt,
    ],
  );
}

export async function findOAuthServerRecord(q: Queryable, projectId: string, model: string, idHash: string): Promise<OAuthServerRecord | null> {
  const rows = await q.query<RecordRow>(
    `SELECT payload, consumed_at FROM oauth_server_records WHERE project_id = $1 AND model = $2 AND id_hash = $3 AND ${LIVE}`,
    [projectId, model, idHash],
  );
  return toRecord(rows[0]);
}

export async function findOAuthServerRecordByUid(q: Queryable, projectId: string, model: string, uid: string): Promise<OAuthServerRecord | null> {
  const rows = await q.query<RecordRow>(
    `SELECT payload, consumed_at FROM oauth_server_records WHERE project_id = $1 AND model = $2 AND uid = $3 AND ${LIVE} LIMIT 1`,
    [projectId, model, uid],
  );
  return toRecord(rows[0]);
}

export async function findOAuthServerRecordByUserCode(
  q: Queryable,
  projectId: string,
  model: string,
  userCodeHash: string,
): Promise<OAuthServerRecord | null> {
  const rows = await q.query<RecordRow>(
    `SELECT payload, consumed_at FROM oauth_server_records WHERE project_id = $1 AND model = $2 AND user_code_hash = $3 AND ${LIVE} LIMIT 1`,
    [projectId, model, userCodeHash],
  );
  return toRecord(rows[0]);
}

export async function consumeOAuthServerRecord(q: Queryable, projectId: string, model: string, idHash: string): Promise<void> {
  await q.query(`UPDATE oauth_server_records SET consumed_at = now() WHERE project_id = $1 AND model = $2 AND id_hash = $3`, [
    projectId,
    model,
    idHash,
  ]);
}

/** Notes a device's poll of its code; answers when it polled before (null the first time). */
export async function notePoll(q: Queryable, projectId: string, model: string, idHash: string): Promise<Date | null> {
  const rows = await q.query<{ previous: Date | string | null }>(
    `UPDATE oauth_server_records r SET last_polled_at = now()
     FROM (SELECT last_polled_at AS previous FROM oauth_server_records
           WHERE project_id = $1 AND model = $2 AND id_hash = $3 FOR UPDATE) p
     WHERE r.project_id = $1 AND r.model = $2 AND r.id_hash = $3
     RETURNING p.previous`,
    [projectId, model, idHash],
  );
  const previous = rows[0]?.previous;
  return previous ? new Date(previous) : null;
}

export async function deleteOAuthServerRecord(q: Queryable, projectId: string, model: string, idHash: string): Promise<void> {
  await q.query(`DELETE FROM oauth_server_records WHERE project_id = $1 AND model = $2 AND id_hash = $3`, [projectId, model, idHash]);
}

/** What was issued under a grant: of one model, or of every model (the grant itself among them). */
export async function deleteOAuthServerRecordsByGrant(q: Queryable, projectId: string, grantId: string, model?: string): Promise<void> {
  if (model === undefined) await q.query(`DELETE FROM oauth_server_records WHERE project_id = $1 AND grant_id = $2`, [projectId, grantId]);
  else await q.query(`DELETE FROM oauth_server_records WHERE project_id = $1 AND grant_id = $2 AND model = $3`, [projectId, grantId, model]);
}

/** Every grant, code and token of one client, for the app's removal or one user's disconnection. */
export async function deleteOAuthServerRecordsByClient(q: Queryable, projectId: string, clientId: string, accountId?: string): Promise<number> {
  const rows = await q.query(
    accountId === undefined
      ? `DELETE FROM oauth_server_records WHERE project_id = $1 AND client_id = $2 RETURNING model`
      : `DELETE FROM oauth_server_records WHERE project_id = $1 AND client_id = $2 AND account_id = $3::uuid RETURNING model`,
    accountId === undefined ? [projectId, clientId] : [projectId, clientId, accountId],
  );
  return rows.length;
}

export interface GrantSummary {
  clientId: string;
  scope: string;
  /** When the user first allowed the app, in ms. */
  grantedAtMillis: number;
}

/** The apps a user has allowed: each client's live grants, their scopes merged. */
export async function listGrantsOfAccount(q: Queryable, projectId: string, accountId: string): Promise<GrantSummary[]> {
  const rows = await q.query<{ client_id: string; payload: Record<string, unknown> }>(
    `SELECT client_id, payload FROM oauth_server_records
     WHERE project_id = $1 AND account_id = $2::uuid AND model = 'Grant' AND client_id IS NOT NULL AND ${LIVE} AND ${NOT_AGENT_GRANT}`,
    [projectId, accountId],
  );
  const byClient = new Map<string, { scopes: Set<string>; iat: number }>();
  for (const row of rows) {
    const openid = (row.payload.openid as { scope?: string } | undefined)?.scope ?? "";
    const resources = Object.values((row.payload.resources as Record<string, string> | undefined) ?? {});
    const entry = byClient.get(row.client_id) ?? { scopes: new Set<string>(), iat: Number.POSITIVE_INFINITY };
    for (const scope of [openid, ...resources].join(" ").split(" ")) if (scope) entry.scopes.add(scope);
    entry.iat = Math.min(entry.iat, Number(row.payload.iat ?? 0));
    byClient.set(row.client_id, entry);
  }
  return [...byClient].map(([clientId, { scopes, iat }]) => ({ clientId, scope: [...scopes].sort().join(" "), grantedAtMillis: iat * 1000 }));
}

/** The ids of a user's live grants to one client, newest first. */
export async function findGrantIdsOf(q: Queryable, projectId: string, accountId: string, clientId: string): Promise<string[]> {
  const rows = await q.query<{ grant_id: string }>(
    `SELECT grant_id FROM oauth_server_records
     WHERE project_id = $1 AND account_id = $2::uuid AND client_id = $3 AND model = 'Grant' AND ${LIVE} AND ${NOT_AGENT_GRANT}
     ORDER BY (payload->>'iat')::bigint DESC`,
    [projectId, accountId, clientId],
  );
  return rows.map((row) => row.grant_id);
}
