/**
 * A project as an OpenID provider, driven by a relying party no one here wrote: openid-client
 * (certified RP library) discovers the project's OAuth server, runs the authorization code
 * flow with PKCE, refreshes, reads userinfo, introspects, revokes and logs out; a machine
 * client uses client credentials for a resource (RFC 8707) and checks the JWT with the JWKS.
 * The user's part (the authorize page) is done over HTTP with a cookie jar, as the page does
 * it: read the request, answer it with the user's access token, follow `redirect_to`.
 * The server trusts X-Forwarded-For, so that the rate-limit tests come from the addresses they
 * name (at projects of their own); every other request comes from 127.0.0.1.
 */
import * as oidc from "openid-client";
import { createRemoteJWKSet, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { authHeaders, createProjectFixture, startServer, TEST_INTERNAL_KEYS, type TestServer } from "../harness";
import { CookieBrowser } from "../support/cookie-browser";

const REDIRECT_URI = "http://127.0.0.1:4999/callback";
const OTHER_REDIRECT_URI = "http://127.0.0.1:4999/other-callback";
const LOGOUT_REDIRECT_URI = "http://127.0.0.1:4999/signed-out";
const RESOURCE = "https://notes.example.test/";

let server: TestServer;
let issuer: string;
let client: { client_id: string; client_secret: string };
let config: oidc.Configuration;

const adminHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey,
};
const anonymousClientHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey,
};
const clientHeaders = (accessToken: string) => ({ ...anonymousClientHeaders, "x-stack-access-token": accessToken });

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await server.request(`/api/v1${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, code: response.headers.get("x-stack-known-error"), json: await response.json().catch(() => null) };
}

async function signUp(): Promise<{ userId: string; accessToken: string; refreshToken: string; email: string }> {
  const email = `rp-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const answer = await api("POST", "/auth/password/sign-up", anonymousClientHeaders, {
    email,
    password: "correct horse battery staple",
  });
  expect(answer.status).toBe(200);
  return { userId: answer.json.user_id, accessToken: answer.json.access_token, refreshToken: answer.json.refresh_token, email };
}

/** The authorize page's part: read the request, answer it, and return where the browser lands at the app. */
async function authorizeAs(
  browser: CookieBrowser,
  user: { accessToken: string },
  authorizationUrl: URL,
  decision: "allow" | "deny" = "allow",
): Promise<{ callback: URL; request: any }> {
  const first = await browser.follow(authorizationUrl, REDIRECT_URI);
  if (first.url.href.startsWith(REDIRECT_URI)) return { callback: first.url, request: null };
  const uid = /\/oauth2\/internal\/authorize\/([^/?]+)$/.exec(first.url.pathname)?.[1];
  expect(uid, `expected the authorize page, got ${first.url.href}`).toBeTruthy();
  const request = await api("GET", `/oauth-apps/authorizations/${uid}`, clientHeaders(user.accessToken));
  expect(request.status).toBe(200);
  const answered = await api("POST", `/oauth-apps/authorizations/${uid}`, clientHeaders(user.accessToken), { decision });
  expect(answered.status).toBe(200);
  const landed = await browser.follow(answered.json.redirect_to, REDIRECT_URI);
  expect(landed.url.href.startsWith(REDIRECT_URI), `expected the app's callback, got ${landed.url.href}`).toBe(true);
  return { callback: landed.url, request: request.json };
}

function codeFlowUrl(extra: Record<string, string> = {}, as: oidc.Configuration = config) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  return {
    verifier,
    state,
    nonce,
    url: async () =>
      oidc.buildAuthorizationUrl(as, {
        redirect_uri: REDIRECT_URI,
        scope: "openid profile email teams offline_access",
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: "S256",
        state,
        nonce,
        prompt: "consent",
        ...extra,
      }),
  };
}

