/**
 * A new TOTP key, made in the browser: 20 random bytes (160 bits, what authenticator apps
 * expect, RFC 4226 §4), shown to the person as an `otpauth://` URI (for the QR code) and as
 * Base32 text, and sent to the server as `totp_secret_base64` only once a code from the app
 * has been checked against it here (with otplib, the library the server verifies with), so a
 * mistyped setup is caught before it can lock anyone out.
 */
import { generateURI, ScureBase32Plugin, verify } from "otplib";

const SECRET_BYTES = 20;
const base32 = new ScureBase32Plugin();

export interface NewTotpSecret {
  bytes: Uint8Array;
  /** For typing into the app: Base32, no padding. */
  base32: string;
  /** For the QR code. */
  uri: string;
}

export function newTotpSecret(issuer: string, account: string): NewTotpSecret {
  const bytes = crypto.getRandomValues(new Uint8Array(SECRET_BYTES));
  const text = base32.encode(bytes, { padding: false });
  return { bytes, base32: text, uri: generateURI({ issuer, label: account, secret: text }) };
}

/** The Base32 text in groups of four, as apps show it and people copy it. */
export function groupedSecret(text: string): string {
  return text.replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * Whether `code` is the app's code now: SHA-1, six digits, 30-second steps, one step of clock
 * drift either way, as the server accepts at sign-in.
 */
export async function isCurrentCode(secret: Uint8Array, code: string): Promise<boolean> {
  if (!/^\d{6}$/.test(code)) return false;
  const result = await verify({ secret, token: code, algorithm: "sha1", digits: 6, period: 30, epochTolerance: 30 });
  return result.valid;
}

/** `totp_secret_base64` for PATCH /users/me. */
export function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}
