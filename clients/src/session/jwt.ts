/** Reads the `exp` claim of a JWT without verifying it: the client only needs to know when to refresh. */
export function accessTokenExpiryMillis(token: string): number | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
    const claims: unknown = JSON.parse(new TextDecoder().decode(bytes));
    if (typeof claims !== "object" || claims === null) return null;
    const exp = (claims as { exp?: unknown }).exp;
    return typeof exp === "number" && Number.isFinite(exp) ? exp * 1000 : null;
  } catch {
    return null;
  }
}

/** True when the token expires within `windowMillis` of `nowMillis`, or its expiry cannot be read. */
export function expiresWithin(token: string, windowMillis: number, nowMillis: number): boolean {
  const expiry = accessTokenExpiryMillis(token);
  return expiry === null || expiry - nowMillis <= windowMillis;
}
