/**
 * The project overview of the dashboard and `GET /internal/metrics`: totals, sign-ups and
 * active users per day over the last 30 days (days without any are 0), users by sign-in
 * method and by country, and the most recent users. Every figure is one SQL aggregate over
 * an index; the statements run concurrently.
 */
import { countActiveUsersByDay, countSignUpsByDay, countUsers, countUsersByCountry, findRecentUserIds, findUserActiveDays, type DayCount } from "../../db/queries/metrics";
import { findUser, findUsersByIds } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import type { User } from "../users/user";

export const METRICS_DAYS = 30;
const RECENT_USERS = 5;

export interface DataPoint {
  date: string;
  activity: number;
}

export interface Metrics {
  totalUsers: number;
  anonymousUsers: number;
  dailyUsers: DataPoint[];
  dailyActiveUsers: DataPoint[];
  usersByCountry: Record<string, number>;
  recentlyRegistered: User[];
  recentlyActive: User[];
  loginMethods: Array<{ method: string; count: number }>;
}

/** The last `days` UTC dates, oldest first, as YYYY-MM-DD. */
function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

function series(days: string[], counts: DayCount[]): DataPoint[] {
  const byDay = new Map(counts.map((c) => [c.day, c.count]));
  return days.map((date) => ({ date, activity: byDay.get(date) ?? 0 }));
}

export async function projectMetrics(deps: ServiceDeps, tenancy: Tenancy, includeAnonymous: boolean): Promise<Metrics> {
  const days = lastDays(METRICS_DAYS);
  const since = days[0]!;
  const [totals, signUps, active, byCountry, recentIds, activeIds] = await Promise.all([
    countUsers(deps.db, tenancy),
    countSignUpsByDay(deps.db, tenancy, since, includeAnonymous),
    countActiveUsersByDay(deps.db, tenancy, since, includeAnonymous),
    countUsersByCountry(deps.db, tenancy),
    findRecentUserIds(deps.db, tenancy, "signed_up_at", RECENT_USERS),
    findRecentUserIds(deps.db, tenancy, "last_active_at", RECENT_USERS),
  ]);
  const [recentlyRegistered, recentlyActive] = await Promise.all([findUsersByIds(deps.db, tenancy, recentIds), findUsersByIds(deps.db, tenancy, activeIds)]);
  return {
    totalUsers: totals.users + (includeAnonymous ? totals.anonymousUsers : 0),
    anonymousUsers: totals.anonymousUsers,
    dailyUsers: series(days, signUps),
    dailyActiveUsers: series(days, active),
    usersByCountry: byCountry,
    recentlyRegistered,
    recentlyActive,
    loginMethods: [
      { method: "password", count: totals.withPassword },
      { method: "otp", count: totals.withOtp },
      { method: "passkey", count: totals.withPasskey },
    ].filter((entry) => entry.count > 0),
  };
}

export async function userCounts(deps: ServiceDeps, tenancy: Tenancy): Promise<{ totalUsers: number; anonymousUsers: number }> {
  const totals = await countUsers(deps.db, tenancy);
  return { totalUsers: totals.users, anonymousUsers: totals.anonymousUsers };
}

/** One user's activity per day over the last 30 days: 1 on a day they were active, else 0. */
export async function userActivity(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<DataPoint[]> {
  const days = lastDays(METRICS_DAYS);
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const active = new Set(await findUserActiveDays(deps.db, tenancy, userId, days[0]!));
  return days.map((date) => ({ date, activity: active.has(date) ? 1 : 0 }));
}
