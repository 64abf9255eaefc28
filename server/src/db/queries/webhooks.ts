import type { Queryable } from "../db";
import { toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

export type DeliveryStatus = "pending" | "delivered" | "failed";

export interface NewDelivery {
  id: string;
  messageId: string;
  endpointId: string;
  eventType: string;
  body: string;
}

export interface DeliveryRecord extends NewDelivery {
  projectId: string;
  branchId: string;
  status: DeliveryStatus;
  attempts: number;
  nextAttemptAtMillis: number;
  lastStatusCode: number | null;
  lastError: string | null;
  createdAtMillis: number;
  finishedAtMillis: number | null;
}

export interface AttemptRecord {
  deliveryId: string;
  attempt: number;
  attemptedAtMillis: number;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

interface DeliveryRow {
  project_id: string;
  branch_id: string;
  id: string;
  message_id: string;
  endpoint_id: string;
  event_type: string;
  body: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date;
  last_status_code: number | null;
  last_error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

const COLUMNS =
  "project_id, branch_id, id, message_id, endpoint_id, event_type, body, status, attempts, next_attempt_at, last_status_code, last_error, created_at, finished_at";

function toRecord(row: DeliveryRow): DeliveryRecord {
  return {
    projectId: row.project_id,
    branchId: row.branch_id,
    id: row.id,
    messageId: row.message_id,
    endpointId: row.endpoint_id,
    eventType: row.event_type,
    body: row.body,
    status: row.status,
    attempts: row.attempts,
    nextAttemptAtMillis: toMillis(row.next_attempt_at),
    lastStatusCode: row.last_status_code,
    lastError: row.last_error,
    createdAtMillis: toMillis(row.created_at),
    finishedAtMillis: toMillisOrNull(row.finished_at),
  };
}

/** Adds the deliveries of one event, and wakes every process's worker when the transaction commits. */
export async function insertDeliveries(q: Queryable, tenant: Tenant, deliveries: readonly NewDelivery[]): Promise<void> {
  if (deliveries.length === 0) return;
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  const values = deliveries.map((d) => {
    params.push(d.id, d.messageId, d.endpointId, d.eventType, d.body);
    const n = params.length;
    return `($1, $2, $${n - 4}, $${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
  });
  await q.query(
    `INSERT INTO webhook_deliveries (project_id, branch_id, id, message_id, endpoint_id, event_type, body) VALUES ${values.join(", ")}`,
    params,
  );
  await q.query(`SELECT pg_notify('${WEBHOOK_OUTBOX_CHANNEL}', '')`);
}

/** The NOTIFY channel a committed delivery is announced on. */
export const WEBHOOK_OUTBOX_CHANNEL = "webhook_outbox";

/**
 * Claims up to `limit` due deliveries of any project: rows another process is claiming are
 * skipped, and the claimed ones are not due again until `leaseMs` has passed, by which time
 * the claimant has recorded its try (or died, and the row is tried again).
 */
export async function claimDueDeliveries(q: Queryable, limit: number, leaseMs: number): Promise<DeliveryRecord[]> {
  const rows = await q.query<DeliveryRow>(
    `UPDATE webhook_deliveries d
     SET attempts = d.attempts + 1, next_attempt_at = now() + $2::int * interval '1 millisecond'
     FROM (SELECT project_id, branch_id, id FROM webhook_deliveries
           WHERE status = 'pending' AND next_attempt_at <= now()
           ORDER BY next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE d.project_id = due.project_id AND d.branch_id = due.branch_id AND d.id = due.id
     RETURNING ${COLUMNS.split(", ").map((c) => `d.${c}`).join(", ")}`,
    [limit, leaseMs],
  );
  return rows.map(toRecord);
}

export interface TryOutcome {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  /** delivered, failed for good, or pending again at `retryInMs`. */
  status: DeliveryStatus;
  retryInMs: number;
}

/**
 * Records try number `attempt` of a claimed delivery. A claimant whose lease ran out and whose
 * row was claimed again meanwhile (attempts moved on) records nothing: the newer try decides.
 */
export async function recordTry(q: Queryable, delivery: DeliveryRecord, outcome: TryOutcome): Promise<boolean> {
  const tenant = [delivery.projectId, delivery.branchId, delivery.id];
  const updated = await q.query(
    `UPDATE webhook_deliveries
     SET status = $5::text, last_status_code = $6::int, last_error = $7::text,
         next_attempt_at = CASE WHEN $5 = 'pending' THEN now() + $8::int * interval '1 millisecond' ELSE next_attempt_at END,
         finished_at = CASE WHEN $5 = 'pending' THEN NULL ELSE now() END
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND attempts = $4 AND status = 'pending'
     RETURNING id`,
    [...tenant, delivery.attempts, outcome.status, outcome.statusCode, outcome.error, outcome.retryInMs],
  );
  if (updated.length === 0) return false;
  await q.query(
    `INSERT INTO webhook_delivery_attempts (project_id, branch_id, delivery_id, attempt, status_code, error, duration_ms)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
    [...tenant, delivery.attempts, outcome.statusCode, outcome.error, Math.round(outcome.durationMs)],
  );
  return true;
}

/** Newest first, keyset-paged by (created_at, id); optionally one endpoint's. */
export async function listDeliveries(
  q: Queryable,
  tenant: Tenant,
  page: { limit: number; cursor?: string; endpointId?: string },
): Promise<{ deliveries: DeliveryRecord[]; nextCursor: string | null }> {
  // One endpoint's log is its own statement, so its plan walks the per-endpoint index instead of
  // filtering the whole project's log (a generic plan cannot choose between them per call).
  const endpoint = page.endpointId === undefined ? "" : "AND endpoint_id = $5";
  const rows = await q.query<DeliveryRow>(
    `SELECT ${COLUMNS} FROM webhook_deliveries d
     WHERE project_id = $1 AND branch_id = $2 ${endpoint}
       AND ($3::uuid IS NULL OR (created_at, id) < (SELECT c.created_at, c.id FROM webhook_deliveries c
             WHERE c.project_id = $1 AND c.branch_id = $2 AND c.id = $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [tenant.projectId, tenant.branchId, page.cursor ?? null, page.limit + 1, ...(page.endpointId === undefined ? [] : [page.endpointId])],
  );
  const deliveries = rows.slice(0, page.limit).map(toRecord);
  return { deliveries, nextCursor: rows.length > page.limit ? deliveries[deliveries.length - 1]!.id : null };
}

export async function listAttempts(q: Queryable, tenant: Tenant, deliveryIds: readonly string[]): Promise<AttemptRecord[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await q.query<{ delivery_id: string; attempt: number; attempted_at: Date; status_code: number | null; error: string | null; duration_ms: number }>(
    `SELECT delivery_id, attempt, attempted_at, status_code, error, duration_ms FROM webhook_delivery_attempts
     WHERE project_id = $1 AND branch_id = $2 AND delivery_id = ANY($3::uuid[]) ORDER BY delivery_id, attempt`,
    [tenant.projectId, tenant.branchId, deliveryIds],
  );
  return rows.map((r) => ({
    deliveryId: r.delivery_id,
    attempt: r.attempt,
    attemptedAtMillis: toMillis(r.attempted_at),
    statusCode: r.status_code,
    error: r.error,
    durationMs: r.duration_ms,
  }));
}

export async function findEndpointSecrets(q: Queryable, tenant: Tenant): Promise<Map<string, { sealedSecret: string; createdAtMillis: number }>> {
  const rows = await q.query<{ endpoint_id: string; sealed_secret: string; created_at: Date }>(
    "SELECT endpoint_id, sealed_secret, created_at FROM webhook_endpoint_secrets WHERE project_id = $1 AND branch_id = $2",
    [tenant.projectId, tenant.branchId],
  );
  return new Map(rows.map((r) => [r.endpoint_id, { sealedSecret: r.sealed_secret, createdAtMillis: toMillis(r.created_at) }]));
}

export async function findEndpointSecret(q: Queryable, tenant: Tenant, endpointId: string): Promise<string | null> {
  const rows = await q.query<{ sealed_secret: string }>(
    "SELECT sealed_secret FROM webhook_endpoint_secrets WHERE project_id = $1 AND branch_id = $2 AND endpoint_id = $3",
    [tenant.projectId, tenant.branchId, endpointId],
  );
  return rows[0]?.sealed_secret ?? null;
}

/** Stores the endpoint's secret, replacing any it had. */
export async function putEndpointSecret(q: Queryable, tenant: Tenant, endpointId: string, sealedSecret: string): Promise<void> {
  await q.query(
    `INSERT INTO webhook_endpoint_secrets (project_id, branch_id, endpoint_id, sealed_secret) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, branch_id, endpoint_id) DO UPDATE SET sealed_secret = EXCLUDED.sealed_secret, created_at = now()`,
    [tenant.projectId, tenant.branchId, endpointId, sealedSecret],
  );
}

/** Stores the secret unless the endpoint has one; answers the one that is stored. */
export async function ensureEndpointSecret(q: Queryable, tenant: Tenant, endpointId: string, sealedSecret: string): Promise<string> {
  await q.query(
    `INSERT INTO webhook_endpoint_secrets (project_id, branch_id, endpoint_id, sealed_secret) VALUES ($1, $2, $3, $4)
     ON CONFLICT (project_id, branch_id, endpoint_id) DO NOTHING`,
    [tenant.projectId, tenant.branchId, endpointId, sealedSecret],
  );
  return (await findEndpointSecret(q, tenant, endpointId))!;
}

export async function deleteEndpointSecret(q: Queryable, tenant: Tenant, endpointId: string): Promise<void> {
  await q.query("DELETE FROM webhook_endpoint_secrets WHERE project_id = $1 AND branch_id = $2 AND endpoint_id = $3", [
    tenant.projectId,
    tenant.branchId,
    endpointId,
  ]);
}

/** One event as it was sent (every endpoint's delivery of it carries the same body). */
export interface WebhookMessage {
  messageId: string;
  eventType: string;
  body: string;
  createdAtMillis: number;
}

export async function findMessage(q: Queryable, tenant: Tenant, messageId: string): Promise<WebhookMessage | null> {
  const rows = await q.query<{ message_id: string; event_type: string; body: string; created_at: Date }>(
    `SELECT message_id, event_type, body, created_at FROM webhook_deliveries
     WHERE project_id = $1 AND branch_id = $2 AND message_id = $3 LIMIT 1`,
    [tenant.projectId, tenant.branchId, messageId],
  );
  const row = rows[0];
  return row ? { messageId: row.message_id, eventType: row.event_type, body: row.body, createdAtMillis: toMillis(row.created_at) } : null;
}

export interface PortalTokenRecord {
  projectId: string;
  branchId: string;
  /** The project owner (a user of `internal`) whose session made it; null when a project key did. */
  owner: { userId: string; sessionId: string } | null;
}

export async function insertPortalToken(q: Queryable, tenant: Tenant, token: { hash: string; owner: PortalTokenRecord["owner"]; expiresAt: Date }): Promise<void> {
  await q.query(
    `INSERT INTO webhook_portal_tokens (token_hash, project_id, branch_id, owner_user_id, owner_session_id, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
    [token.hash, tenant.projectId, tenant.branchId, token.owner?.userId ?? null, token.owner?.sessionId ?? null, token.expiresAt],
  );
}

/** The unexpired token with this digest. */
export async function findPortalToken(q: Queryable, hash: string): Promise<PortalTokenRecord | null> {
  const rows = await q.query<{ project_id: string; branch_id: string; owner_user_id: string | null; owner_session_id: string | null }>(
    "SELECT project_id, branch_id, owner_user_id, owner_session_id FROM webhook_portal_tokens WHERE token_hash = $1 AND expires_at > now()",
    [hash],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    projectId: row.project_id,
    branchId: row.branch_id,
    owner: row.owner_user_id && row.owner_session_id ? { userId: row.owner_user_id, sessionId: row.owner_session_id } : null,
  };
}
