/**
 * The analytics query API: one read-only query in ClickHouse's SQL over the project's own
 * tables (engine.ts), answered as JSON rows with a query id whose cost can be read back.
 * A query id names its project and branch, so another project's id is simply not found.
 */
import { randomUUID } from "node:crypto";
import { findQueryStats, recordQueryStats } from "../../db/queries/analytics";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { AnalyticsQueryProblem } from "./sql/problem";

export interface AnalyticsQueryInput {
  query: string;
  params: Record<string, unknown>;
  timeoutMs: number;
  includeAllBranches: boolean;
}

export async function runAnalyticsQuery(deps: ServiceDeps, tenancy: Tenancy, input: AnalyticsQueryInput) {
  if (input.includeAllBranches) throw new KnownError("ANALYTICS_QUERY_ERROR", { error: "include_all_branches is not supported yet: a query reads the current branch." });
  const queryId = `${tenancy.projectId}:${tenancy.branchId}:${randomUUID()}`;
  let result;
  try {
    result = await deps.analytics.query(tenancy, { sql: input.query, params: input.params, timeoutMs: input.timeoutMs });
  } catch (error) {
    if (error instanceof AnalyticsQueryProblem) throw new KnownError("ANALYTICS_QUERY_ERROR", { error: error.message });
    throw error;
  }
  await recordQueryStats(deps.db, tenancy, queryId, result.wallClockMs, result.cpuMs);
  return { rows: result.rows, queryId };
}

export async function analyticsQueryTiming(deps: ServiceDeps, tenancy: Tenancy, queryId: string) {
  const prefix = `${tenancy.projectId}:${tenancy.branchId}:`;
  const stats = queryId.startsWith(prefix) ? await findQueryStats(deps.db, tenancy, queryId) : null;
  if (!stats) throw new KnownError("ITEM_NOT_FOUND", { item_id: queryId });
  return stats;
}
