export { decryptVaultValue, encryptVaultValue, hashVaultKey, VaultDecryptionError } from "./vault-crypto";
