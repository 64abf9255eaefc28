/**
 * Proof of which server secret sealed a database's secrets, safe to store beside them: an
 * HMAC-SHA256 of a fixed label under a key derived from the secret with HKDF (its own
 * purpose, so it is unrelated to every sealing key). Without the secret it cannot be made
 * or reversed; with a candidate secret it is recomputed and compared in constant time.
 */
import { createHmac, hkdfSync, timingSafeEqual } from "node:crypto";

const LABEL = "gatehouse server secret verifier";

export function serverSecretVerifier(serverSecret: string): string {
  const key = Buffer.from(hkdfSync("sha256", serverSecret, "gatehouse-secret-verifier", "server-secret-verifier", 32));
  return `v1.${createHmac("sha256", key).update(LABEL).digest("base64url")}`;
}

export function verifierMatches(serverSecret: string, stored: string): boolean {
  const expected = Buffer.from(serverSecretVerifier(serverSecret));
  const actual = Buffer.from(stored);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
