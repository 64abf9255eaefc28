/**
 * The project overview's analytics figures from ClickHouse's events table: what the built-in
 * engine reads with db/queries/analytics-overview.ts, in ClickHouse's SQL. ClickHouse holds no
 * users table, so there a page view's user counts as anonymous when the user's latest token
 * refresh said they were.
 */
import type { Tenant } from "../../db/queries/tenant";
import type { TrafficOverview, TrafficWindow } from "./engine";

/** Runs one of these statements with its `{name:Type}` parameters and answers its rows. */
export type RunRows = (sql: string, params: Record<string, string>) => Promise<Array<Record<string, unknown>>>;

const at = (date: Date) => date.toISOString().replace("T", " ").replace("Z", "");

export async function readClickHouseTrafficOverview(run: RunRows, database: string, tenant: Tenant, w: TrafficWindow): Promise<TrafficOverview> {
  const params = {
    project: tenant.projectId,
    branch: tenant.branchId,
    since: at(w.since),
    until: at(w.until),
    online_since: at(w.onlineSince),
    include_anonymous: w.includeAnonymous ? "1" : "0",
    top: String(w.topReferrers),
  };
  const scope = `project_id = {project:String} AND branch_id = {branch:String} AND user_id IS NOT NULL`;
  const inWindow = `event_at >= {since:DateTime64(3, 'UTC')} AND event_at < {until:DateTime64(3, 'UTC')}`;
  const anonymousUsers = `SELECT user_id FROM ${database}.events
    WHERE ${scope} AND event_type = '$token-refresh' AND event_at < {until:DateTime64(3, 'UTC')}
    GROUP BY user_id HAVING argMax(ifNull(CAST(data.is_anonymous, 'Nullable(UInt8)'), 0), event_at) = 1`;
  const pageCounted = `({include_anonymous:UInt8} = 1 OR user_id NOT IN (${anonymousUsers}))`;
  const refreshCounted = `({include_anonymous:UInt8} = 1 OR ifNull(CAST(data.is_anonymous, 'Nullable(UInt8)'), 0) = 0)`;
  const pages = `FROM ${database}.events WHERE ${scope} AND ${inWindow} AND ${pageCounted}`;
  const refreshes = `FROM ${database}.events WHERE ${scope} AND event_type = '$token-refresh' AND ${refreshCounted}`;

  const [days, totals, referrers, online, regions] = await Promise.all([
    run(
      `SELECT toString(toDate(event_at)) AS day, countIf(event_type = '$page-view') AS page_views, countIf(event_type = '$click') AS clicks,
         uniqExactIf(user_id, event_type = '$page-view') AS visitors
       ${pages} AND event_type IN ('$page-view', '$click') GROUP BY day`,
      params,
    ),
    run(`SELECT uniqExact(user_id) AS visitors ${pages} AND event_type = '$page-view'`, params),
    run(
      `SELECT if(ifNull(CAST(data.referrer, 'Nullable(String)'), '') = '', '(direct)', CAST(data.referrer, 'Nullable(String)')) AS referrer,
         uniqExact(user_id) AS visitors
       ${pages} AND event_type = '$page-view' GROUP BY referrer ORDER BY visitors DESC, referrer LIMIT {top:UInt32}`,
      params,
    ),
    run(
      `SELECT uniqExact(user_id) AS online ${refreshes} AND event_at >= {online_since:DateTime64(3, 'UTC')} AND event_at < {until:DateTime64(3, 'UTC')}`,
      params,
    ),
    run(
      `SELECT CAST(data.ip_info.country_code, 'Nullable(String)') AS country_code, CAST(data.ip_info.region_code, 'Nullable(String)') AS region_code,
         uniqExact(user_id) AS users
       ${refreshes} AND ${inWindow}
       GROUP BY country_code, region_code ORDER BY users DESC, country_code NULLS FIRST, region_code NULLS FIRST LIMIT 1`,
      params,
    ),
  ]);
  const region = regions[0];
  return {
    days: days.map((row) => ({ day: String(row.day), pageViews: Number(row.page_views), clicks: Number(row.clicks), visitors: Number(row.visitors) })),
    visitors: Number(totals[0]?.visitors ?? 0),
    topReferrers: referrers.map((row) => ({ referrer: String(row.referrer), visitors: Number(row.visitors) })),
    onlineLive: Number(online[0]?.online ?? 0),
    topRegion: region
      ? { countryCode: (region.country_code as string | null) ?? null, regionCode: (region.region_code as string | null) ?? null, count: Number(region.users) }
      : null,
  };
}
