/**
 * The analytics engine seam. Events go in; read-only queries in ClickHouse's SQL come out as
 * JSON rows, scoped to one project and branch, bounded by a timeout and a row limit.
 *
 * Two engines: the built-in one (postgres-engine.ts) keeps events in the database the rest of
 * Gatehouse uses, PGlite or PostgreSQL, and answers the common subset of ClickHouse's SQL by
 * translating it; the ClickHouse one (clickhouse-engine.ts), chosen with ANALYTICS_ENGINE,
 * keeps events in ClickHouse and runs the queries there.
 */
import type { AnalyticsEventRow } from "../../db/queries/analytics";
import type { TrafficOverview, TrafficWindow } from "../../db/queries/analytics-overview";
import type { Tenant } from "../../db/queries/tenant";

export type { TrafficOverview, TrafficWindow };

/** An event as recorded; each engine gives it its id when it stores it. */
export type AnalyticsEvent = Omit<AnalyticsEventRow, "id">;

export interface AnalyticsQueryRequest {
  sql: string;
  params: Record<string, unknown>;
  timeoutMs: number;
}

export interface AnalyticsQueryResult {
  rows: Array<Record<string, unknown>>;
  wallClockMs: number;
  cpuMs: number;
}

export interface AnalyticsEngine {
  readonly name: "builtin" | "clickhouse";
  /** Stores events of one project and branch (one statement). */
  insertEvents(tenant: Tenant, events: readonly AnalyticsEvent[]): Promise<void>;
  /** Runs one read-only query; an AnalyticsQueryProblem says why one was refused or failed. */
  query(tenant: Tenant, request: AnalyticsQueryRequest): Promise<AnalyticsQueryResult>;
  /** The analytics figures of the project overview (GET /internal/metrics) over a window. */
  trafficOverview(tenant: Tenant, window: TrafficWindow): Promise<TrafficOverview>;
  close(): Promise<void>;
}

/** Results larger than this are refused rather than truncated, as ClickHouse's result_overflow_mode=throw does. */
export const MAX_RESULT_ROWS = 10_000;
export const MAX_RESULT_BYTES = 10 * 1024 * 1024;
export const DEFAULT_QUERY_TIMEOUT_MS = 10_000;
export const MAX_QUERY_TIMEOUT_MS = 120_000;
