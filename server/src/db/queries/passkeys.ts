import type { Queryable } from "../db";
import { jsonParam } from "./rows";
import type { Tenant } from "./tenant";

export interface PasskeyCredentialRecord {
  credentialId: string;
  userId: string;
  /** The COSE public key, base64url. */
  publicKey: string;
  counter: number;
  transports: string[];
}

interface CredentialRow {
  credential_id: string;
  user_id: string;
  public_key: string;
  counter: string | number;
  transports: string[];
}

export interface NewPasskeyCredential {
  credentialId: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  deviceType: string;
  backedUp: boolean;
  rpId: string;
}

/**
 * The credential with this id, locked for the rest of the transaction, if its user still
 * allows passkey sign-in. The lock makes two sign-ins with one signature counter value queue,
 * so the second sees the counter the first stored.
 */
export async function findCredentialForSignIn(q: Queryable, tenant: Tenant, credentialId: string): Promise<PasskeyCredentialRecord | null> {
  const rows = await q.query<CredentialRow>(
    `SELECT c.credential_id, c.user_id, c.public_key, c.counter, c.transports
     FROM passkey_credentials c
     JOIN users u ON u.project_id = c.project_id AND u.branch_id = c.branch_id AND u.id = c.user_id
     WHERE c.project_id = $1 AND c.branch_id = $2 AND c.credential_id = $3 AND u.passkey_auth_enabled
     FOR UPDATE OF c`,
    [tenant.projectId, tenant.branchId, credentialId],
  );
  const row = rows[0];
  if (!row) return null;
  // int8 arrives as a string from pg and as a number from PGlite.
  return { credentialId: row.credential_id, userId: row.user_id, publicKey: row.public_key, counter: Number(row.counter), transports: row.transports };
}

/** Whether another user of the tenant already registered this credential id. */
export async function credentialBelongsToAnotherUser(q: Queryable, tenant: Tenant, credentialId: string, userId: string): Promise<boolean> {
  const rows = await q.query(
    "SELECT 1 FROM passkey_credentials WHERE project_id = $1 AND branch_id = $2 AND credential_id = $3 AND user_id <> $4",
    [tenant.projectId, tenant.branchId, credentialId, userId],
  );
  return rows.length > 0;
}

/**
 * Stores the user's passkey in place of any earlier one and turns passkey sign-in on. False,
 * with nothing stored, when another user registered the same credential id meanwhile; the
 * caller rolls the transaction back.
 */
export async function replaceUserCredential(q: Queryable, tenant: Tenant, credential: NewPasskeyCredential): Promise<boolean> {
  await deleteUserCredentials(q, tenant, credential.userId);
  const inserted = await q.query(
    `INSERT INTO passkey_credentials (project_id, branch_id, credential_id, user_id, public_key, counter, transports, device_type, backed_up, rp_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9, $10)
     ON CONFLICT (project_id, branch_id, credential_id) DO NOTHING RETURNING 1`,
    [
      tenant.projectId,
      tenant.branchId,
      credential.credentialId,
      credential.userId,
      credential.publicKey,
      credential.counter,
      jsonParam(credential.transports),
      credential.deviceType,
      credential.backedUp,
      credential.rpId,
    ],
  );
  if (inserted.length === 0) return false;
  await setPasskeyAuthEnabled(q, tenant, credential.userId, true);
  return true;
}

/** Removes the user's passkeys and turns passkey sign-in off. */
export async function removeUserCredentials(q: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await deleteUserCredentials(q, tenant, userId);
  await setPasskeyAuthEnabled(q, tenant, userId, false);
}

export async function userHasCredential(q: Queryable, tenant: Tenant, userId: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM passkey_credentials WHERE project_id = $1 AND branch_id = $2 AND user_id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * Stores the counter of an accepted signature. Only forward (or 0 to 0, for authenticators
 * that keep no counter): under the row lock of findCredentialForSignIn this always holds for
 * a response the library accepted, and the condition keeps it so without that lock.
 */
export async function advanceCounter(q: Queryable, tenant: Tenant, credentialId: string, counter: number): Promise<boolean> {
  const rows = await q.query(
    `UPDATE passkey_credentials SET counter = $4, last_used_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND credential_id = $3 AND (counter < $4 OR (counter = 0 AND $4 = 0))
     RETURNING credential_id`,
    [tenant.projectId, tenant.branchId, credentialId, counter],
  );
  return rows.length > 0;
}

async function deleteUserCredentials(q: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await q.query("DELETE FROM passkey_credentials WHERE project_id = $1 AND branch_id = $2 AND user_id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
  ]);
}

async function setPasskeyAuthEnabled(q: Queryable, tenant: Tenant, userId: string, enabled: boolean): Promise<void> {
  await q.query("UPDATE users SET passkey_auth_enabled = $4 WHERE project_id = $1 AND branch_id = $2 AND id = $3", [
    tenant.projectId,
    tenant.branchId,
    userId,
    enabled,
  ]);
}
