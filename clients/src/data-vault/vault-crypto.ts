/**
 * Client-side encryption for data vault stores (SPEC §9), interoperable with what the Stack
 * SDK's store helper writes, so values stored by either can be read by the other:
 *
 * - the key is stretched with PBKDF2-SHA-256, 100,000 iterations, the app's secret mixed into
 *   the salt; the server only ever sees a one-iteration PBKDF2 hash of that (hashKey), so it
 *   cannot learn the key;
 * - the value is encrypted with AES-GCM-256 under a key derived by HKDF-SHA-256 from the
 *   stretched key and a fresh 16-byte salt, with a fresh 12-byte IV. The stored form is base64
 *   of `0x01 0x00 || salt || iv || ciphertext+tag`; tampering with any byte fails decryption.
 *
 * The purpose strings and salt layouts below are the protocol's, not ours to choose: they are
 * what makes the output readable by the SDK. Works wherever WebCrypto is (browsers, Node 20).
 */
const KEY_HASH_PURPOSE = "stack-data-vault-client-side-encryption-key-hash";
const KEY_STRETCH_PURPOSE = "stack-data-vault-client-side-encryption-value-encryption-key-hash";
const VALUE_PURPOSE = "stack-data-vault-client-side-encryption-value-encryption-value-encryption";
const KEY_STRETCH_ITERATIONS = 100_000;
const FORMAT_VERSION = [1, 0] as const;
const SALT_BYTES = 16;
const IV_BYTES = 12;

const utf8 = (value: string) => new TextEncoder().encode(value);

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** PBKDF2-SHA-256 to 32 bytes, with the purpose and the secret in a JSON salt. */
async function pbkdf2(value: Uint8Array, purpose: string, secret: string, iterations: number): Promise<Uint8Array> {
  const material = await crypto.subtle.importKey("raw", value as BufferSource, "PBKDF2", false, ["deriveBits"]);
  const salt = utf8(JSON.stringify(["stack-crypto-helper-iterated-hash", purpose, toBase64(new Uint8Array(0)), toBase64(utf8(secret))]));
  return new Uint8Array(await crypto.subtle.deriveBits({ name: "PBKDF2", salt, iterations, hash: "SHA-256" }, material, 256));
}

/** The stretched key: the slow step, shared by hashing and encryption. */
const stretchKey = (secret: string, key: string) => pbkdf2(utf8(key), KEY_STRETCH_PURPOSE, secret, KEY_STRETCH_ITERATIONS);

async function valueKey(stretched: Uint8Array, salt: Uint8Array): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey("raw", stretched as BufferSource, "HKDF", false, ["deriveKey"]);
  const info = utf8(JSON.stringify(["stack-crypto-helper-derived-symmetric-key", VALUE_PURPOSE, "binary-key", toBase64(salt)]));
  return crypto.subtle.deriveKey({ name: "HKDF", salt: salt as BufferSource, hash: "SHA-256", info }, material, { name: "AES-GCM", length: 256 }, false, [
    "encrypt",
    "decrypt",
  ]);
}

/** What the server stores the value under: it reveals neither the key nor the secret. */
export async function hashVaultKey(secret: string, key: string): Promise<string> {
  return toBase64(await pbkdf2(await stretchKey(secret, key), KEY_HASH_PURPOSE, secret, 1));
}

export async function encryptVaultValue(secret: string, key: string, value: string): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, await valueKey(await stretchKey(secret, key), salt), utf8(value)));
  return toBase64(new Uint8Array([...FORMAT_VERSION, ...salt, ...iv, ...cipher]));
}

export class VaultDecryptionError extends Error {
  constructor(reason: string) {
    super(`The data vault value could not be decrypted: ${reason}. Is the secret the one it was stored with?`);
    this.name = "VaultDecryptionError";
  }
}

export async function decryptVaultValue(secret: string, key: string, encrypted: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = fromBase64(encrypted);
  } catch {
    throw new VaultDecryptionError("it is not base64");
  }
  if (bytes.length < 2 + SALT_BYTES + IV_BYTES + 16 || bytes[0] !== FORMAT_VERSION[0] || bytes[1] !== FORMAT_VERSION[1]) {
    throw new VaultDecryptionError("it is not in the expected format");
  }
  const salt = bytes.slice(2, 2 + SALT_BYTES);
  const iv = bytes.slice(2 + SALT_BYTES, 2 + SALT_BYTES + IV_BYTES);
  try {
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv }, await valueKey(await stretchKey(secret, key), salt), bytes.slice(2 + SALT_BYTES + IV_BYTES));
    return new TextDecoder().decode(plain);
  } catch {
    throw new VaultDecryptionError("the secret, the key or the stored value does not match");
  }
}
