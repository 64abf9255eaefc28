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
  },
): Promise<void> {
  await q.query(
    `INSERT INTO sessions (project_id, branch_id, id, user_id, refresh_token_hash, is_impersonation, expires_at, ip, user_agent)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
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

export async function deleteSession(q: Queryable, tenant: Tenant, sessionId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "DELETE FROM sessions WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND user_id = $4 RETURNING id",
    [tenant.projectId, tenant.branchId, sessionId, userId],
  );
  return rows.length > 0;
}
