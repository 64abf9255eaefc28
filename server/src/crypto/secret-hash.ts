/**
 * Secrets we only ever compare (API keys, refresh tokens, verification codes) are stored
 * as SHA-256 digests. They are high-entropy random values, so a fast unsalted hash is
 * enough: nothing can be brute-forced back, and a digest can be looked up by index, which
 * makes the lookup itself independent of how much of a guess matches. Where two secrets
 * are compared directly, the comparison is constant-time.
 */
import { createHash, timingSafeEqual } from "node:crypto";

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret, "utf8").digest("hex");
}

export function secretsEqual(a: string, b: string): boolean {
  const left = createHash("sha256").update(a, "utf8").digest();
  const right = createHash("sha256").update(b, "utf8").digest();
  return timingSafeEqual(left, right);
}
