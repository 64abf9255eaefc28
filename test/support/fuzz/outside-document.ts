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

/** What the SCIM requests name: a directory's token, and ids of its user and group (none when unknown). */
export interface ScimTarget {
  token: string;
  userId: string;
  groupId: string;
}

const SCIM = "/api/v1/scim/v2";

const scimFilter = fc.oneof(
  fc.constantFrom(
    'userName eq "ada@example.com"',
    'emails[type eq "work"].value eq "ada@example.com"',
    'externalId eq "x" or displayName co "a"',
    'not (active eq true)',
    'members[value eq "00000000-0000-4000-8000-000000000000"]',
    'meta.lastModified gt "2020-01-01"',
    'userName eq',
    "((((((((((",
    'userName eq "\u0000"',
    'id eq "not-a-uuid"',
    'displayName sw "%_\\\\"',
    'emails[type eq "work" and value co "@"]',
    "a".repeat(2000),
  ),
  fc.string({ maxLength: 60 }),
);

const scimValue = fc.oneof(
  fc.constantFrom(true, false, "False", "True", null, 0, -1, 1e308, "", "\u0000", "\ud800", "x".repeat(300), [], {}, [{ value: "x" }]),
  fc.string({ maxLength: 40 }),
);

const scimAttributes = fc.dictionary(
  fc.constantFrom("userName", "USERNAME", "externalId", "displayName", "active", "emails", "name", "id", "meta", "groups", "password", "members", "schemas", "title", "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User"),
  fc.oneof(scimValue, fc.constant([{ value: "fuzz@example.com", type: "work", primary: "True" }]), fc.constant({ givenName: "Fuzz", familyName: "Er" })),
  { maxKeys: 6 },
);

const patchOperation = fc.record(
  {
    op: fc.constantFrom("add", "Add", "remove", "Remove", "replace", "Replace", "move", "", 3),
    path: fc.constantFrom(undefined, "active", "userName", "displayName", 'emails[type eq "work"].value', "name.givenName", "members", 'members[value eq "x"]', "id", "meta.created", "urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department", "emails[", "a.b.c", ""),
    value: fc.oneof(scimValue, scimAttributes, fc.constant([{ value: "00000000-0000-4000-8000-000000000000" }])),
  },
  { requiredKeys: ["op"] },
);

/** Requests to a directory's SCIM endpoints: resources and PATCHes well and badly formed, filters and paging, good and bad tokens. */
export const scimRequest = (target: ScimTarget): fc.Arbitrary<OutsideRequest & { body?: string }> =>
  fc
    .record({
      method: fc.constantFrom("GET", "GET", "POST", "PUT", "PATCH", "PATCH", "DELETE", "HEAD"),
      path: fc.constantFrom(
        "/Users",
        `/Users/${target.userId}`,
        "/Users/00000000-0000-4000-8000-000000000000",
        "/Users/not-a-uuid",
        "/Groups",
        `/Groups/${target.groupId}`,
        "/Groups/%00",
        "/ServiceProviderConfig",
        "/ResourceTypes",
        "/ResourceTypes/User",
        "/Schemas",
        "/Schemas/urn:ietf:params:scim:schemas:core:2.0:Group",
        "/Bulk",
        "/Me",
        "",
      ),
      query: fc.dictionary(fc.constantFrom("filter", "startIndex", "count", "attributes", "excludedAttributes"), fc.oneof(scimFilter, fc.constantFrom("1", "0", "-5", "999999999999", "1e3", "members", "userName,emails")), { maxKeys: 3 }),
      body: fc.oneof(
        scimAttributes.map((attributes) => JSON.stringify({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: `fuzz-${Math.abs(JSON.stringify(attributes).length)}@example.com`, ...attributes })),
        fc.array(patchOperation, { maxLength: 4 }).map((Operations) => JSON.stringify({ schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations })),
        fc.constantFrom("", "{", "[]", "null", '{"Operations":{}}', "\u0000", JSON.stringify({ displayName: "Fuzz group", members: Array.from({ length: 1200 }, () => ({ value: target.userId })) })),
      ),
      contentType: fc.constantFrom("application/scim+json", "application/json", "text/plain", undefined),
      token: fc.oneof({ weight: 6, arbitrary: fc.constant(target.token) }, { weight: 1, arbitrary: fc.constantFrom(undefined, "Bearer", `scim_${"A".repeat(43)}`, target.token.slice(0, -1)) }),
    })
    .map(({ method, path, query, body, contentType, token }) => {
      const headers: Record<string, string> = {};
      if (token !== undefined) headers.authorization = token.startsWith("scim_") ? `Bearer ${token}` : token;
      if (contentType) headers["content-type"] = contentType;
      const search = new URLSearchParams(query).toString();
      const full = `${SCIM}${path}${search ? `?${search}` : ""}`;
      return method === "GET" || method === "HEAD" || method === "DELETE" ? { method, path: full, headers } : { method, path: full, headers, body };
    });
