/**
 * TOTP codes (RFC 6238 with the defaults every authenticator app uses: HMAC-SHA-1, six
 * digits, 30-second steps), checked with otplib. The secret is the raw key bytes the user
 * enrolled as `totp_secret_base64`, not a Base32 string, so it is handed to otplib as bytes.
 *
 * A code is accepted for the current step and one step either side, which absorbs a phone
 * clock a little off and the seconds a person takes to type it (RFC 6238 §5.2 recommends at
 * most one step of drift). The caller gets the step that matched so it can refuse any step
 * not later than the last one it accepted: a code seen once (over a shoulder, in a proxy
 * log) is then worth nothing, as §5.2 requires.
 */
import { createGuardrails, verify } from "otplib";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** RFC 4226 §4 R6 asks for at least 128 bits; 512 bits is more than any app generates. */
export const TOTP_SECRET_MIN_BYTES = 16;
export const TOTP_SECRET_MAX_BYTES = 64;

// The length rule is enforced when a secret is enrolled; a secret stored before that rule
// existed still verifies instead of failing every sign-in.
const STORED_SECRET_GUARDRAILS = createGuardrails({ MIN_SECRET_BYTES: 1, MAX_SECRET_BYTES: 1024 });

/** The time step a code for `epochMs` belongs to. */
export function totpStep(epochMs: number): number {
  return Math.floor(epochMs / 1000 / TOTP_PERIOD_SECONDS);
}

/**
 * The step whose code `token` is (current step ±1, at `nowMs`), or null when it is none of
 * them. Anything but six digits is simply a wrong code.
 */
export async function matchTotp(secret: Uint8Array, token: string, nowMs: number): Promise<number | null> {
  if (secret.length === 0 || secret.length > 1024 || !/^\d{6}$/.test(token)) return null;
  const result = await verify({
    strategy: "totp",
    secret,
    token,
    algorithm: "sha1",
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOTP_PERIOD_SECONDS,
    guardrails: STORED_SECRET_GUARDRAILS,
  });
  return result.valid && "timeStep" in result ? result.timeStep : null;
}
