import type { Queryable } from "../db";
import type { Tenant } from "./tenant";

export async function upsertDataVaultValue(q: Queryable, tenant: Tenant, storeId: string, hashedKey: string, encryptedValue: string): Promise<void> {
  await q.query(
    `INSERT INTO data_vault_entries (project_id, branch_id, store_id, hashed_key, encrypted_value) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id, branch_id, store_id, hashed_key) DO UPDATE SET encrypted_value = EXCLUDED.encrypted_value, updated_at = now()`,
    [tenant.projectId, tenant.branchId, storeId, hashedKey, encryptedValue],
  );
}

export async function findDataVaultValue(q: Queryable, tenant: Tenant, storeId: string, hashedKey: string): Promise<string | null> {
  const rows = await q.query<{ encrypted_value: string }>(
    "SELECT encrypted_value FROM data_vault_entries WHERE project_id = $1 AND branch_id = $2 AND store_id = $3 AND hashed_key = $4",
    [tenant.projectId, tenant.branchId, storeId, hashedKey],
  );
  return rows[0]?.encrypted_value ?? null;
}
