import type { Queryable } from "../db";

/** The tables the retention sweeper keeps bounded. */
export type SweptTable =
  | "rate_limits"
  | "sessions"
  | "revoked_sessions"
  | "verification_codes"
  | "email_outbox"
  | "webhook_deliveries"
  | "user_activity_days"
  | "oauth_flows"
  | "purchase_codes"
  | "stripe_webhook_events"
  | "session_replay_chunks"
  | "session_replays"
  | "internal_feedback"
  | "webhook_portal_tokens"
  | "oauth_server_records"
  | "oauth_agent_credentials"
  | "sso_flows"
  | "sso_used_assertions";

/**
 * Per table: the rows it may delete, as a condition on `$2`, the retention period in seconds
 * for tables whose age limit is a setting (others ignore it), and the key columns that pick
 * one batch. Each condition is served by an index (migration 0020).
 */
const SWEEPS: Record<SweptTable, { key: string; stale: string }> = {
  // A window that has ended counts nothing: the next hit starts a new one either way.
  rate_limits: { key: "key", stale: "expires_at < now()" },
  sessions: { key: "project_id, branch_id, id", stale: "expires_at IS NOT NULL AND expires_at < now()" },
  // Processes load revocations of the last access-token lifetime (at most a day).
  revoked_sessions: { key: "seq", stale: "revoked_at < now() - interval '2 days'" },
  // Kept a day after use or expiry, so a late retry still hears ALREADY_USED or EXPIRED.
  verification_codes: {
    key: "project_id, branch_id, id",
    stale: "(used_at IS NOT NULL AND used_at < now() - interval '1 day') OR expires_at < now() - interval '1 day'",
  },
  // Only finished mail; a scheduled or in-flight message is never stale (index of migration 0028).
  email_outbox: {
    key: "project_id, branch_id, id", stale: "status IN ('sent', 'bounced', 'failed', 'skipped', 'not_sent') AND created_at < now() - make_interval(secs => $2)",
  },
  webhook_deliveries: {
    key: "project_id, branch_id, id",
    stale: "status <> 'pending' AND finished_at < now() - make_interval(secs => $2)",
  },
  // The metrics read the last 30 days.
  user_activity_days: { key: "project_id, branch_id, day, user_id", stale: "day < current_date - 35" },
  // A flow past its hour can only answer OUTER_OAUTH_TIMEOUT, which an unknown state answers too.
  oauth_flows: { key: "state_hash", stale: "expires_at < now()" },
  // Kept a day past expiry, so a late page load still hears EXPIRED rather than NOT_FOUND (migration 0026's index).
  purchase_codes: { key: "code_hash", stale: "expires_at < now() - interval '1 day'" },
  // Stripe retries a delivery for up to three days and resends events from the last 30 days:
  // an id is remembered for 35, so a redelivery within Stripe's reach is still recognised.
  stripe_webhook_events: { key: "event_id", stale: "received_at < now() - interval '35 days'" },
  // A replay is kept RETENTION_DAYS after its last batch. Its chunks go first, a batch at a
  // time, so that deleting the replay itself cascades to nothing: one replay may hold
  // thousands of chunks. A stale replay takes no more batches (it closed long before).
  session_replay_chunks: {
    key: "project_id, branch_id, id",
    stale: `(project_id, branch_id, replay_id) IN (
      SELECT project_id, branch_id, id FROM session_replays WHERE updated_at < now() - make_interval(secs => $2))`,
  },
  session_replays: { key: "project_id, branch_id, id", stale: "updated_at < now() - make_interval(secs => $2)" },
  // Feedback to the operators is kept as long as finished mail (migration 0055's index).
  internal_feedback: { key: "id", stale: "created_at < now() - make_interval(secs => $2)" },
  // An expired token is refused whether or not its row is there (migration 0070's index).
  webhook_portal_tokens: { key: "token_hash", stale: "expires_at < now()" },
  // The OAuth server reads an expired record as absent (migration 0100's index).
  oauth_server_records: { key: "project_id, model, id_hash", stale: "expires_at < now()" },
  // An expired agent credential's token has expired with it (migration 0100's index).
  oauth_agent_credentials: { key: "project_id, id", stale: "expires_at < now()" },
  // An SSO attempt past its ten minutes answers as an unknown one (migration 0110's index).
  sso_flows: { key: "state_hash", stale: "expires_at < now()" },
  // An assertion id is remembered until the assertion could no longer be accepted anyway (migration 0110's index).
  sso_used_assertions: { key: "project_id, branch_id, connection_id, assertion_id", stale: "expires_at < now()" },
};

export const SWEPT_TABLES = Object.keys(SWEEPS) as SweptTable[];

/**
 * Deletes up to `limit` stale rows of `table` in one short statement; answers how many. Rows
 * another process is deleting are skipped (SKIP LOCKED), so sweeps on several processes share
 * the work instead of waiting on each other.
 */
export async function deleteStaleBatch(q: Queryable, table: SweptTable, limit: number, retentionSeconds: number): Promise<number> {
  const { key, stale } = SWEEPS[table];
  const rows = await q.query(
    `DELETE FROM ${table} WHERE (${key}) IN (
       SELECT ${key} FROM ${table} WHERE ${stale} LIMIT $1 FOR UPDATE SKIP LOCKED)
     RETURNING 1`,
    stale.includes("$2") ? [limit, retentionSeconds] : [limit],
  );
  return rows.length;
}
