import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface SessionRecord {
  id: string;
  userId: string;
  isImpersonation: boolean;
}

export async function insertSession(
  q: Queryable,
  tenant: Tenant,
  session: {
    id: string;
    userId: string;
    refreshTokenHash: string;
    isImpersonation: boolean;
    expiresAt: Date | null;
    ip: string | null;
    userAgent: string | null;
    countryCode: string | null;
    cityName: string | null;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (project_id, branch_id, id, user_id, refresh_token_hash, is_impersonation, expires_at, ip, user_agent, country_code, city_name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      tenant.projectId,
      tenant.branchId,
      session.id,
      session.userId,
      session.refreshTokenHash,
      session.isImpersonation,
      session.expiresAt,
      session.ip,
      session.userAgent,
      session.countryCode,
      session.cityName,
    ],
  );
}

/** Finds a live session by its refresh token's hash and records that it was used. */
export async function useSessionByRefreshHash(
  q: Queryable,
  tenant: Tenant,
  refreshTokenHash: string,
): Promise<SessionRecord | null> {
  const rows = await q.query<{ id: string; user_id: string; is_impersonation: boolean }>(
    `UPDATE sessions SET last_used_at = now()
     WHERE refresh_token_hash = $3 AND project_id = $1 AND branch_id = $2 AND (expires_at IS NULL OR expires_at > now())
     RETURNING id, user_id, is_impersonation`,
    [tenant.projectId, tenant.branchId, refreshTokenHash],
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, isImpersonation: row.is_impersonation } : null;
}

/** A live session by its refresh token's hash, without recording use (for checks that are not a use). */
export async function findLiveSessionByRefreshHash(q: Queryable, tenant: Tenant, refreshTokenHash: string): Promise<SessionRecord | null> {
  const rows = await q.query<{ id: string; user_id: string; is_impersonation: boolean }>(
    `SELECT id, user_id, is_impersonation FROM sessions
     WHERE refresh_token_hash = $3 AND project_id = $1 AND branch_id = $2 AND (expires_at IS NULL OR expires_at > now())`,
    [tenant.projectId, tenant.branchId, refreshTokenHash],
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, isImpersonation: row.is_impersonation } : null;
}

export async function deleteSession(q: Queryable, tenant: Tenant, sessionId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "DELETE FROM sessions WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND user_id = $4 RETURNING id",
    [tenant.projectId, tenant.branchId, sessionId, userId],
  );
  return rows.length > 0;
}

export interface SessionListRow {
  id: string;
  userId: string;
  isImpersonation: boolean;
  createdAt: Date;
  lastUsedAt: Date;
  ip: string | null;
  userAgent: string | null;
  countryCode: string | null;
  cityName: string | null;
}

/** The user's live (unexpired) sessions, oldest first. */
export async function listLiveSessions(q: Queryable, tenant: Tenant, userId: string): Promise<SessionListRow[]> {
  const rows = await q.query<{
    id: string;
    user_id: string;
    is_impersonation: boolean;
    created_at: Date | string;
    last_used_at: Date | string;
    ip: string | null;
    user_agent: string | null;
    country_code: string | null;
    city_name: string | null;
  }>(
    `SELECT id, user_id, is_impersonation, created_at, last_used_at, ip, user_agent, country_code, city_name FROM sessions
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND (expires_at IS NULL OR expires_at > now())
     ORDER BY created_at, id`,
    [tenant.projectId, tenant.branchId, userId],
  );
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    isImpersonation: row.is_impersonation,
    createdAt: new Date(row.created_at),
    lastUsedAt: new Date(row.last_used_at),
    ip: row.ip,
    userAgent: row.user_agent,
    countryCode: row.country_code,
    cityName: row.city_name,
  }));
}

/** Deletes a session by id alone (server access, which may act on any user's session). */
/** Deletes the session; answers its user's id, or null when there was no such session. */
export async function deleteSessionById(q: Queryable, tenant: Tenant, sessionId: string): Promise<string | null> {
  const rows = await q.query<{ user_id: string }>("DELETE FROM sessions WHERE project_id = $1 AND branch_id = $2 AND id = $3 RETURNING user_id", [
    tenant.projectId,
    tenant.branchId,
    sessionId,
  ]);
  return rows[0]?.user_id ?? null;
}

/** Records use of a session and activity of its user in one statement. */
export async function touchSessionAndUser(q: Queryable, tenant: Tenant, userId: string, sessionId: string): Promise<void> {
  await q.query(
    `WITH s AS (
       UPDATE sessions SET last_used_at = now() WHERE project_id = $1 AND branch_id = $2 AND id = $4 AND user_id = $3
     )
     UPDATE users SET last_active_at = now() WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [tenant.projectId, tenant.branchId, userId, sessionId],
  );
}

/** A live (unexpired) session of `userId` by id, or null. */
export async function findLiveSession(q: Queryable, tenant: Tenant, sessionId: string, userId: string): Promise<SessionRecord | null> {
  const rows = await q.query<{ id: string; user_id: string; is_impersonation: boolean }>(
    `SELECT id, user_id, is_impersonation FROM sessions
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND user_id = $4 AND (expires_at IS NULL OR expires_at > now())`,
    [tenant.projectId, tenant.branchId, sessionId, userId],
  );
  const row = rows[0];
  return row ? { id: row.id, userId: row.user_id, isImpersonation: row.is_impersonation } : null;
}

/** When a live session of `userId` began (its sign-in), or null when it has ended. */
export async function findLiveSessionStart(q: Queryable, tenant: Tenant, sessionId: string, userId: string): Promise<Date | null> {
  const rows = await q.query<{ created_at: Date | string }>(
    `SELECT created_at FROM sessions
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND user_id = $4 AND (expires_at IS NULL OR expires_at > now())`,
    [tenant.projectId, tenant.branchId, sessionId, userId],
  );
  return rows[0] ? new Date(rows[0].created_at) : null;
}
