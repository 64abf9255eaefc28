import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { configureOAuth, exchangeCode, runFlow, signInThroughProvider } from "../../testing/oauth-flow";
import { startOidcStandIn, type OidcStandIn } from "../../testing/oidc-stand-in";
import { describeSecurity } from "../../testing/security-table";
import { createTestApp, type TestApp } from "../../testing/test-server";

const PUBLIC_URL = "http://localhost:8102";

let standIn: OidcStandIn;
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  standIn = await startOidcStandIn({
    clients: [{ clientId: "google-client", clientSecret: "google-secret", redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/google`] }],
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL, env: { OAUTH_PROVIDER_ENDPOINTS: standIn.endpointsEnv(["google"]) } });
  project = await createProjectFixture(t);
  await configureOAuth(t, project, {
    google: { type: "google", clientId: "google-client", clientSecret: "google-secret" },
    github: { type: "github", clientId: "gh", clientSecret: "gh-secret" },
  });
});

afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

/** A user signed in with the stand-in as Google; access tokens live `ttl` seconds at the provider. */
async function googleUser(ttl = 3600) {
  standIn.accessTokenTtlSeconds = ttl;
  const person = standIn.addAccount({ sub: `g-${Math.random().toString(36).slice(2)}`, email: uniqueEmail("connected"), email_verified: true });
  const res = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "google" });
  expect(res.status).toBe(200);
  return { person, userId: res.userId as string, creds: { ...project.client, accessToken: res.json.access_token as string } };
}

/** What the provider says about a token: its userinfo answer. */
async function userinfo(accessToken: string) {
  const res = await fetch(`${standIn.issuer}/me`, { headers: { authorization: `Bearer ${accessToken}` } });
  return { status: res.status, json: res.status === 200 ? ((await res.json()) as { sub: string }) : null };
}

const accessToken = (creds: Credentials, body: { scope?: string } = {}) => call(t, "POST", "/connected-accounts/me/google/access-token", { creds, body });

describe("connected accounts", () => {
  it("lists the account and hands out the provider's live access token", async () => {
    const user = await googleUser();
    const list = await call(t, "GET", "/connected-accounts/me", { creds: user.creds });
    expect(list.json).toEqual({ items: [{ user_id: user.userId, provider: "google", provider_account_id: user.person.sub }], is_paginated: false });

    const refreshesBefore = standIn.refreshCount;
    const first = await accessToken(user.creds);
    expect(first.status).toBe(201);
    expect(await userinfo(first.json.access_token)).toMatchObject({ status: 200, json: { sub: user.person.sub } });
    // Still fresh: the same token, and the provider was not asked again.
    expect((await accessToken(user.creds)).json.access_token).toBe(first.json.access_token);
    expect(standIn.refreshCount).toBe(refreshesBefore);

    // The same through the per-account path, the legacy path and the server key.
    const byAccount = await call(t, "POST", `/connected-accounts/me/google/${encodeURIComponent(user.person.sub)}/access-token`, { creds: user.creds, body: {} });
    expect(byAccount.json.access_token).toBe(first.json.access_token);
    const legacy = await call(t, "POST", "/auth/oauth/connected-accounts/google/access-token", { creds: user.creds, body: {} });
    expect(legacy.json.access_token).toBe(first.json.access_token);
    const server = await call(t, "POST", `/connected-accounts/${user.userId}/google/access-token`, { creds: project.server, body: {} });
    expect(server.json.access_token).toBe(first.json.access_token);

    // Sealed at rest: the token's text is nowhere in its table.
    const leaked = await t.db.query("SELECT 1 FROM oauth_tokens WHERE sealed_token LIKE '%' || $1 || '%'", [first.json.access_token]);
    expect(leaked).toHaveLength(0);
  });

  it("refreshes an expiring token with the provider, server-side", async () => {
    const user = await googleUser(5);
    const refreshesBefore = standIn.refreshCount;
    const res = await accessToken(user.creds);
    expect(res.status).toBe(201);
    expect(standIn.refreshCount).toBe(refreshesBefore + 1);
    expect(await userinfo(res.json.access_token)).toMatchObject({ status: 200, json: { sub: user.person.sub } });

    // That one lives seconds too, under the minute a handed-out token must have left: the next
    // request refreshes again, with the refresh token the provider rotated to.
    const later = await accessToken(user.creds);
    expect(later.status).toBe(201);
    expect(standIn.refreshCount).toBe(refreshesBefore + 2);
    expect(later.json.access_token).not.toBe(res.json.access_token);
    expect(await userinfo(later.json.access_token)).toMatchObject({ status: 200, json: { sub: user.person.sub } });
  });

  it("asks for scopes the account was never granted, which linking again with provider_scope grants", async () => {
    const user = await googleUser();
    const missing = await accessToken(user.creds, { scope: "contacts.read" });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");

    const relink = await runFlow(t, standIn, project, { accountId: user.person.sub }, {
      provider: "google",
      type: "link",
      token: user.creds.accessToken,
      providerScope: "contacts.read",
    });
    expect((await exchangeCode(t, project, relink.location.searchParams.get("code")!, relink.pkce.verifier)).status).toBe(200);
    const granted = await accessToken(user.creds, { scope: "contacts.read" });
    expect(granted.status).toBe(201);
    expect((await userinfo(granted.json.access_token)).status).toBe(200);
  });

  it("says when no token can be had: not linked, no such provider, no refresh token left", async () => {
    const plain = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: plain.accessToken };
    expect((await accessToken(creds)).json.code).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
    expect((await call(t, "POST", "/connected-accounts/me/gitlab/access-token", { creds, body: {} })).json.code).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");

    const user = await googleUser(5);
    await t.db.query(
      `DELETE FROM oauth_tokens WHERE kind = 'refresh' AND oauth_account_id IN (SELECT id FROM oauth_accounts WHERE user_id = $1)`,
      [user.userId],
    );
    // The access token lapsed and nothing can renew it: the account must be linked again.
    const res = await accessToken(user.creds);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
  });

  // Regression: a token the user revoked at the provider was handed out until it expired.
  it("checks a stored access token with the provider, and refreshes one the provider revoked", async () => {
    const user = await googleUser();
    const first = await accessToken(user.creds);
    expect(first.status).toBe(201);
    await standIn.revokeAccessToken(first.json.access_token);
    const refreshesBefore = standIn.refreshCount;
    const second = await accessToken(user.creds);
    expect(second.status).toBe(201);
    expect(second.json.access_token).not.toBe(first.json.access_token);
    expect(standIn.refreshCount).toBe(refreshesBefore + 1);
    expect(await userinfo(second.json.access_token)).toMatchObject({ status: 200, json: { sub: user.person.sub } });

    // With the grant revoked too, no token can be had: link again.
    await standIn.revokeGrantOf(second.json.access_token);
    const third = await accessToken(user.creds);
    expect(third.status).toBe(400);
    expect(third.json.code).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
  });

  it("tries each account of the provider on the legacy path, and hands out the first that has a token", async () => {
    const user = await googleUser();
    // A second Google account the server made, without tokens, made older so it is tried first.
    const created = await call(t, "POST", "/oauth-providers", {
      creds: project.server,
      body: { user_id: user.userId, provider_config_id: "google", account_id: "no-tokens", email: null, allow_sign_in: false, allow_connected_accounts: true },
    });
    expect(created.status).toBe(201);
    await t.db.query("UPDATE oauth_accounts SET created_at = created_at - interval '1 day' WHERE id = $1", [created.json.id]);
    const legacy = await call(t, "POST", "/auth/oauth/connected-accounts/google/access-token", { creds: user.creds, body: {} });
    expect(legacy.status).toBe(201);
    expect(await userinfo(legacy.json.access_token)).toMatchObject({ status: 200, json: { sub: user.person.sub } });
    // Asked for by its account id, the account without tokens must be linked again.
    const byAccount = await call(t, "POST", "/connected-accounts/me/google/no-tokens/access-token", { creds: user.creds, body: {} });
    expect(byAccount.json.code).toBe("OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE");
  });

  it("refuses client access to another user's connected accounts with 403 in plain text", async () => {
    const owner = await googleUser();
    const other = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: other.accessToken };
    const list = await call(t, "GET", `/connected-accounts/${owner.userId}`, { creds });
    expect(list.status).toBe(403);
    expect(list.text).toMatch(/signed-in user/);
    const token = await call(t, "POST", `/connected-accounts/${owner.userId}/google/access-token`, { creds, body: {} });
    expect(token.status).toBe(403);
  });

  it("is switched off for an account with allow_connected_accounts off", async () => {
    const user = await googleUser();
    const links = await call(t, "GET", "/oauth-providers?user_id=me", { creds: user.creds });
    await call(t, "PATCH", `/oauth-providers/me/${links.json.items[0].id}`, { creds: user.creds, body: { allow_connected_accounts: false } });
    expect((await call(t, "GET", "/connected-accounts/me", { creds: user.creds })).json.items).toEqual([]);
    expect((await accessToken(user.creds)).json.code).toBe("OAUTH_CONNECTION_NOT_CONNECTED_TO_USER");
  });
});

const ALL = ["client", "server", "admin"] as const;
describeSecurity({
  operationId: "listConnectedAccounts",
  method: "GET",
  path: "/connected-accounts/me",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: `/connected-accounts/${ctx.otherProject.user.userId}`, creds: ctx.project.server, code: "USER_NOT_FOUND" }),
});
describeSecurity({
  operationId: "createConnectedAccountAccessToken",
  method: "POST",
  path: "/connected-accounts/me/google/access-token",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  body: {},
  foreignResource: async (ctx) => ({ path: `/connected-accounts/${ctx.otherProject.user.userId}/google/access-token`, creds: ctx.project.server, body: {}, code: "USER_NOT_FOUND" }),
});
describeSecurity({
  operationId: "createConnectedAccountAccessTokenByAccount",
  method: "POST",
  path: "/connected-accounts/me/google/some-account/access-token",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  body: {},
  foreignResource: async (ctx) => ({
    path: `/connected-accounts/${ctx.otherProject.user.userId}/google/some-account/access-token`,
    creds: ctx.project.server,
    body: {},
    code: "USER_NOT_FOUND",
  }),
});
describeSecurity({
  operationId: "createOAuthConnectedAccountAccessToken",
  method: "POST",
  path: "/auth/oauth/connected-accounts/google/access-token",
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  body: {},
});
