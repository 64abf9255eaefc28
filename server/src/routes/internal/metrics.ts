import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { projectMetrics, userActivity, userCounts } from "../../services/metrics/metrics";
import type { User } from "../../services/users/user";

const DataPointsSchema = z.array(z.object({ date: z.string().openapi({ example: "2026-11-25" }), activity: z.number().int() }).openapi("MetricsDataPoint"));

const RecentUserSchema = z
  .object({
    id: z.string(),
    display_name: z.string().nullable(),
    primary_email: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    signed_up_at_millis: z.number(),
    last_active_at_millis: z.number().nullable(),
  })
  .openapi("MetricsRecentUser");

const MetricsSchema = z
  .object({
    total_users: z.number().int(),
    daily_users: DataPointsSchema.openapi({ description: "Sign-ups per UTC day over the last 30 days, oldest first" }),
    daily_active_users: DataPointsSchema.openapi({ description: "Distinct active users per UTC day over the last 30 days" }),
    users_by_country: z.record(z.string(), z.number().int()),
    recently_registered: z.array(RecentUserSchema),
    recently_active: z.array(RecentUserSchema),
    login_methods: z.array(z.object({ method: z.string(), count: z.number().int() }).openapi("MetricsLoginMethod")),
  })
  .openapi("Metrics");

const getMetricsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getMetrics",
  method: "get",
  path: "/internal/metrics",
  tags: ["Internal"],
  summary: "The project overview: users, sign-ups and activity",
  description: "Anonymous users are left out unless `include_anonymous=true`.",
  request: { query: z.object({ include_anonymous: z.enum(["true", "false"]).optional() }) },
  responses: { 200: jsonResponse(MetricsSchema, "The overview") },
});

const getUserCountsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "getMetricsUserCounts",
  method: "get",
  path: "/internal/metrics/user-counts",
  tags: ["Internal"],
  summary: "How many users and anonymous users the project has",
  responses: { 200: jsonResponse(z.object({ total_users: z.number().int(), anonymous_users: z.number().int() }).openapi("MetricsUserCounts"), "The counts") },
});

const getUserActivityRoute = authenticatedRoute(ADMIN_ONLY, ["USER_NOT_FOUND"], {
  operationId: "getUserActivity",
  method: "get",
  path: "/internal/user-activity",
  tags: ["Internal"],
  summary: "On which of the last 30 days a user was active",
  request: { query: z.object({ user_id: z.uuid() }) },
  responses: { 200: jsonResponse(z.object({ data_points: DataPointsSchema }).openapi("UserActivity"), "1 on a day the user was active, else 0") },
});

const toRecentUser = (user: User) => ({
  id: user.id,
  display_name: user.displayName,
  primary_email: user.primaryEmail,
  profile_image_url: user.profileImageUrl,
  signed_up_at_millis: user.signedUpAtMillis,
  last_active_at_millis: user.lastActiveAtMillis,
});

export function registerMetricsRoutes(router: Router): void {
  router.openapi(getMetricsRoute, async (c) => {
    const metrics = await projectMetrics(c.var.deps, c.var.auth.tenancy, c.req.valid("query").include_anonymous === "true");
    return c.json(
      {
        total_users: metrics.totalUsers,
        daily_users: metrics.dailyUsers,
        daily_active_users: metrics.dailyActiveUsers,
        users_by_country: metrics.usersByCountry,
        recently_registered: metrics.recentlyRegistered.map(toRecentUser),
        recently_active: metrics.recentlyActive.map(toRecentUser),
        login_methods: metrics.loginMethods,
      },
      200,
    );
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
