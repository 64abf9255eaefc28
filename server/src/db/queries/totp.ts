import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export interface TotpState {
  /** The TOTP secret sealed with the server secret; null when two-factor sign-in is off. */
  sealedSecret: string | null;
  /** The last time step at which a code of this user was accepted. */
  lastUsedStep: number | null;
}

/** The user's TOTP state, or null when there is no such user. */
export async function findTotpState(q: Queryable, tenant: Tenant, userId: string): Promise<TotpState | null> {
  const rows = await q.query<{ totp_secret_encrypted: string | null; totp_last_used_step: string | number | null }>(
    "SELECT totp_secret_encrypted, totp_last_used_step FROM users WHERE project_id = $1 AND branch_id = $2 AND id = $3",
    [tenant.projectId, tenant.branchId, userId],
  );
  const row = rows[0];
  if (!row) return null;
  // int8 arrives as a string from pg and as a number from PGlite.
  const step = row.totp_last_used_step;
  return { sealedSecret: row.totp_secret_encrypted, lastUsedStep: step === null ? null : Number(step) };
}

/**
 * Records `step` as the user's last accepted TOTP step, only if it is later than the one
 * stored. One conditional UPDATE: of two requests claiming the same step, the second waits
 * for the first's row lock, then finds the step taken. Returns whether this call claimed it.
 */
export async function claimTotpStep(q: Queryable, tenant: Tenant, userId: string, step: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE users SET totp_last_used_step = $4
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND totp_secret_encrypted IS NOT NULL
       AND (totp_last_used_step IS NULL OR totp_last_used_step < $4)
     RETURNING id`,
    [tenant.projectId, tenant.branchId, userId, step],
  );
  return rows.length > 0;
}
