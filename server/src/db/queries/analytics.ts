import type { Queryable } from "../db";
import { UNNAMED_STATEMENT } from "../prepared-statements";
import type { Tenant } from "./tenant";

export interface AnalyticsEventRow {
  id: string;
  eventType: string;
  eventAt: Date;
  data: unknown;
  userId: string | null;
  teamId: string | null;
  refreshTokenId: string | null;
  sessionReplayId: string | null;
  sessionReplaySegmentId: string | null;
}

/** Inserts a batch of events in one statement (one array per column). */
export async function insertAnalyticsEvents(q: Queryable, tenant: Tenant, events: readonly AnalyticsEventRow[]): Promise<void> {
  if (events.length === 0) return;
  const column = <T>(pick: (e: AnalyticsEventRow) => T) => events.map(pick);
  await q.query(
    `INSERT INTO analytics_events
       (project_id, branch_id, id, event_type, event_at, data, user_id, team_id, refresh_token_id, session_replay_id, session_replay_segment_id)
     SELECT $1, $2, e.id, e.event_type, e.event_at, e.data, e.user_id, e.team_id, e.refresh_token_id, e.session_replay_id, e.session_replay_segment_id
     FROM unnest($3::uuid[], $4::text[], $5::timestamptz[], $6::jsonb[], $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
       AS e (id, event_type, event_at, data, user_id, team_id, refresh_token_id, session_replay_id, session_replay_segment_id)`,
    [
      tenant.projectId,
      tenant.branchId,
      column((e) => e.id),
      column((e) => e.eventType),
      column((e) => e.eventAt.toISOString()),
      column((e) => JSON.stringify(e.data)),
      column((e) => e.userId),
      column((e) => e.teamId),
      column((e) => e.refreshTokenId),
      column((e) => e.sessionReplayId),
      column((e) => e.sessionReplaySegmentId),
    ],
  );
}

export interface ReadOnlyRun {
  /** A translated SELECT; $1 and $2 are the project and branch. */
  sql: string;
  params: readonly unknown[];
  maxRows: number;
  /** PostgreSQL cancels the statement after this long; PGlite cannot, see the engine. */
  timeoutMs: number | null;
}

/**
 * Runs a translated analytics query in a read-only transaction, at most `maxRows` rows, each
 * as the JSON text of its row (so that PGlite and PostgreSQL answer alike).
 */
export async function runReadOnlyQuery(db: { transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T> }, run: ReadOnlyRun): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query("SET TRANSACTION READ ONLY");
    if (run.timeoutMs !== null) await tx.query(`SET LOCAL statement_timeout = ${Math.max(1, Math.floor(run.timeoutMs))}`);
    const rows = await tx.query<{ r: string }>(
      `${UNNAMED_STATEMENT}SELECT row_to_json(q)::text AS r FROM (${run.sql}) AS q, (SELECT $1::text, $2::text) AS tenancy LIMIT ${Math.floor(run.maxRows)}`,
      run.params,
    );
    return rows.map((row) => row.r);
  });
}

/** Records what a query cost, and prunes this project's records older than a day. */
export async function recordQueryStats(q: Queryable, tenant: Tenant, queryId: string, wallClockMs: number, cpuMs: number): Promise<void> {
  await q.query(
    `WITH pruned AS (
       DELETE FROM analytics_query_stats WHERE project_id = $1 AND created_at < now() - interval '1 day'
     )
     INSERT INTO analytics_query_stats (project_id, branch_id, query_id, wall_clock_ms, cpu_ms) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT DO NOTHING`,
    [tenant.projectId, tenant.branchId, queryId, wallClockMs, cpuMs],
  );
}

export async function findQueryStats(q: Queryable, tenant: Tenant, queryId: string): Promise<{ wallClockMs: number; cpuMs: number } | null> {
  const [row] = await q.query<{ wall_clock_ms: number; cpu_ms: number }>(
    "SELECT wall_clock_ms, cpu_ms FROM analytics_query_stats WHERE project_id = $1 AND branch_id = $2 AND query_id = $3",
    [tenant.projectId, tenant.branchId, queryId],
  );
  return row ? { wallClockMs: Number(row.wall_clock_ms), cpuMs: Number(row.cpu_ms) } : null;
}
