import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { projectMetrics, userActivity, userCounts } from "../../services/metrics/metrics";
import { DataPointsSchema, MetricsSchema } from "./metrics-schemas";

const getMetricsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getMetrics",
  method: "get",
  path: "/internal/metrics",
  tags: ["Metrics"],
  summary: "The project overview: users, activity, payments, e-mail and analytics",
  description: "Anonymous users are left out of the user figures and the analytics unless `include_anonymous=true`.",
  request: { query: z.object({ include_anonymous: z.enum(["true", "false"]).optional() }) },
  responses: { 200: jsonResponse(MetricsSchema, "The overview") },
});

const getUserCountsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getMetricsUserCounts",
  method: "get",
  path: "/internal/metrics/user-counts",
  tags: ["Metrics"],
  summary: "How many users and anonymous users the project has",
  responses: { 200: jsonResponse(z.object({ total_users: z.number().int(), anonymous_users: z.number().int() }).openapi("MetricsUserCounts"), "The counts") },
});

const getUserActivityRoute = authenticatedRoute(ADMIN_ONLY, ["USER_NOT_FOUND"], {
  operationId: "getUserActivity",
  method: "get",
  path: "/internal/user-activity",
  tags: ["Metrics"],
  summary: "On which of the last 30 days a user was active",
  request: { query: z.object({ user_id: z.uuid() }) },
  responses: { 200: jsonResponse(z.object({ data_points: DataPointsSchema }).openapi("UserActivity"), "1 on a day the user was active, else 0") },
});

export function registerMetricsRoutes(router: Router): void {
  router.openapi(getMetricsRoute, async (c) => {
    return c.json(await projectMetrics(c.var.deps, c.var.auth.tenancy, c.req.valid("query").include_anonymous === "true"), 200);
  });

  router.openapi(getUserCountsRoute, async (c) => {
    const counts = await userCounts(c.var.deps, c.var.auth.tenancy);
    return c.json({ total_users: counts.totalUsers, anonymous_users: counts.anonymousUsers }, 200);
  });

  router.openapi(getUserActivityRoute, async (c) => {
    const points = await userActivity(c.var.deps, c.var.auth.tenancy, c.req.valid("query").user_id);
    return c.json({ data_points: points }, 200);
  });
}
