import type { Queryable } from "../db";

export interface QueueDepth {
  /** Rows due to be worked on now (not scheduled later, not paused). */
  due: number;
  /** How long the longest-waiting due row has waited, in seconds; 0 when none is due. */
  oldestDueSeconds: number;
}

// Both read the workers' own partial indexes (email_outbox_due_idx, webhook_deliveries_due).
const OUTBOX = `SELECT count(*)::int AS due, COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS oldest
  FROM email_outbox WHERE status IN ('queued', 'scheduled', 'rendering', 'sending') AND next_attempt_at <= now() AND NOT paused`;
const WEBHOOKS = `SELECT count(*)::int AS due, COALESCE(EXTRACT(EPOCH FROM now() - min(next_attempt_at)), 0)::float8 AS oldest
  FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= now()`;

async function depth(q: Queryable, sql: string): Promise<QueueDepth> {
  const [row] = await q.query<{ due: number; oldest: number }>(sql);
  return { due: row?.due ?? 0, oldestDueSeconds: Math.max(0, row?.oldest ?? 0) };
}

/** The e-mail outbox's and the webhook deliveries' backlog, across every project. */
export async function readQueueDepths(q: Queryable): Promise<{ outbox: QueueDepth; webhooks: QueueDepth }> {
  const [outbox, webhooks] = await Promise.all([depth(q, OUTBOX), depth(q, WEBHOOKS)]);
  return { outbox, webhooks };
}
