import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

/** The user's password hash; null when the user has none, undefined when there is no such user. */
export async function findPasswordHash(q: Queryable, tenant: Tenant, userId: string): Promise<string | null | undefined> {
  const rows = await q.query<{ password_hash: string | null }>(
    "SELECT password_hash FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3",
    [tenant.projectId, tenant.branchId, userId],
  );
  return rows[0] ? rows[0].password_hash : undefined;
}

/** Sets a first password: only when the user has none yet, so two racing calls cannot both win. */
export async function setPasswordHashIfAbsent(q: Queryable, tenant: Tenant, userId: string, passwordHash: string): Promise<boolean> {
  const rows = await q.query(
    `UPDATE users SET password_hash = $4 WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND password_hash IS NULL
     RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, passwordHash],
  );
  return rows.length > 0;
}

/** Ends every session of the user except `keepSessionId` (when given). */
export async function deleteUserSessions(q: Queryable, tenant: Tenant, userId: string, keepSessionId?: string): Promise<number> {
  const rows = await q.query(
    `DELETE FROM sessions WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND ($4::uuid IS NULL OR id <> $4::uuid)
     RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, keepSessionId ?? null],
  );
  return rows.length;
}

/** Marks the user's e-mail channel with this address as verified. */
export async function markEmailVerified(q: Queryable, tenant: Tenant, userId: string, email: string): Promise<void> {
  await q.query(
    `UPDATE contact_channels SET is_verified = true
     WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND type = 'email' AND value = $4`,
    [tenant.projectId, tenant.branchId, userId, email],
  );
}

/** Turns sign-in with an e-mailed code on for the user. */
export async function enableOtpAuth(q: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await q.query("UPDATE users SET otp_auth_enabled = true WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
}

/** Swaps the password hash only while it is still `oldHash`, so a password changed meanwhile is never overwritten. */
export async function replacePasswordHash(q: Queryable, tenant: Tenant, userId: string, oldHash: string, newHash: string): Promise<void> {
  await q.query("UPDATE users SET password_hash = $5 WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND password_hash = $4", [
    tenant.projectId,
    tenant.branchId,
    userId,
    oldHash,
    newHash,
  ]);
}
