import { randomBytes, randomInt, randomUUID } from "node:crypto";

/** An unguessable token: `bytes` random bytes, base64url without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function newId(): string {
  return randomUUID();
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` characters of 0-9, A-Z and a-z, each drawn uniformly (ids in Svix's alphabet). */
export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}
