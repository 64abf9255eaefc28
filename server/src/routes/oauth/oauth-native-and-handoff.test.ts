import { createServer, type Server } from "node:http";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { CLIENT_REDIRECT, exchangeCode, newPkce } from "../../testing/oauth-flow";
import { describeSecurity } from "../../testing/security-table";
import { createTestApp, freePort, type TestApp } from "../../testing/test-server";
import { signUpWithTotp } from "../../testing/totp";

const APPLE_ISSUER = "https://appleid.apple.com";
const BUNDLE = "com.example.ios";

let t: TestApp;
let keysServer: Server;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
const KID = "apple-test-key";

beforeAll(async () => {
  // Apple's published keys, served locally: OAUTH_PROVIDER_ENDPOINTS points apple's jwks_uri here.
  const pair = await generateKeyPair("RS256", { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: "RS256", use: "sig" };
  const port = await freePort();
  keysServer = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => keysServer.listen(port, "127.0.0.1", () => resolve()));
  const endpoints = {
    apple: {
      issuer: APPLE_ISSUER,
      authorization_endpoint: "https://appleid.apple.com/auth/authorize",
      token_endpoint: "https://appleid.apple.com/auth/token",
      jwks_uri: `http://127.0.0.1:${port}/keys`,
    },
  };
  t = await createTestApp({ env: { OAUTH_PROVIDER_ENDPOINTS: JSON.stringify(endpoints) } });
});

afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => keysServer?.close(() => resolve()));
});

function appleToken(claims: Record<string, unknown>, options: { key?: CryptoKey; audience?: string; issuer?: string; expiresIn?: string } = {}) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: KID })
    .setIssuer(options.issuer ?? APPLE_ISSUER)
    .setAudience(options.audience ?? BUNDLE)
    .setIssuedAt()
    .setExpirationTime(options.expiresIn ?? "5m")
    .sign(options.key ?? signingKey);
}

const APPLE = { id: "apple", type: "standard" as const, client_id: "com.example.web", client_secret: "apple-secret" };

async function appleProject(bundles: string[] | undefined): Promise<ProjectFixture> {
  return createProjectFixture(t, { config: { oauth_providers: [{ ...APPLE, ...(bundles ? { apple_bundle_ids: bundles } : {}) }] } });
}

describe("POST /auth/oauth/callback/apple/native", () => {
  it("signs up with a verified Apple identity token for one of the bundle ids, then signs the same account in", async () => {
    const p = await appleProject([BUNDLE, "com.example.other"]);
    const view = await call(t, "GET", "/internal/projects/current", { creds: p.admin });
    expect(view.json.config.oauth_providers).toEqual([expect.objectContaining({ id: "apple", apple_bundle_ids: [BUNDLE, "com.example.other"] })]);

    const email = `apple-${Date.now()}@privaterelay.appleid.com`;
    const first = await call(t, "POST", "/auth/oauth/callback/apple/native", { creds: p.client, body: { id_token: await appleToken({ sub: "001234.apple", email, email_verified: "true" }) } });
    expect(first.status).toBe(200);
    expect(first.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String), is_new_user: true });
    const me = await call(t, "GET", "/users/me", { creds: { ...p.client, accessToken: first.json.access_token } });
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: true, oauth_providers: [{ id: "apple", account_id: "001234.apple" }] });

    // Another of the bundles, the same Apple account: the same user.
    const again = await call(t, "POST", "/auth/oauth/callback/apple/native", {
      creds: p.client,
      body: { id_token: await appleToken({ sub: "001234.apple" }, { audience: "com.example.other" }) },
    });
    expect(again.json).toMatchObject({ user_id: first.json.user_id, is_new_user: false });
  });

  it("refuses tokens Apple did not sign for these bundles, or that expired, with INVALID_APPLE_CREDENTIALS", async () => {
    const p = await appleProject([BUNDLE]);
    const refused = async (idToken: string) => {
      const res = await call(t, "POST", "/auth/oauth/callback/apple/native", { creds: p.client, body: { id_token: idToken } });
      return [res.status, res.json.code];
    };
    const invalid = [400, "INVALID_APPLE_CREDENTIALS"];
    expect(await refused("not-a-jwt")).toEqual(invalid);
    expect(await refused(await appleToken({ sub: "x" }, { audience: "com.example.web" }))).toEqual(invalid);
    expect(await refused(await appleToken({ sub: "x" }, { key: otherKey }))).toEqual(invalid);
    expect(await refused(await appleToken({ sub: "x" }, { issuer: "https://evil.example.com" }))).toEqual(invalid);
    expect(await refused(await appleToken({ sub: "x" }, { expiresIn: "-1m" }))).toEqual(invalid);
    expect(await refused(await appleToken({}))).toEqual(invalid);
  });

  it("needs the apple provider, switched on, with bundle ids", async () => {
    const none = await createProjectFixture(t);
    expect((await call(t, "POST", "/auth/oauth/callback/apple/native", { creds: none.client, body: { id_token: "x" } })).json.code).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const noBundles = await appleProject(undefined);
    const res = await call(t, "POST", "/auth/oauth/callback/apple/native", { creds: noBundles.client, body: { id_token: "x" } });
    expect([res.status, res.json.code]).toEqual([400, "APPLE_BUNDLE_ID_NOT_CONFIGURED"]);
    expect((await callUntyped(t, "POST", "/auth/oauth/callback/apple/native", { creds: noBundles.client, body: {} })).json.code).toBe("SCHEMA_ERROR");
  });

  it("asks a user with a second factor for it", async () => {
    const p = await appleProject([BUNDLE]);
    const user = await signUpWithTotp(t, p.client);
    const linked = await call(t, "POST", "/oauth-providers", {
      creds: p.server,
      body: { user_id: user.userId, provider_config_id: "apple", account_id: "totp.apple", email: null, allow_sign_in: true, allow_connected_accounts: false },
    });
    expect(linked.status).toBe(201);
    const res = await call(t, "POST", "/auth/oauth/callback/apple/native", { creds: p.client, body: { id_token: await appleToken({ sub: "totp.apple" }) } });
    expect(res.json).toMatchObject({ code: "MULTI_FACTOR_AUTHENTICATION_REQUIRED", details: { attempt_code: expect.any(String) } });
  });
});

