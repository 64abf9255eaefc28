/**
 * The project overview of the dashboard and `GET /internal/metrics`, in Stack Auth's shape:
 * totals, sign-ups and active users per day over the window (window.ts), users by sign-in
 * method and by latest country, the newest and the most recently active users, and four
 * groups: auth, payments, e-mail and analytics (one module each). Leaving anonymous users out
 * unless asked applies to the user figures and the analytics; the group totals of anonymous
 * users are always given. Every figure is one SQL aggregate over a counter table or an index;
 * the statements run concurrently.
 */
import { countActiveUsersByDay, countSignUpsByDay, countUsers, countUsersByCountry, findRecentUserIds, findUserActiveDays } from "../../db/queries/metrics";
import { findUser, findUsersByIds } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { toServerUser } from "../users/read-shapes";
import { restrictionRules } from "../users/restriction";
import { analyticsOverview } from "./analytics-overview";
import { authOverview } from "./auth-overview";
import { emailOverview } from "./email-overview";
import { paymentsOverview } from "./payments-overview";
import { lastDays, metricsWindow, series, type DataPoint } from "./window";

/** As Stack Auth: the 100 newest sign-ups, the 5 most recently active users. */
const RECENTLY_REGISTERED = 100;
const RECENTLY_ACTIVE = 5;
/** GET /internal/user-activity answers the last 30 days. */
const USER_ACTIVITY_DAYS = 30;

export async function projectMetrics(deps: ServiceDeps, tenancy: Tenancy, includeAnonymous: boolean) {
  const window = metricsWindow();
  const since = window.days[0]!;
  const [totals, signUps, activeByDay, byCountry, registeredIds, activeIds, payments, emails] = await Promise.all([
    countUsers(deps.db, tenancy),
    countSignUpsByDay(deps.db, tenancy, since, includeAnonymous),
    countActiveUsersByDay(deps.db, tenancy, since, includeAnonymous),
    countUsersByCountry(deps.db, tenancy, includeAnonymous),
    findRecentUserIds(deps.db, tenancy, "signed_up_at", RECENTLY_REGISTERED, includeAnonymous),
    findRecentUserIds(deps.db, tenancy, "last_active_at", RECENTLY_ACTIVE, includeAnonymous),
    paymentsOverview(deps, tenancy, window),
    emailOverview(deps, tenancy, window),
  ]);
  const [auth, analytics, registered, active] = await Promise.all([
    authOverview(deps, tenancy, window, includeAnonymous, { totals, activeByDay }),
    analyticsOverview(deps, tenancy, window, includeAnonymous, { totalCents: payments.revenueCents, daily: payments.dailyRevenue }),
    findUsersByIds(deps.db, tenancy, registeredIds),
    findUsersByIds(deps.db, tenancy, activeIds),
  ]);
  const rules = restrictionRules(tenancy.config);
  return {
    total_users: auth.total_users_filtered,
    daily_users: series(window.days, signUps),
    daily_active_users: auth.daily_active_users_split.total,
    users_by_country: byCountry,
    recently_registered: registered.map((user) => toServerUser(user, rules)),
    recently_active: active.map((user) => toServerUser(user, rules)),
    login_methods: [
      { method: "password", count: totals.withPassword },
      { method: "otp", count: totals.withOtp },
      { method: "passkey", count: totals.withPasskey },
    ].filter((entry) => entry.count > 0),
    auth_overview: auth,
    payments_overview: payments.overview,
    email_overview: emails,
    analytics_overview: analytics,
  };
}

export async function userCounts(deps: ServiceDeps, tenancy: Tenancy): Promise<{ totalUsers: number; anonymousUsers: number }> {
  const totals = await countUsers(deps.db, tenancy);
  return { totalUsers: totals.users, anonymousUsers: totals.anonymousUsers };
}

/** One user's activity per day over the last 30 days: 1 on a day they were active, else 0. */
export async function userActivity(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<DataPoint[]> {
  const days = lastDays(USER_ACTIVITY_DAYS);
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const active = new Set(await findUserActiveDays(deps.db, tenancy, userId, days[0]!));
  return days.map((date) => ({ date, activity: active.has(date) ? 1 : 0 }));
}