beforeAll(async () => {
  server = await startServer({ env: { TRUST_PROXY: "true" } });
  issuer = `${server.url}/api/v1/projects/internal/oauth2`;
  const enabled = await api("PATCH", "/internal/config/override/environment", adminHeaders, {
    config_override_string: JSON.stringify({
      "oauthServer.enabled": true,
      "oauthServer.resources.notes": { uri: RESOURCE, displayName: "Notes API", scopes: "notes:read notes:write", accessTokenFormat: "jwt" },
    }),
  });
  expect(enabled.status).toBe(200);
  const created = await api("POST", "/internal/oauth-apps", adminHeaders, {
    display_name: "Relying party",
    type: "confidential",
    redirect_uris: [REDIRECT_URI],
    post_logout_redirect_uris: [LOGOUT_REDIRECT_URI],
    grant_types: ["authorization_code", "refresh_token", "client_credentials"],
  });
  expect(created.status).toBe(201);
  client = { client_id: created.json.client_id, client_secret: created.json.client_secret };
  config = await oidc.discovery(new URL(issuer), client.client_id, client.client_secret, undefined, { execute: [oidc.allowInsecureRequests] });
}, 120_000);
afterAll(() => server?.close());

describe("openid-client against a project's OAuth server", () => {
  it("discovers the issuer's metadata at OpenID's and RFC 8414's addresses, S256 only, with the project's own key", async () => {
    const metadata = config.serverMetadata();
    expect(metadata.issuer).toBe(issuer);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.response_types_supported).toEqual(["code"]);
    expect(metadata.id_token_signing_alg_values_supported).toEqual(["ES256"]);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "profile", "email", "teams", "offline_access"]));
    expect(metadata.registration_endpoint).toBeUndefined();
    const rfc8414 = await server.request("/.well-known/oauth-authorization-server/api/v1/projects/internal/oauth2");
    expect(rfc8414.status).toBe(200);
    expect((await rfc8414.json()).issuer).toBe(issuer);
    const jwks = await (await server.request("/api/v1/projects/internal/oauth2/jwks")).json();
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwks.keys[0].d).toBeUndefined();
    // Not the key that signs the project's session tokens.
    const sessionKeys = await (await server.request("/api/v1/projects/internal/.well-known/jwks.json")).json();
    expect(sessionKeys.keys.map((k: { kid: string }) => k.kid)).not.toContain(jwks.keys[0].kid);
  });

  it("runs the code flow with PKCE: ID token, userinfo with teams, refresh rotation, introspection and revocation", async () => {
    const user = await signUp();
    const team = await api("POST", "/teams", clientHeaders(user.accessToken), { display_name: "Relying team", creator_user_id: "me" });
    expect(team.status).toBe(201);
    const browser = new CookieBrowser();
    const flow = codeFlowUrl();
    const { callback, request } = await authorizeAs(browser, user, await flow.url());
    expect(request).toMatchObject({ client: { client_id: client.client_id, display_name: "Relying party" }, needs_decision: true, requires_fresh_sign_in: false });
    expect(request.scopes).toEqual(["openid", "profile", "email", "teams", "offline_access"]);

    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const claims = tokens.claims()!;
    expect(claims).toMatchObject({ iss: issuer, aud: client.client_id, sub: user.userId, nonce: flow.nonce });
    expect(tokens.refresh_token).toBeTruthy();

    const info = await oidc.fetchUserInfo(config, tokens.access_token, user.userId);
    expect(info).toMatchObject({ sub: user.userId, email: user.email, email_verified: false });
    expect(info.teams).toContainEqual({ id: team.json.id, display_name: "Relying team" });

    const introspected = await oidc.tokenIntrospection(config, tokens.access_token);
    expect(introspected).toMatchObject({ active: true, sub: user.userId, client_id: client.client_id });

    // Rotation: each refresh gives a new refresh token; presenting a used one again revokes the whole family.
    const refreshed = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(refreshed.refresh_token).toBeTruthy();
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    await expect(oidc.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await oidc.tokenIntrospection(config, refreshed.access_token)).active).toBe(false);

    // Revocation (RFC 7009) of a fresh grant's access token.
    const again = codeFlowUrl();
    const second = await authorizeAs(new CookieBrowser(), user, await again.url());
    const next = await oidc.authorizationCodeGrant(config, second.callback, { pkceCodeVerifier: again.verifier, expectedState: again.state, expectedNonce: again.nonce });
    expect((await oidc.tokenIntrospection(config, next.access_token)).active).toBe(true);
    await oidc.tokenRevocation(config, next.access_token);
    expect((await oidc.tokenIntrospection(config, next.access_token)).active).toBe(false);
    await expect(oidc.fetchUserInfo(config, next.access_token, user.userId)).rejects.toThrow();
  });

  it("refuses a code with the wrong verifier, a code twice (revoking what it gave), and a request without PKCE", async () => {
    const user = await signUp();
    const flow = codeFlowUrl();
    const { callback } = await authorizeAs(new CookieBrowser(), user, await flow.url());
    const checks = { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce };
    await expect(oidc.authorizationCodeGrant(config, callback, { ...checks, pkceCodeVerifier: oidc.randomPKCECodeVerifier() })).rejects.toMatchObject({
      error: "invalid_grant",
    });
    const tokens = await oidc.authorizationCodeGrant(config, callback, checks);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(true);
    // A code presented again is refused, and what it was exchanged for is revoked (RFC 6749 §4.1.2).
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);

    const withoutPkce = new URL(`${issuer}/auth`);
    withoutPkce.search = new URLSearchParams({ client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "openid", state: "s1" }).toString();
    const refused = await new CookieBrowser().request(withoutPkce);
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get("location")!);
    expect(back.href.startsWith(REDIRECT_URI)).toBe(true);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("state")).toBe("s1");
  });

  it("refuses code_challenge_method=plain at the authorization endpoint with invalid_request: S256 only (OAuth 2.1 §4.1.1)", async () => {
    const verifier = oidc.randomPKCECodeVerifier();
    const plain = new URL(`${issuer}/auth`);
    plain.search = new URLSearchParams({
      client_id: client.client_id,
      response_type: "code",
      redirect_uri: REDIRECT_URI,
      scope: "openid",
      state: "plain-1",
      code_challenge: verifier,
      code_challenge_method: "plain",
    }).toString();
    const refused = await new CookieBrowser().request(plain);
    expect(refused.status).toBe(303);
    const back = new URL(refused.headers.get("location")!, server.url);
    expect(`${back.origin}${back.pathname}`, "refused back to the app, not sent on to sign in").toBe(REDIRECT_URI);
    expect(Object.fromEntries(back.searchParams)).toMatchObject({
      error: "invalid_request",
      error_description: "not supported value of code_challenge_method",
      state: "plain-1",
    });
    expect(back.searchParams.get("code")).toBeNull();
  });

  it("refuses a code presented by another client, or with another redirect_uri than its request's, with invalid_grant (RFC 6749 §4.1.3)", async () => {
    // An app with two redirect URIs, so the second is one it may use, only not for this code.
    const created = await api("POST", "/internal/oauth-apps", adminHeaders, {
      display_name: "Two callbacks",
      type: "confidential",
      redirect_uris: [REDIRECT_URI, OTHER_REDIRECT_URI],
      grant_types: ["authorization_code", "refresh_token"],
    });
    expect(created.status).toBe(201);
    const twoCallbacks = await oidc.discovery(new URL(issuer), created.json.client_id, created.json.client_secret, undefined, { execute: [oidc.allowInsecureRequests] });
    const user = await signUp();
    const flow = codeFlowUrl({}, twoCallbacks);
    const { callback } = await authorizeAs(new CookieBrowser(), user, await flow.url());
    const checks = { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce };

    // The file's other app, authenticated with its own secret and with the same redirect URI registered.
    await expect(oidc.authorizationCodeGrant(config, callback, checks)).rejects.toMatchObject({ error: "invalid_grant" });
    const elsewhere = new URL(OTHER_REDIRECT_URI);
    elsewhere.search = callback.search;
    await expect(oidc.authorizationCodeGrant(twoCallbacks, elsewhere, checks)).rejects.toMatchObject({ error: "invalid_grant" });

    // oidc-provider refuses both before it spends the code: the refusals were the mismatches, and
    // the app the code was issued to, at the address it asked for, still gets its tokens.
    const tokens = await oidc.authorizationCodeGrant(twoCallbacks, callback, checks);
    expect(tokens.claims()).toMatchObject({ aud: created.json.client_id, sub: user.userId });
  });

  it("never redirects to a redirect URI that is not registered exactly", async () => {
    for (const redirect of [`${REDIRECT_URI}/extra`, `${REDIRECT_URI}?x=1`, "http://127.0.0.1:4999/CALLBACK", "https://evil.example/callback"]) {
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirect,
        scope: "openid",
        code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
        code_challenge_method: "S256",
        state: "s",
      });
      const answer = await new CookieBrowser().request(url);
      expect(answer.status, redirect).toBe(400);
      expect(answer.headers.get("location")).toBeNull();
      expect(await answer.text()).toContain("redirect_uri");
    }
  });

  it("returns access_denied when the user says no, and skips the question once allowed unless the app asks again", async () => {
    const user = await signUp();
    const denied = codeFlowUrl();
    const { callback } = await authorizeAs(new CookieBrowser(), user, await denied.url(), "deny");
    expect(callback.searchParams.get("error")).toBe("access_denied");
    expect(callback.searchParams.get("state")).toBe(denied.state);

    await authorizeAs(new CookieBrowser(), user, await codeFlowUrl().url());
    // Without prompt=consent, a request covered by what the user allowed before needs no decision.
    const quiet = codeFlowUrl({ prompt: "" });
    const { request } = await authorizeAs(new CookieBrowser(), user, await quiet.url());
    expect(request.needs_decision).toBe(false);
  });

  it("lists the app among the user's connected apps; disconnecting it revokes its tokens at once", async () => {
    const user = await signUp();
    const flow = codeFlowUrl();
    const { callback } = await authorizeAs(new CookieBrowser(), user, await flow.url());
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });
    const listed = await api("GET", "/oauth-apps/connections?user_id=me", clientHeaders(user.accessToken));
    expect(listed.status).toBe(200);
    expect(listed.json.items).toEqual([
      expect.objectContaining({ client_id: client.client_id, display_name: "Relying party", scopes: ["email", "offline_access", "openid", "profile", "teams"] }),
    ]);
    const other = await signUp();
    // Another user's connections read as absent with client access.
    expect((await api("GET", `/oauth-apps/connections?user_id=${user.userId}`, clientHeaders(other.accessToken))).code).toBe("USER_NOT_FOUND");

    expect((await api("DELETE", `/oauth-apps/connections/${client.client_id}?user_id=me`, clientHeaders(user.accessToken))).status).toBe(200);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    expect((await api("GET", "/oauth-apps/connections?user_id=me", clientHeaders(user.accessToken))).json.items).toEqual([]);
    expect((await api("DELETE", `/oauth-apps/connections/${client.client_id}?user_id=me`, clientHeaders(user.accessToken))).code).toBe("OAUTH_APP_NOT_CONNECTED");
  });

  it("stands on the Gatehouse session: once the user signs out, a silent request answers login_required", async () => {
    const user = await signUp();
    const browser = new CookieBrowser();
    await authorizeAs(browser, user, await codeFlowUrl().url());
    const silent = codeFlowUrl({ prompt: "none" });
    const before = await browser.follow(await silent.url(), REDIRECT_URI);
    expect(before.url.searchParams.get("code")).toBeTruthy();

    const signOut = await server.request("/api/v1/auth/sessions/current", { method: "DELETE", headers: { ...clientHeaders(user.accessToken), "content-type": "application/json" }, body: "{}" });
    expect(signOut.status).toBe(200);
    const after = await browser.follow(await codeFlowUrl({ prompt: "none" }).url(), REDIRECT_URI);
    expect(after.url.searchParams.get("error")).toBe("login_required");
  });

  it("logs out at the app's request (RP-initiated logout), ending the Gatehouse session behind the sign-in", async () => {
    const user = await signUp();
    const browser = new CookieBrowser();
    const flow = codeFlowUrl();
    const { callback } = await authorizeAs(browser, user, await flow.url());
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });

    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: LOGOUT_REDIRECT_URI, state: "bye" });
    const confirm = await browser.request(endSession);
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    expect(page).toContain("Sign out of");
    const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(page)![1]!;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page)![1]!;
    const done = await browser.submit(new URL(action, server.url), { xsrf, logout: "yes" });
    expect(done.status).toBe(303);
    const back = new URL(done.headers.get("location")!);
    expect(`${back.origin}${back.pathname}`).toBe(LOGOUT_REDIRECT_URI);
    expect(back.searchParams.get("state")).toBe("bye");

    await expect
      .poll(async () => (await api("POST", "/auth/sessions/current/refresh", { ...anonymousClientHeaders, "x-stack-refresh-token": user.refreshToken })).code)
      .toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("issues a machine client a JWT for a resource (client credentials, RFC 8707) that verifies with the JWKS", async () => {
    const tokens = await oidc.clientCredentialsGrant(config, { resource: RESOURCE, scope: "notes:read" });
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createRemoteJWKSet(new URL(config.serverMetadata().jwks_uri!)), {
      issuer,
      audience: RESOURCE,
    });
    expect(protectedHeader.alg).toBe("ES256");
    expect(payload).toMatchObject({ client_id: client.client_id, scope: "notes:read" });
    await expect(oidc.clientCredentialsGrant(config, { resource: "https://unknown.example.test/" })).rejects.toMatchObject({ error: "invalid_target" });
    // An app's own scope list narrows what a resource gives it.
    const narrowed = await api("POST", "/internal/oauth-apps", adminHeaders, { display_name: "Reader", type: "confidential", grant_types: ["client_credentials"], scope: "notes:read" });
    expect(narrowed.status).toBe(201);
    const reader = await oidc.discovery(new URL(issuer), narrowed.json.client_id, narrowed.json.client_secret, undefined, { execute: [oidc.allowInsecureRequests] });
    const readOnly = await oidc.clientCredentialsGrant(reader, { resource: RESOURCE, scope: "notes:read notes:write" });
    expect(readOnly.scope).toBe("notes:read");
    const wrongSecret = await oidc.discovery(new URL(issuer), client.client_id, "not-the-secret", undefined, { execute: [oidc.allowInsecureRequests] });
    await expect(oidc.clientCredentialsGrant(wrongSecret, {})).rejects.toMatchObject({ error: "invalid_client" });
  });

  it("answers hostile and malformed requests with OAuth errors, never a server error", async () => {
    const pkce = await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier());
    const authorize = (params: Record<string, string>) => {
      const url = new URL(`${issuer}/auth`);
      url.search = new URLSearchParams(params).toString();
      return new CookieBrowser().request(url);
    };
    const base = { client_id: client.client_id, response_type: "code", redirect_uri: REDIRECT_URI, scope: "openid", code_challenge: pkce, code_challenge_method: "S256" };
    for (const params of [
      { ...base, state: "a\u0000b" },
      { ...base, nonce: "\ud800" },
      { ...base, client_id: "oa_\u0000" },
      { ...base, client_id: "x".repeat(5000) },
      { ...base, response_type: "token" },
      { ...base, code_challenge_method: "plain", code_challenge: "x".repeat(43) },
    ]) {
      const answer = await authorize(params);
      expect(answer.status, JSON.stringify(params).slice(0, 120)).toBeLessThan(500);
    }
    const token = (body: string, headers: Record<string, string> = {}) =>
      server.request("/api/v1/projects/internal/oauth2/token", { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...headers }, body });
    for (const body of ["grant_type=authorization_code&code=%00", "grant_type=refresh_token&refresh_token=%ED%A0%80", "grant_type=nonsense", "{}", "a".repeat(60_000)]) {
      const answer = await token(body, { authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString("base64")}` });
      expect(answer.status, body.slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(answer.status, body.slice(0, 60)).toBeLessThan(500);
      expect((await answer.json()).error).toEqual(expect.any(String));
    }
    const noProject = await server.request("/api/v1/projects/no-such-project/oauth2/.well-known/openid-configuration");
    expect(noProject.status).toBe(404);
    expect(await noProject.json()).toEqual({ error: "not_found", error_description: "This project is not an OAuth server." });
  });

  it("ends a deleted user's tokens, refuses a restricted user at the authorize page, and logs out to registered addresses only", async () => {
    const user = await signUp();
    const flow = codeFlowUrl();
    const { callback } = await authorizeAs(new CookieBrowser(), user, await flow.url());
    const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: flow.verifier, expectedState: flow.state, expectedNonce: flow.nonce });

    const endSession = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: "https://evil.example/", state: "x" });
    const refused = await new CookieBrowser().request(endSession);
    expect(refused.status).toBe(400);
    expect(refused.headers.get("location")).toBeNull();

    const serverHeaders = { "x-stack-project-id": "internal", "x-stack-access-type": "server", "x-stack-secret-server-key": TEST_INTERNAL_KEYS.secretServerKey };
    expect((await api("DELETE", `/users/${user.userId}`, serverHeaders)).status).toBe(200);
    expect((await oidc.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });

    const restricted = await signUp();
    expect((await api("PATCH", `/users/${restricted.userId}`, serverHeaders, { restricted_by_admin: true, restricted_by_admin_reason: "review" })).status).toBe(200);
    const page = await new CookieBrowser().follow(await codeFlowUrl().url(), REDIRECT_URI);
    const uid = page.url.pathname.split("/").pop()!;
    const answer = await api("POST", `/oauth-apps/authorizations/${uid}`, { ...clientHeaders(restricted.accessToken), "x-stack-allow-restricted-user": "true" }, { decision: "allow" });
    expect(answer.code).toBe("RESTRICTED_USER_NOT_ALLOWED");
  });
});

describe("the OAuth server's rate limits", () => {
  const MAX_REQUESTS = 4;
  const MAX_REGISTRATIONS = 2;
  /** Two projects with the same small limits, so a count shared between them would show. */
  let issuers: [string, string];

  beforeAll(async () => {
    const limited = async () => {
      const project = await createProjectFixture(server);
      const set = await api("PATCH", "/internal/config/override/environment", authHeaders(project.admin), {
        config_override_string: JSON.stringify({
          "oauthServer.enabled": true,
          "oauthServer.dynamicClientRegistration": true,
          "rateLimits.oauthServerPerIp": { max: MAX_REQUESTS },
          "rateLimits.oauthClientRegistrationPerIp": { max: MAX_REGISTRATIONS },
        }),
      });
      expect(set.status).toBe(200);
      return `${server.url}/api/v1/projects/${project.projectId}/oauth2`;
    };
    issuers = [await limited(), await limited()];
  }, 60_000);

  const from = (ip: string) => ({ "x-forwarded-for": ip });
  const discover = (at: string, ip: string) => fetch(`${at}/.well-known/openid-configuration`, { headers: from(ip) });
  const register = (at: string, ip: string) =>
    fetch(`${at}/reg`, {
      method: "POST",
      headers: { ...from(ip), "content-type": "application/json" },
      body: JSON.stringify({ client_name: "Registering client", redirect_uris: [REDIRECT_URI], token_endpoint_auth_method: "none" }),
    });
  /** A refusal as the OAuth server sends it: 429, Retry-After within the rule's window, and an OAuth error body saying the same. */
  async function expectRateLimited(answer: Response, windowSeconds: number) {
    expect(answer.status).toBe(429);
    const retryAfter = Number(answer.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= windowSeconds, `Retry-After ${answer.headers.get("retry-after")}`).toBe(true);
    expect(await answer.json()).toEqual({ error: "rate_limited", error_description: `Too many requests; try again in ${retryAfter} seconds.` });
  }

  it("refuses an address past oauthServerPerIp at every endpoint, and neither another address nor the same one at another project", async () => {
    const [first, second] = issuers;
    for (let i = 0; i < MAX_REQUESTS; i++) expect((await discover(first, "203.0.113.10")).status).toBe(200);
    await expectRateLimited(await discover(first, "203.0.113.10"), 600);
    const token = await fetch(`${first}/token`, {
      method: "POST",
      headers: { ...from("203.0.113.10"), "content-type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    await expectRateLimited(token, 600);

    expect((await discover(first, "203.0.113.11")).status).toBe(200);
    expect((await discover(second, "203.0.113.10")).status).toBe(200);
  });

  it("refuses an address past oauthClientRegistrationPerIp at registration only, and neither another address nor the same one at another project", async () => {
    const [first, second] = issuers;
    for (let i = 0; i < MAX_REGISTRATIONS; i++) expect((await register(first, "203.0.113.20")).status).toBe(201);
    await expectRateLimited(await register(first, "203.0.113.20"), 3600);
    // Its other requests are held to oauthServerPerIp alone: this is its fourth of four.
    expect((await discover(first, "203.0.113.20")).status).toBe(200);

    expect((await register(first, "203.0.113.21")).status).toBe(201);
    expect((await register(second, "203.0.113.20")).status).toBe(201);
  });
});
