/** The response of GET /internal/metrics, in Stack Auth's shape. */
import { z } from "@hono/zod-openapi";
import { ServerUserSchema } from "../users/shapes";

const DAYS = "31 UTC days up to today, oldest first; 0 on a day without any";
const int = () => z.number().int();
const record = () => z.record(z.string(), z.number().int());

export const DataPointSchema = z.object({ date: z.string().openapi({ example: "2026-11-25" }), activity: z.number().int() }).openapi("MetricsDataPoint");
export const DataPointsSchema = z.array(DataPointSchema);

const ActivitySplitSchema = z
  .object({
    total: DataPointsSchema,
    new: DataPointsSchema.openapi({ description: "Active on the day they signed up" }),
    retained: DataPointsSchema.openapi({ description: "Active the day before too" }),
    reactivated: DataPointsSchema.openapi({ description: "Back after at least a day away" }),
  })
  .openapi("MetricsActivitySplit");

const AuthOverviewSchema = z
  .object({
    verified_users: int().openapi({ description: "Users (not anonymous) with a verified e-mail address" }),
    unverified_users: int(),
    anonymous_users: int(),
    total_teams: int(),
    mau: int().openapi({ description: "Distinct users active in the window" }),
    daily_active_users_split: ActivitySplitSchema,
    daily_active_teams_split: ActivitySplitSchema.openapi({ description: "Activity is not attributed to teams: always 0, as in Stack Auth" }),
    total_users_filtered: int().openapi({ description: "total_users: anonymous users only with include_anonymous=true" }),
  })
  .openapi("MetricsAuthOverview");

const PaymentsOverviewSchema = z
  .object({
    subscriptions_by_status: record().openapi({ description: "Subscriptions by Stripe's status (active, trialing, canceled, …)" }),
    active_subscription_count: int(),
    total_one_time_purchases: int(),
    daily_subscriptions: DataPointsSchema.openapi({ description: `Subscriptions started, ${DAYS}` }),
    revenue_cents: int().openapi({ description: "Paid subscription invoices, in the smallest currency unit" }),
    mrr_cents: int().openapi({ description: "Paid subscription invoices of the window" }),
    total_orders: int().openapi({ description: "One-time purchases and subscription invoices" }),
    checkout_conversion_rate: z.number().openapi({ description: "Paid orders in percent of all orders" }),
  })
  .openapi("MetricsPaymentsOverview");

const EmailOverviewSchema = z
  .object({
    emails_by_status: record().openapi({ description: "By simple status (ok, error, in-progress); only those that occur" }),
    total_emails: int(),
    daily_emails: DataPointsSchema.openapi({ description: `Messages queued, ${DAYS}` }),
    daily_emails_by_status: z.array(z.object({ date: z.string(), ok: int(), error: int(), in_progress: int() })),
    emails_sent: int().openapi({ description: "Messages whose sending finished" }),
    recent_emails: z
      .array(z.object({ id: z.string(), status: z.string().openapi({ example: "SENT" }), subject: z.string(), created_at_millis: z.number() }))
      .openapi({ description: "The 100 newest, newest first" }),
    deliverability_status: z.object({ delivered: int(), bounced: int(), error: int(), in_progress: int() }),
    deliverability_rate: z.number().openapi({ description: "Confirmed deliveries in percent of messages sent (SMTP confirms none)" }),
    bounce_rate: z.number(),
    click_rate: z.number(),
  })
  .openapi("MetricsEmailOverview");

const AnalyticsOverviewSchema = z
  .object({
    daily_page_views: DataPointsSchema,
    daily_clicks: DataPointsSchema,
    daily_visitors: DataPointsSchema.openapi({ description: "Distinct signed-in users with a page view per day" }),
    daily_revenue: z.array(z.object({ date: z.string(), new_cents: int(), refund_cents: int() })),
    total_revenue_cents: int(),
    total_replays: int(),
    recent_replays: int().openapi({ description: "Session replays started in the window" }),
    visitors: int().openapi({ description: "Distinct signed-in users with a page view in the window" }),
    avg_session_seconds: z.number().openapi({ description: "Average length of the window's session replays" }),
    online_live: int().openapi({ description: "Distinct users with a token refresh in the last 5 minutes" }),
    revenue_per_visitor: z.number().openapi({ description: "total_revenue_cents / 100 / visitors" }),
    top_referrers: z
      .array(z.object({ referrer: z.string(), visitors: int() }))
      .openapi({ description: 'Up to 100 referrers by distinct visitors, "(direct)" for none' }),
    top_region: z
      .union([z.object({ country_code: z.string().nullable(), region_code: z.string().nullable(), count: int() }), z.null()])
      .openapi({ description: "Where the most distinct users refreshed a token from in the window" }),
  })
  .openapi("MetricsAnalyticsOverview");

export const MetricsSchema = z
  .object({
    total_users: int(),
    daily_users: DataPointsSchema.openapi({ description: `Sign-ups, ${DAYS}` }),
    daily_active_users: DataPointsSchema.openapi({ description: `Distinct active users, ${DAYS}` }),
    users_by_country: record().openapi({ description: "Users by the country of their latest sign-in or refresh, else of their sign-up" }),
    recently_registered: z.array(ServerUserSchema).openapi({ description: "The 100 newest users, newest first" }),
    recently_active: z.array(ServerUserSchema).openapi({ description: "The 5 most recently active users" }),
    login_methods: z.array(z.object({ method: z.string(), count: int() }).openapi("MetricsLoginMethod")),
    auth_overview: AuthOverviewSchema,
    payments_overview: PaymentsOverviewSchema,
    email_overview: EmailOverviewSchema,
    analytics_overview: AnalyticsOverviewSchema,
  })
  .openapi("Metrics");
