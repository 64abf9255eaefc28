/**
 * User and team API keys, in the format Stack Auth's SDKs and secret scanners recognise:
 *
 *   sk_ | pk_              private or public key
 *   45 characters          the secret: 225 random bits in lowercase base32
 *   32 hex characters      the key's id, a UUID without dashes
 *   user | team            the owner type
 *   1 character            scanner flag: 1 for a self-hosted private key, 3 for a public one
 *   574ck4u7h              marker that scanners look for
 *   8 hex characters       CRC-32 of everything before it
 *
 * The checksum lets a scanner (and us) reject typos and random strings without a lookup;
 * it is not a secret. The key embeds its id, so a presented key is found by id and then
 * its SHA-256 digest is compared with the stored one in constant time: the stored digest
 * cannot be turned back into a usable key, and timing reveals nothing about how much of a
 * guess was right.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { crc32 } from "node:zlib";

export type ApiKeyOwnerType = "user" | "team";

const MARKER = "574ck4u7h";
const SECRET_LENGTH = 45;
const BASE32 = "0123456789abcdefghjkmnpqrstvwxyz";
const KEY_PATTERN = new RegExp(`^(sk|pk)_([${BASE32}]{${SECRET_LENGTH}})([0-9a-f]{32})(user|team)([0-9a-v])${MARKER}([0-9a-f]{8})$`);

function checksum(text: string): string {
  return crc32(Buffer.from(text, "utf8")).toString(16).padStart(8, "0");
}

function randomSecret(): string {
  // 32 divides 256, so taking five bits of each byte keeps every character equally likely.
  return [...randomBytes(SECRET_LENGTH)].map((byte) => BASE32[byte & 31]).join("");
}

/** A new key for the given id. The scanner flag counts 1 for self-hosted and 2 for public. */
export function createApiKeyValue(input: { id: string; type: ApiKeyOwnerType; isPublic: boolean }): string {
  const prefix = input.isPublic ? "pk" : "sk";
  const scannerFlag = (1 + (input.isPublic ? 2 : 0)).toString(32);
  const body = `${prefix}_${randomSecret()}${input.id.replace(/-/g, "")}${input.type}${scannerFlag}${MARKER}`;
  return body + checksum(body);
}

/** The id and owner type a well-formed key names, or null for anything else (including a bad checksum). */
export function parseApiKeyValue(value: string): { id: string; type: ApiKeyOwnerType; isPublic: boolean } | null {
  const match = KEY_PATTERN.exec(value);
  if (!match || checksum(value.slice(0, -8)) !== match[6]) return null;
  const hex = match[3]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { id, type: match[4] as ApiKeyOwnerType, isPublic: match[1] === "pk" };
}

export function apiKeyDigest(value: string): string {
  return createHash("sha256").update(value, "utf8").digest("hex");
}

/** Whether the presented key has the stored digest, compared in constant time. */
export function apiKeyMatchesDigest(value: string, storedDigest: string): boolean {
  const presented = Buffer.from(apiKeyDigest(value), "hex");
  const stored = Buffer.from(storedDigest, "hex");
  return presented.length === stored.length && timingSafeEqual(presented, stored);
}