describe("POST /auth/oauth/cross-domain/authorize", () => {
  let project: ProjectFixture;
  let user: SignedInUser;
  const HANDOFF = `${CLIENT_REDIRECT}?stack_cross_domain_auth=1`;

  beforeAll(async () => {
    project = await createProjectFixture(t);
    user = await signUpUser(t, project.client);
  });

  const handOff = (creds: { accessToken?: string; refreshToken?: string }, body: Record<string, unknown>) =>
    callUntyped(t, "POST", "/auth/oauth/cross-domain/authorize", { creds: { ...project.client, ...creds }, body });

  it("hands the session to another site: a one-time code for the same session, traded with the S256 verifier", async () => {
    const pkce = newPkce();
    const res = await handOff(user, { redirect_uri: HANDOFF, state: pkce.state, code_challenge: pkce.challenge, code_challenge_method: "S256", after_callback_redirect_url: "http://localhost:3000/after" });
    expect(res.status).toBe(200);
    const redirect = new URL(res.json.redirect_url);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(CLIENT_REDIRECT);
    expect(redirect.searchParams.get("stack_cross_domain_auth")).toBe("1");
    expect(redirect.searchParams.get("state")).toBe(pkce.state);
    const code = redirect.searchParams.get("code")!;

    expect((await exchangeCode(t, project, code, newPkce().verifier, HANDOFF)).json.code).toBe("INVALID_AUTHORIZATION_CODE");
    const tokens = await exchangeCode(t, project, code, pkce.verifier, HANDOFF);
    expect(tokens.status).toBe(200);
    expect(tokens.json).toMatchObject({ refresh_token: user.refreshToken, is_new_user: false, after_callback_redirect_url: "http://localhost:3000/after" });
    expect(tokens.userId).toBe(user.userId);
    expect((await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: tokens.json.access_token } })).json.id).toBe(user.userId);
    // Once only.
    expect((await exchangeCode(t, project, code, pkce.verifier, HANDOFF)).json.code).toBe("INVALID_AUTHORIZATION_CODE");
  });

  it("proves the session with both tokens: the refresh token must be that access token's session's", async () => {
    const pkce = newPkce();
    const body = { redirect_uri: HANDOFF, state: "s", code_challenge: pkce.challenge };
    const withoutRefresh = await handOff({ accessToken: user.accessToken }, body);
    expect(withoutRefresh.status).toBe(400);
    expect(withoutRefresh.text).toMatch(/refresh token/);
    const other = await signUpUser(t, project.client);
    const mismatch = await handOff({ accessToken: user.accessToken, refreshToken: other.refreshToken }, body);
    expect(mismatch.status).toBe(401);
    expect(mismatch.text).toMatch(/refresh token/);
    const onlyRefresh = await handOff({ refreshToken: user.refreshToken }, body);
    expect([onlyRefresh.status, onlyRefresh.json.code]).toEqual([401, "USER_AUTHENTICATION_REQUIRED"]);
  });

  it("refuses untrusted redirect URLs and anything but an S256 challenge before issuing a code", async () => {
    const pkce = newPkce();
    const base = { redirect_uri: HANDOFF, state: "s", code_challenge: pkce.challenge };
    expect((await handOff(user, { ...base, redirect_uri: "https://evil.example.com/cb" })).json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect((await handOff(user, { ...base, after_callback_redirect_url: "https://evil.example.com/next" })).json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect((await handOff(user, { ...base, code_challenge_method: "plain", code_challenge: "short" })).json.code).toBe("SCHEMA_ERROR");
    expect((await handOff(user, { ...base, code_challenge: "too-short" })).json.code).toBe("SCHEMA_ERROR");
  });

  it("issues nothing that outlives the session: after sign-out the code trades for nothing", async () => {
    const signedIn = await signUpUser(t, project.client);
    const pkce = newPkce();
    const res = await handOff(signedIn, { redirect_uri: HANDOFF, state: "s", code_challenge: pkce.challenge });
    const code = new URL(res.json.redirect_url).searchParams.get("code")!;
    await call(t, "DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken: signedIn.accessToken } });
    expect((await exchangeCode(t, project, code, pkce.verifier, HANDOFF)).json.code).toBe("INVALID_AUTHORIZATION_CODE");
  });
});

const all = ["client", "server", "admin"] as const;
describeSecurity({ operationId: "signInWithAppleNative", method: "POST", path: "/auth/oauth/callback/apple/native", access: all, body: { id_token: "x" } });
describeSecurity({
  operationId: "authorizeCrossDomain",
  method: "POST",
  path: "/auth/oauth/cross-domain/authorize",
  access: all,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  body: { redirect_uri: CLIENT_REDIRECT, state: "s", code_challenge: "A".repeat(43) },
});
