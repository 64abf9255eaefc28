import type { Queryable } from "../db";
import { jsonParam } from "./rows";
import type { Tenant } from "./tenant";

export interface VerificationCodeRecord {
  id: string;
  purpose: string;
  codeHash: string;
  userId: string | null;
  email: string | null;
  teamId: string | null;
  data: Record<string, unknown>;
  attempts: number;
  expiresAt: Date;
  usedAt: Date | null;
}

interface CodeRow {
  id: string;
  purpose: string;
  code_hash: string;
  user_id: string | null;
  email: string | null;
  team_id: string | null;
  data: Record<string, unknown>;
  attempts: number;
  expires_at: Date;
  used_at: Date | null;
}

const COLUMNS = "id, purpose, code_hash, user_id, email, team_id, data, attempts, expires_at, used_at";

function toRecord(row: CodeRow): VerificationCodeRecord {
  return {
    id: row.id,
    purpose: row.purpose,
    codeHash: row.code_hash,
    userId: row.user_id,
    email: row.email,
    teamId: row.team_id,
    data: row.data,
    attempts: row.attempts,
    expiresAt: new Date(row.expires_at),
    usedAt: row.used_at === null ? null : new Date(row.used_at),
  };
}

export async function insertVerificationCode(
  q: Queryable,
  tenant: Tenant,
  code: {
    id: string;
    purpose: string;
    nonceHash: string;
    codeHash: string;
    userId: string | null;
    email: string | null;
    teamId: string | null;
    data: Record<string, unknown>;
    expiresAt: Date;
  },
): Promise<void> {
  await q.query(
    `INSERT INTO verification_codes (project_id, branch_id, id, purpose, nonce_hash, code_hash, user_id, email, team_id, data, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10::jsonb, $11)`,
    [
      tenant.projectId,
      tenant.branchId,
      code.id,
      code.purpose,
      code.nonceHash,
      code.codeHash,
      code.userId,
      code.email,
      code.teamId,
      jsonParam(code.data),
      code.expiresAt,
    ],
  );
}

/** Finds a code by its nonce's digest and locks the row for the rest of the transaction. */
export async function findCodeForUpdate(
  q: Queryable,
  tenant: Tenant,
  purpose: string,
  nonceHash: string,
): Promise<VerificationCodeRecord | null> {
  const rows = await q.query<CodeRow>(
    `SELECT ${COLUMNS} FROM verification_codes
     WHERE nonce_hash = $3 AND project_id = $1 AND branch_id = $2 AND purpose = $4 FOR UPDATE`,
    [tenant.projectId, tenant.branchId, nonceHash, purpose],
  );
  return rows[0] ? toRecord(rows[0]) : null;
}

/** The user a code belongs to, without locking it (to rate-limit per user before checking it). */
export async function findCodeUserId(q: Queryable, tenant: Tenant, purpose: string, nonceHash: string): Promise<string | null> {
  const rows = await q.query<{ user_id: string | null }>(
    "SELECT user_id FROM verification_codes WHERE nonce_hash = $3 AND project_id = $1 AND branch_id = $2 AND purpose = $4",
    [tenant.projectId, tenant.branchId, nonceHash, purpose],
  );
  return rows[0]?.user_id ?? null;
}

export async function recordFailedAttempt(q: Queryable, tenant: Tenant, id: string): Promise<void> {
  await q.query("UPDATE verification_codes SET attempts = attempts + 1 WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
}

export async function markCodeUsed(q: Queryable, tenant: Tenant, id: string): Promise<void> {
  await q.query("UPDATE verification_codes SET used_at = now() WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
}

/** Retires the unused codes of one purpose for a user or address, when a new one replaces them. */
export async function expireOutstandingCodes(
  q: Queryable,
  tenant: Tenant,
  purpose: string,
  owner: { userId?: string | null; email?: string | null },
): Promise<void> {
  await q.query(
    `UPDATE verification_codes SET expires_at = LEAST(expires_at, now())
     WHERE project_id = $1 AND branch_id = $2 AND purpose = $3 AND used_at IS NULL
       AND (($4::uuid IS NOT NULL AND user_id = $4::uuid) OR ($5::text IS NOT NULL AND email = $5::text))`,
    [tenant.projectId, tenant.branchId, purpose, owner.userId ?? null, owner.email ?? null],
  );
}

/**
 * Gives a pending code its user (a CLI login confirmed by that user), merging `data` into
 * its own; only while the code is unused, unexpired and has no user yet. False otherwise.
 */
export async function assignPendingCodeUser(
  q: Queryable,
  tenant: Tenant,
  id: string,
  userId: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const rows = await q.query(
    `UPDATE verification_codes SET user_id = $4, data = data || $5::jsonb
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND user_id IS NULL AND used_at IS NULL AND expires_at > now()
     RETURNING id`,
    [tenant.projectId, tenant.branchId, id, userId, jsonParam(data)],
  );
  return rows.length > 0;
}

/** Replaces a code's data. */
export async function replaceCodeData(q: Queryable, tenant: Tenant, id: string, data: Record<string, unknown>): Promise<void> {
  await q.query("UPDATE verification_codes SET data = $4::jsonb WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    id,
    jsonParam(data),
  ]);
}
