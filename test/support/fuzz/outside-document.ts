/**
 * Hostile requests to the routes the OpenAPI document does not describe (health, metrics, the
 * manual, the API reference, the web app's pages): the document-driven fuzzer never sends them.
 * Seeded, so a seed always gives the same run.
 */
import fc from "fast-check";

/** The internal project's OAuth server (the fuzz server switches it on, registration included). */
const OAUTH = "/api/v1/projects/internal/oauth2";
export const OAUTH_SERVER_PATHS = [
  `${OAUTH}/auth`,
  `${OAUTH}/token`,
  `${OAUTH}/me`,
  `${OAUTH}/jwks`,
  `${OAUTH}/.well-known/openid-configuration`,
  `${OAUTH}/token/introspection`,
  `${OAUTH}/token/revocation`,
  `${OAUTH}/session/end`,
  `${OAUTH}/session/end/confirm`,
  `${OAUTH}/device`,
  `${OAUTH}/device/auth`,
  `${OAUTH}/reg`,
  `${OAUTH}/request`,
  `${OAUTH}/resources/notes/.well-known/oauth-protected-resource`,
  `/.well-known/oauth-authorization-server${OAUTH}`,
  `/.well-known/openid-configuration${OAUTH}`,
  "/api/v1/projects/no-such-project/oauth2/token",
  "/oauth2/internal/authorize/x",
] as const;

export const OUTSIDE_DOCUMENT_PATHS = [
  "/health",
  "/health/live",
  "/health/ready",
  "/metrics",
  "/docs",
  "/docs/deploy",
  "/api/docs",
  "/handler/sign-in",
  "/dashboard",
  ...OAUTH_SERVER_PATHS,
] as const;

export interface OutsideRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
}

const segment = fc.oneof(
  fc.constantFrom("..", "%2e%2e", "%2F", "%00", "index.md", "deploy.md", "..%2f..%2fpackage.json", "~", "%E2%80%AE", "a".repeat(300)),
  fc.stringMatching(/^[A-Za-z0-9._~%-]{0,40}$/),
);

const path = fc.oneof(
  fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS),
  fc.tuple(fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS), fc.array(segment, { minLength: 1, maxLength: 3 })).map(([base, rest]) => `${base}/${rest.join("/")}`),
  fc.tuple(fc.constantFrom(...OUTSIDE_DOCUMENT_PATHS), fc.stringMatching(/^[A-Za-z0-9=&%._-]{0,60}$/)).map(([base, query]) => `${base}?${query}`),
);

const authorization = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom("Bearer", "Bearer ", "Basic Zm9vOmJhcg==", "bearer wrong", `Bearer ${"x".repeat(5000)}`),
  fc.stringMatching(/^Bearer [ -~]{0,80}$/),
);

export const outsideRequest: fc.Arbitrary<OutsideRequest> = fc
  .record({
    method: fc.constantFrom("GET", "GET", "GET", "HEAD", "POST", "PUT", "DELETE", "OPTIONS", "PATCH"),
    path,
    authorization,
    accept: fc.constantFrom(undefined, "text/html", "application/json", "*/*", "text/plain;q=0.1, */*;q=0"),
    acceptEncoding: fc.constantFrom(undefined, "gzip", "br", "identity;q=0", "x".repeat(200)),
    requestId: fc.oneof(fc.constant(undefined), fc.stringMatching(/^[ -~]{0,200}$/)),
  })
  .map(({ method, path, authorization, accept, acceptEncoding, requestId }) => {
    const headers: Record<string, string> = {};
    if (authorization !== undefined) headers.authorization = authorization;
    if (accept !== undefined) headers.accept = accept;
    if (acceptEncoding !== undefined) headers["accept-encoding"] = acceptEncoding;
    if (requestId !== undefined) headers["x-request-id"] = requestId;
    return { method, path, headers };
  });

const OAUTH_PARAMS = [
  "grant_type", "code", "refresh_token", "client_id", "client_secret", "redirect_uri", "code_verifier", "scope", "resource", "token",
  "token_type_hint", "device_code", "user_code", "state", "nonce", "response_type", "code_challenge", "code_challenge_method", "prompt",
  "max_age", "id_token_hint", "post_logout_redirect_uri", "xsrf", "logout", "request", "request_uri", "claims", "login_hint",
] as const;

const oauthValue = fc.oneof(
  fc.constantFrom("authorization_code", "refresh_token", "client_credentials", "urn:ietf:params:oauth:grant-type:device_code", "S256", "plain", "code", "openid", "openid profile email teams offline_access", "none", "login consent", "https://notes.example/", "oa_AAAAAAAAAAAAAAAAAAAAAA", "\u0000", "\ud800", "%00", "a".repeat(3000), "-1", "1e309"),
  fc.string({ maxLength: 80 }),
  fc.stringMatching(/^[A-Za-z0-9_.~-]{0,64}$/),
);

/** The OAuth server's endpoints with form, JSON and query parameters of the protocol, well and badly formed. */
export const oauthServerRequest: fc.Arbitrary<OutsideRequest & { body?: string }> = fc
  .record({
    method: fc.constantFrom("GET", "POST", "POST", "POST", "PUT", "DELETE", "OPTIONS"),
    path: fc.constantFrom(...OAUTH_SERVER_PATHS),
    params: fc.dictionary(fc.constantFrom(...OAUTH_PARAMS), oauthValue, { maxKeys: 8 }),
    encoding: fc.constantFrom("form", "json", "query", "garbage"),
    authorization: fc.oneof(fc.constant(undefined), fc.constantFrom("Basic b2FfQUFBQTpzZWNyZXQ=", "Basic !!!", "Bearer x", "Basic " + "A".repeat(4000))),
  })
  .map(({ method, path, params, encoding, authorization }) => {
    const headers: Record<string, string> = {};
    if (authorization) headers.authorization = authorization;
    const query = new URLSearchParams(params).toString();
    if (method === "GET" || encoding === "query") return { method, path: query ? `${path}?${query}` : path, headers };
    if (encoding === "json") return { method, path, headers: { ...headers, "content-type": "application/json" }, body: JSON.stringify(params) };
    if (encoding === "garbage") return { method, path, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: "%%%&=&==\u0000\xff" };
    return { method, path, headers: { ...headers, "content-type": "application/x-www-form-urlencoded" }, body: query };
  });
