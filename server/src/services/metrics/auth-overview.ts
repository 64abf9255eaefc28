/**
 * `auth_overview`: users by kind (verified e-mail, unverified, anonymous), teams, monthly active
 * users, and the active users of each day split by what the day was to them. All from the
 * counters of migrations 0017 and 0075.
 */
import { countActiveUsersSince, countTeams, type KindDayCount, type UserTotals } from "../../db/queries/metrics";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { series, type DataPoint, type MetricsWindow } from "./window";

export interface ActivitySplit {
  total: DataPoint[];
  new: DataPoint[];
  retained: DataPoint[];
  reactivated: DataPoint[];
}

export function activitySplit(days: readonly string[], counts: readonly KindDayCount[]): ActivitySplit {
  return {
    total: series(days, counts),
    new: series(days, counts.filter((c) => c.kind === "new")),
    retained: series(days, counts.filter((c) => c.kind === "retained")),
    reactivated: series(days, counts.filter((c) => c.kind === "reactivated")),
  };
}

export async function authOverview(
  deps: ServiceDeps,
  tenancy: Tenancy,
  window: MetricsWindow,
  includeAnonymous: boolean,
  figures: { totals: UserTotals; activeByDay: readonly KindDayCount[] },
) {
  const [mau, totalTeams] = await Promise.all([countActiveUsersSince(deps.db, tenancy, window.days[0]!, includeAnonymous), countTeams(deps.db, tenancy)]);
  const { totals } = figures;
  return {
    verified_users: totals.verifiedUsers,
    unverified_users: Math.max(0, totals.users - totals.verifiedUsers),
    anonymous_users: totals.anonymousUsers,
    total_teams: totalTeams,
    mau,
    daily_active_users_split: activitySplit(window.days, figures.activeByDay),
    // Activity is recorded per user; no sign-in or refresh is on a team's behalf (neither is
    // one in Stack Auth, whose events carry no team), so no team is ever counted active.
    daily_active_teams_split: activitySplit(window.days, []),
    total_users_filtered: totals.users + (includeAnonymous ? totals.anonymousUsers : 0),
  };
}
