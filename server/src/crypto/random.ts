import { randomBytes, randomUUID } from "node:crypto";

/** An unguessable token: `bytes` random bytes, base64url without padding. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString("base64url");
}

export function newId(): string {
  return randomUUID();
}
