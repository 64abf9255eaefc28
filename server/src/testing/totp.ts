/**
 * An authenticator app for tests: RFC 6238 codes (HMAC-SHA-1, six digits, 30-second steps)
 * written out from the RFC with node:crypto, independent of the otplib the server uses, so
 * a test that passes proves the server agrees with the RFC, not with itself.
 */
import { createHmac, randomBytes } from "node:crypto";
import { call, signUpUser, type Credentials, type SignedInUser } from "./fixtures";
import type { TestApp } from "./test-server";

/** The six-digit code of `secret` for the 30-second step `offset` steps from the one holding `atMs`. */
export function totpCode(secret: Uint8Array, atMs: number = Date.now(), offset = 0): string {
  const step = Math.floor(atMs / 30_000) + offset;
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac("sha1", secret).update(counter).digest();
  const at = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(at) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, "0");
}

/** A fresh 20-byte secret, as the SDK's enrolment makes, with its base64 for `totp_secret_base64`. */
export function newTotpSecret(): { bytes: Buffer; base64: string } {
  const bytes = randomBytes(20);
  return { bytes, base64: bytes.toString("base64") };
}

/** A six-digit code that is none of `secret`'s codes for the steps around `atMs`. */
export function wrongTotpCode(secret: Uint8Array, atMs: number = Date.now()): string {
  const taken = new Set([-2, -1, 0, 1, 2].map((offset) => totpCode(secret, atMs, offset)));
  let candidate = 0;
  while (taken.has(String(candidate).padStart(6, "0"))) candidate++;
  return String(candidate).padStart(6, "0");
}

/** A user who signed up with a password and then turned two-factor sign-in on, as a person would. */
export async function signUpWithTotp(
  t: Pick<TestApp, "request">,
  client: Credentials,
  input: { email?: string } = {},
): Promise<SignedInUser & { secret: Buffer }> {
  const user = await signUpUser(t, client, input);
  const { bytes, base64 } = newTotpSecret();
  const res = await call(t, "PATCH", "/users/me", { creds: { ...client, accessToken: user.accessToken }, body: { totp_secret_base64: base64 } });
  if (res.status !== 200 || res.json.requires_totp_mfa !== true) throw new Error(`TOTP enrolment failed: ${res.status} ${res.text}`);
  return { ...user, secret: bytes };
}
