import { knownError } from "./define";

/** Data vault stores: declared in the configuration (`dataVault.stores`), values encrypted by the client. */
export const dataVaultErrors = {
  DATA_VAULT_STORE_DOES_NOT_EXIST: knownError<{ store_id: string }>(
    400,
    (d) => `The data vault store "${d.store_id}" does not exist; declare it in the project configuration (dataVault.stores.${d.store_id}).`,
  ),
  DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST: knownError<{ store_id: string; hashed_key: string }>(
    400,
    (d) => `The data vault store "${d.store_id}" holds no value for this hashed key.`,
  ),
};
