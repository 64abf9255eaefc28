/**
 * The analytics figures of the project overview, read from the built-in engine's events table
 * (the ClickHouse engine answers the same from its own, services/analytics/clickhouse-overview.ts).
 *
 * Page views and clicks count only those of signed-in users, and leave out anonymous users
 * unless asked: a user is anonymous when their row says so (a deleted user is not). Each
 * statement reads one event type over the window along analytics_events_type_time_idx, so
 * its cost is that of the window's events of that type.
 */
import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface TrafficWindow {
  since: Date;
  /** Exclusive. */
  until: Date;
  /** Users with a token refresh from here on are online. */
  onlineSince: Date;
  includeAnonymous: boolean;
  topReferrers: number;
}

export interface TrafficDay {
  day: string;
  pageViews: number;
  clicks: number;
  visitors: number;
}

export interface TrafficOverview {
  days: TrafficDay[];
  /** Distinct users with a page view in the window. */
  visitors: number;
  /** Referrers by distinct visitors, most first; "(direct)" for page views without one. */
  topReferrers: Array<{ referrer: string; visitors: number }>;
  onlineLive: number;
  /** Where most distinct users refreshed a token from in the window, by country and region. */
  topRegion: { countryCode: string | null; regionCode: string | null; count: number } | null;
}

const UUID = "'^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'";

/** Keeps a row of `alias` (with a text user_id) unless $5 is false and the user is anonymous. */
const counted = (alias: string) => `($5 OR NOT EXISTS (
  SELECT 1 FROM users u WHERE u.project_id = $1 AND u.branch_id = $2 AND u.is_anonymous
    AND u.id = CASE WHEN ${alias}.user_id ~ ${UUID} THEN ${alias}.user_id::uuid END))`;

/** The window's page views and clicks per user and day, then per day and in all (GROUPING SETS). */
async function countPageTraffic(q: Queryable, tenant: Tenant, w: TrafficWindow): Promise<Pick<TrafficOverview, "days" | "visitors">> {
  const rows = await q.query<{ day: string | null; page_views: string; clicks: string; visitors: string }>(
    `WITH per_user AS (
       SELECT e.user_id, (e.event_at AT TIME ZONE 'UTC')::date AS day,
         count(*) FILTER (WHERE e.event_type = '$page-view') AS page_views, count(*) FILTER (WHERE e.event_type = '$click') AS clicks
       FROM analytics_events e
       WHERE e.project_id = $1 AND e.branch_id = $2 AND e.event_type IN ('$page-view', '$click')
         AND e.event_at >= $3 AND e.event_at < $4 AND e.user_id IS NOT NULL
       GROUP BY 1, 2
     )
     SELECT to_char(p.day, 'YYYY-MM-DD') AS day, sum(p.page_views) AS page_views, sum(p.clicks) AS clicks,
       count(DISTINCT p.user_id) FILTER (WHERE p.page_views > 0) AS visitors
     FROM per_user p WHERE ${counted("p")}
     GROUP BY GROUPING SETS ((p.day), ())`,
    [tenant.projectId, tenant.branchId, w.since.toISOString(), w.until.toISOString(), w.includeAnonymous],
  );
  const total = rows.find((row) => row.day === null);
  return {
    days: rows
      .filter((row) => row.day !== null)
      .map((row) => ({ day: row.day!, pageViews: Number(row.page_views), clicks: Number(row.clicks), visitors: Number(row.visitors) })),
    visitors: Number(total?.visitors ?? 0),
  };
}

async function findTopReferrers(q: Queryable, tenant: Tenant, w: TrafficWindow): Promise<TrafficOverview["topReferrers"]> {
  const rows = await q.query<{ referrer: string; visitors: string }>(
    `WITH per_user AS (
       SELECT coalesce(nullif(e.data->>'referrer', ''), '(direct)') AS referrer, e.user_id FROM analytics_events e
       WHERE e.project_id = $1 AND e.branch_id = $2 AND e.event_type = '$page-view'
         AND e.event_at >= $3 AND e.event_at < $4 AND e.user_id IS NOT NULL
       GROUP BY 1, 2
     )
     SELECT p.referrer, count(*) AS visitors FROM per_user p WHERE ${counted("p")}
     GROUP BY p.referrer ORDER BY visitors DESC, p.referrer LIMIT $6`,
    [tenant.projectId, tenant.branchId, w.since.toISOString(), w.until.toISOString(), w.includeAnonymous, w.topReferrers],
  );
  return rows.map((row) => ({ referrer: row.referrer, visitors: Number(row.visitors) }));
}

/** Token refreshes record whether the user was anonymous then; those are what these count by. */
const REFRESH_COUNTED = "($5 OR coalesce(e.data->>'is_anonymous', 'false') <> 'true')";

async function countOnline(q: Queryable, tenant: Tenant, w: TrafficWindow): Promise<number> {
  const [row] = await q.query<{ online: string }>(
    `SELECT count(DISTINCT e.user_id) AS online FROM analytics_events e
     WHERE e.project_id = $1 AND e.branch_id = $2 AND e.event_type = '$token-refresh'
       AND e.event_at >= $3 AND e.event_at < $4 AND e.user_id IS NOT NULL AND ${REFRESH_COUNTED}`,
    [tenant.projectId, tenant.branchId, w.onlineSince.toISOString(), w.until.toISOString(), w.includeAnonymous],
  );
  return Number(row?.online ?? 0);
}

async function findTopRegion(q: Queryable, tenant: Tenant, w: TrafficWindow): Promise<TrafficOverview["topRegion"]> {
  const [row] = await q.query<{ country_code: string | null; region_code: string | null; users: string }>(
    `SELECT e.data->'ip_info'->>'country_code' AS country_code, e.data->'ip_info'->>'region_code' AS region_code,
       count(DISTINCT e.user_id) AS users
     FROM analytics_events e
     WHERE e.project_id = $1 AND e.branch_id = $2 AND e.event_type = '$token-refresh'
       AND e.event_at >= $3 AND e.event_at < $4 AND e.user_id IS NOT NULL AND ${REFRESH_COUNTED}
     GROUP BY 1, 2 ORDER BY users DESC, country_code NULLS FIRST, region_code NULLS FIRST LIMIT 1`,
    [tenant.projectId, tenant.branchId, w.since.toISOString(), w.until.toISOString(), w.includeAnonymous],
  );
  return row ? { countryCode: row.country_code, regionCode: row.region_code, count: Number(row.users) } : null;
}

export async function readTrafficOverview(q: Queryable, tenant: Tenant, w: TrafficWindow): Promise<TrafficOverview> {
  const [page, topReferrers, onlineLive, topRegion] = await Promise.all([
    countPageTraffic(q, tenant, w),
    findTopReferrers(q, tenant, w),
    countOnline(q, tenant, w),
    findTopRegion(q, tenant, w),
  ]);
  return { ...page, topReferrers, onlineLive, topRegion };
}
