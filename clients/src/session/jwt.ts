/**
 * Reads a JWT's claims without verifying them: the client only needs to know when to refresh
 * and whom the token is for; the server checks the signature on every request.
 */
export function accessTokenClaims(token: string): Record<string, unknown> | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return typeof claims === "object" && claims !== null && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The token's `exp` claim in milliseconds, or null when it cannot be read. */
export function accessTokenExpiryMillis(token: string): number | null {
  const exp = accessTokenClaims(token)?.exp;
  return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
}

/** True when the token expires within `windowMillis` of `nowMillis`, or its expiry cannot be read. */
export function expiresWithin(token: string, windowMillis: number, nowMillis: number): boolean {
  const expiry = accessTokenExpiryMillis(token);
  return expiry === null || expiry - nowMillis <= windowMillis;
}
