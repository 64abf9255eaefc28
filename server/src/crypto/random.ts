import { randomBytes, randomInt, randomUUID } from "node:crypto";

/** An unguessable token: `bytes` random bytes, base64url without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function newId(): string {
  return randomUUID();
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `text` has the shape of an id newId makes (a UUID of any version, in any case): what a uuid column can be compared with. */
export function isUuid(text: string): boolean {
  return UUID.test(text);
}

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** `length` characters of 0-9, A-Z and a-z, each drawn uniformly (ids in Svix's alphabet). */
export function randomBase62(length: number): string {
  let out = "";
  for (let i = 0; i < length; i++) out += BASE62[randomInt(62)];
  return out;
}
