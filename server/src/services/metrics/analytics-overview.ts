/**
 * `analytics_overview`: page views, clicks and visitors per day, top referrers, users online
 * now (a token refresh in the last five minutes) and the top region, from the analytics engine;
 * session replays; and revenue, which the payments group computes. A ClickHouse engine that
 * cannot be reached leaves the engine's figures empty rather than failing the overview.
 */
import { summarizeReplays } from "../../db/queries/session-replays";
import type { TrafficOverview } from "../analytics/engine";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { series, type MetricsWindow } from "./window";

export const TOP_REFERRERS = 100;
const ONLINE_MS = 5 * 60_000;

async function traffic(deps: ServiceDeps, tenancy: Tenancy, window: MetricsWindow, includeAnonymous: boolean): Promise<TrafficOverview | null> {
  const request = deps.analytics.trafficOverview(tenancy, {
    since: window.since,
    until: window.until,
    onlineSince: new Date(window.now.getTime() - ONLINE_MS),
    includeAnonymous,
    topReferrers: TOP_REFERRERS,
  });
  if (deps.analytics.name !== "clickhouse") return request;
  return request.catch((error: unknown) => {
    deps.log.warn("the metrics could not read the analytics engine", { projectId: tenancy.projectId, error: (error as Error).message });
    return null;
  });
}

export async function analyticsOverview(
  deps: ServiceDeps,
  tenancy: Tenancy,
  window: MetricsWindow,
  includeAnonymous: boolean,
  revenue: { totalCents: number; daily: Array<{ date: string; new_cents: number; refund_cents: number }> },
) {
  const [figures, replays] = await Promise.all([traffic(deps, tenancy, window, includeAnonymous), summarizeReplays(deps.db, tenancy, window.days[0]!)]);
  const perDay = (pick: (d: TrafficOverview["days"][number]) => number) =>
    figures ? series(window.days, figures.days.map((d) => ({ day: d.day, count: pick(d) }))) : [];
  const visitors = figures?.visitors ?? 0;
  return {
    daily_page_views: perDay((d) => d.pageViews),
    daily_clicks: perDay((d) => d.clicks),
    daily_visitors: perDay((d) => d.visitors),
    daily_revenue: revenue.daily,
    total_revenue_cents: revenue.totalCents,
    total_replays: replays.total,
    recent_replays: replays.recent,
    visitors,
    avg_session_seconds: Number(replays.avgSeconds.toFixed(1)),
    online_live: figures?.onlineLive ?? 0,
    // In the currency's main unit (dollars for cents), two decimals.
    revenue_per_visitor: visitors > 0 ? Number((revenue.totalCents / 100 / visitors).toFixed(2)) : 0,
    top_referrers: figures?.topReferrers ?? [],
    top_region: figures?.topRegion ? { country_code: figures.topRegion.countryCode, region_code: figures.topRegion.regionCode, count: figures.topRegion.count } : null,
  };
}
