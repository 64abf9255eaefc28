import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface UserTotals {
  users: number;
  anonymousUsers: number;
  /** Users (not anonymous) with at least one verified e-mail address. */
  verifiedUsers: number;
  withPassword: number;
  withOtp: number;
  withPasskey: number;
}

/** The project's user counts, from the counters the users triggers keep (migrations 0017, 0075). */
export async function countUsers(q: Queryable, tenant: Tenant): Promise<UserTotals> {
  const [row] = await q.query<Record<string, string | null>>(
    `SELECT sum(users) FILTER (WHERE NOT is_anonymous) AS users,
       sum(users) FILTER (WHERE is_anonymous) AS anonymous_users,
       sum(users) FILTER (WHERE NOT is_anonymous AND has_verified_email) AS verified_users,
       sum(users) FILTER (WHERE NOT is_anonymous AND has_password) AS with_password,
       sum(users) FILTER (WHERE NOT is_anonymous AND otp_auth_enabled) AS with_otp,
       sum(users) FILTER (WHERE NOT is_anonymous AND passkey_auth_enabled) AS with_passkey
     FROM user_counts WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId],
  );
  return {
    users: Number(row?.users ?? 0),
    anonymousUsers: Number(row?.anonymous_users ?? 0),
    verifiedUsers: Number(row?.verified_users ?? 0),
    withPassword: Number(row?.with_password ?? 0),
    withOtp: Number(row?.with_otp ?? 0),
    withPasskey: Number(row?.with_passkey ?? 0),
  };
}

export interface DayCount {
  day: string;
  count: number;
}

/** Sign-ups per UTC day from `since` (a date), read along the signed-up index. */
export async function countSignUpsByDay(q: Queryable, tenant: Tenant, since: string, includeAnonymous: boolean): Promise<DayCount[]> {
  const rows = await q.query<{ day: string; count: string }>(
    `SELECT to_char((signed_up_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day, count(*) AS count FROM users
     WHERE project_id = $1 AND branch_id = $2 AND signed_up_at >= ($3::date AT TIME ZONE 'UTC') AND ($4 OR NOT is_anonymous)
     GROUP BY 1`,
    [tenant.projectId, tenant.branchId, since, includeAnonymous],
  );
  return rows.map((row) => ({ day: row.day, count: Number(row.count) }));
}

export type ActivityKind = "new" | "retained" | "reactivated";

export interface KindDayCount extends DayCount {
  kind: ActivityKind;
}

/**
 * Distinct active users per UTC day from `since`, by what the day was to them (migration
 * 0075), from the counters of user_activity_days.
 */
export async function countActiveUsersByDay(q: Queryable, tenant: Tenant, since: string, includeAnonymous: boolean): Promise<KindDayCount[]> {
  const rows = await q.query<{ day: string; kind: ActivityKind; count: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, kind, sum(users) AS count FROM daily_active_counts
     WHERE project_id = $1 AND branch_id = $2 AND day >= $3::date AND ($4 OR NOT is_anonymous)
     GROUP BY day, kind`,
    [tenant.projectId, tenant.branchId, since, includeAnonymous],
  );
  return rows.map((row) => ({ day: row.day, kind: row.kind, count: Number(row.count) }));
}

/** Distinct users active on any day from `since`: those whose last active day is in the window. */
export async function countActiveUsersSince(q: Queryable, tenant: Tenant, since: string, includeAnonymous: boolean): Promise<number> {
  const [row] = await q.query<{ count: string | null }>(
    `SELECT sum(users) AS count FROM last_active_counts
     WHERE project_id = $1 AND branch_id = $2 AND day >= $3::date AND ($4 OR NOT is_anonymous)`,
    [tenant.projectId, tenant.branchId, since, includeAnonymous],
  );
  return Number(row?.count ?? 0);
}

export async function countTeams(q: Queryable, tenant: Tenant): Promise<number> {
  const [row] = await q.query<{ count: string | null }>("SELECT sum(teams) AS count FROM team_counts WHERE project_id = $1 AND branch_id = $2", [
    tenant.projectId,
    tenant.branchId,
  ]);
  return Number(row?.count ?? 0);
}

/** The days from `since` on which one user was active. */
export async function findUserActiveDays(q: Queryable, tenant: Tenant, userId: string, since: string): Promise<string[]> {
  const rows = await q.query<{ day: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM user_activity_days
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND day >= $4::date ORDER BY day`,
    [tenant.projectId, tenant.branchId, userId, since],
  );
  return rows.map((row) => row.day);
}

/** Users by their latest known country (of a sign-in or refresh, else of the sign-up). */
export async function countUsersByCountry(q: Queryable, tenant: Tenant, includeAnonymous: boolean): Promise<Record<string, number>> {
  const rows = await q.query<{ country_code: string; count: string }>(
    `SELECT country_code, sum(users) AS count FROM user_counts
     WHERE project_id = $1 AND branch_id = $2 AND country_code <> '' AND ($3 OR NOT is_anonymous)
     GROUP BY country_code HAVING sum(users) > 0 ORDER BY count DESC, country_code`,
    [tenant.projectId, tenant.branchId, includeAnonymous],
  );
  return Object.fromEntries(rows.map((row) => [row.country_code, Number(row.count)]));
}

/** The ids of the most recent users by sign-up or by activity, newest first. */
export async function findRecentUserIds(
  q: Queryable,
  tenant: Tenant,
  by: "signed_up_at" | "last_active_at",
  limit: number,
  includeAnonymous = false,
): Promise<string[]> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM users WHERE project_id = $1 AND branch_id = $2 AND ($4 OR NOT is_anonymous)
     ORDER BY ${by === "signed_up_at" ? "signed_up_at" : "last_active_at"} DESC, id DESC LIMIT $3`,
    [tenant.projectId, tenant.branchId, limit, includeAnonymous],
  );
  return rows.map((row) => row.id);
}
