/**
 * Data vault stores: key-value stores an app declares in its configuration
 * (`dataVault.stores.<id>`). The server never sees a plain key or value: the client sends a
 * key hashed with its secret and a value it encrypted (clients/src/data-vault), so values
 * are stored as given, one per hashed key.
 */
import { findDataVaultValue, upsertDataVaultValue } from "../../db/queries/data-vault";
import { KnownError } from "../../errors";
import { unlessDeletedMeanwhile } from "../../db/deleted-meanwhile";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

function requireStore(tenancy: Tenancy, storeId: string): void {
  if (!Object.hasOwn(tenancy.config.dataVault.stores, storeId)) throw new KnownError("DATA_VAULT_STORE_DOES_NOT_EXIST", { store_id: storeId });
}

export async function setDataVaultValue(deps: ServiceDeps, tenancy: Tenancy, storeId: string, hashedKey: string, encryptedValue: string): Promise<void> {
  requireStore(tenancy, storeId);
  await unlessDeletedMeanwhile(
    () => upsertDataVaultValue(deps.db, tenancy, storeId, hashedKey, encryptedValue),
    () => new KnownError("CURRENT_PROJECT_NOT_FOUND", { project_id: tenancy.projectId }),
  );
}

export async function getDataVaultValue(deps: ServiceDeps, tenancy: Tenancy, storeId: string, hashedKey: string): Promise<string> {
  requireStore(tenancy, storeId);
  const value = await findDataVaultValue(deps.db, tenancy, storeId, hashedKey);
  if (value === null) throw new KnownError("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", { store_id: storeId, hashed_key: hashedKey });
  return value;
}
