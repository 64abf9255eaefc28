import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { DEFAULT_QUERY_TIMEOUT_MS, MAX_QUERY_TIMEOUT_MS } from "../../services/analytics/engine";
import { analyticsQueryTiming, runAnalyticsQuery } from "../../services/analytics/query";

const MAX_QUERY_LENGTH = 100_000;
const MAX_PARAMS = 100;

const AnalyticsQuerySchema = z
  .strictObject({
    query: z.string().min(1).max(MAX_QUERY_LENGTH).openapi({ description: "One SELECT in ClickHouse's SQL; `{name:Type}` placeholders take `params`." }),
    params: z
      .record(z.string().max(128), z.unknown())
      .refine((params) => Object.keys(params).length <= MAX_PARAMS, `at most ${MAX_PARAMS} parameters`)
      .default({}),
    timeout_ms: z.number().int().min(1_000).max(MAX_QUERY_TIMEOUT_MS).default(DEFAULT_QUERY_TIMEOUT_MS),
    include_all_branches: z.boolean().default(false),
  })
  .openapi("AnalyticsQuery");

const runAnalyticsQueryRoute = authenticatedRoute(ADMIN_ONLY, ["ANALYTICS_QUERY_ERROR"], {
  operationId: "runAnalyticsQuery",
  method: "post",
  path: "/internal/analytics/query",
  tags: ["Analytics"],
  summary: "Run a read-only analytics query",
  description:
    "Reads the project's events and its users, teams, contact channels, sessions and the like (the tables SHOW TABLES lists), only this project's and branch's rows, and no secret column. At most 10,000 rows and 10 MiB; a query longer than `timeout_ms` fails.",
  request: { body: jsonBody(AnalyticsQuerySchema) },
  responses: {
    200: jsonResponse(
      z.object({ result: z.array(z.record(z.string(), z.unknown())), query_id: z.string() }).openapi("AnalyticsQueryResult"),
      "The rows, as JSON objects by column name",
    ),
  },
});

const getAnalyticsQueryTimingRoute = authenticatedRoute(SERVER_AND_UP, ["ITEM_NOT_FOUND"], {
  operationId: "getAnalyticsQueryTiming",
  method: "post",
  path: "/internal/analytics/query/timing",
  tags: ["Analytics"],
  summary: "What an analytics query cost",
  description: "Times are in milliseconds. Queries of the last day can be looked up, by the id their answer gave.",
  request: { body: jsonBody(z.strictObject({ query_id: z.string().min(1).max(256) }).openapi("AnalyticsQueryTimingRequest")) },
  responses: {
    200: jsonResponse(
      z.object({ stats: z.object({ cpu_time: z.number(), wall_clock_time: z.number() }) }).openapi("AnalyticsQueryTiming"),
      "The query's cost",
    ),
  },
});

export function registerAnalyticsQueryRoutes(router: Router): void {
  router.openapi(runAnalyticsQueryRoute, async (c) => {
    const body = c.req.valid("json");
    const { rows, queryId } = await runAnalyticsQuery(c.var.deps, c.var.auth.tenancy, {
      query: body.query,
      params: body.params,
      timeoutMs: body.timeout_ms,
      includeAllBranches: body.include_all_branches,
    });
    return c.json({ result: rows, query_id: queryId }, 200);
  });

  router.openapi(getAnalyticsQueryTimingRoute, async (c) => {
    const stats = await analyticsQueryTiming(c.var.deps, c.var.auth.tenancy, c.req.valid("json").query_id);
    return c.json({ stats: { cpu_time: stats.cpuMs, wall_clock_time: stats.wallClockMs } }, 200);
  });
}
