/** An unsigned JWT whose payload is `claims`; enough for code that only reads `exp`. */
export function fakeJwt(claims: Record<string, unknown>): string {
  const encode = (value: object) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "ES256", typ: "JWT" })}.${encode(claims)}.c2lnbmF0dXJl`;
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });
}

export function knownErrorResponse(status: number, code: string, details: Record<string, unknown> = {}): Response {
  return jsonResponse(status, { code, error: `${code} happened`, details }, { "x-stack-known-error": code });
}
