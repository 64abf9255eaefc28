import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../config/env";
import { upsertOverride } from "../../db/queries/config-overrides";
import { openIdentityPage, postIdentityForm, visitDevProvider } from "../../testing/dev-oauth-driver";
import { call, createProjectFixture, internalClient, plainRefusal, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { authorizeQuery, CLIENT_REDIRECT, exchangeCode, newPkce, runFlow } from "../../testing/oauth-flow";
import { startOidcStandIn, type OidcStandIn } from "../../testing/oidc-stand-in";
import { createTestApp, startTestServer, TEST_INTERNAL_KEYS, type RunningTestServer, type TestApp } from "../../testing/test-server";

const SHARED_SPOTIFY = { type: "spotify", isShared: true, allowSignIn: true, allowConnectedAccounts: true };

async function useSharedProviders(t: Pick<TestApp, "request">, project: ProjectFixture, providers: Record<string, unknown> = { spotify: SHARED_SPOTIFY }) {
  const changes = Object.fromEntries(Object.entries(providers).map(([id, provider]) => [`auth.oauth.providers.${id}`, provider]));
  return call(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify(changes) } });
}

describe("the development OAuth provider (shared keys, no OAUTH_SHARED_ISSUER)", () => {
  let server: RunningTestServer;
  let project: ProjectFixture;
  let callbackPrefix: string;

  beforeAll(async () => {
    server = await startTestServer();
    project = await createProjectFixture(server);
    expect((await useSharedProviders(server, project)).status).toBe(200);
    callbackPrefix = `${server.url}/api/v1/auth/oauth/callback/`;
  });
  afterAll(async () => server?.close());

  async function authorize(providerId = "spotify", extra: Record<string, string> = {}) {
    const pkce = newPkce();
    const query = authorizeQuery(project, { provider: providerId }, pkce);
    for (const [key, value] of Object.entries(extra)) query.set(key, value);
    const res = await server.request(`/api/v1/auth/oauth/authorize/${providerId}?${query}`);
    return { res, pkce, cookie: (res.headers.get("set-cookie") ?? "").split(";")[0]! };
  }

  async function signIn(identity: { email: string; name?: string }, providerId = "spotify") {
    const { res, pkce, cookie } = await authorize(providerId);
    expect(res.status).toBe(307);
    const visit = await visitDevProvider(res.headers.get("location")!, callbackPrefix, identity);
    const callback = await server.request(visit.callbackUrl.pathname + visit.callbackUrl.search, { headers: { cookie } });
    expect(callback.status).toBe(303);
    const code = new URL(callback.headers.get("location")!).searchParams.get("code")!;
    return { ...(await exchangeCode(server, project, code, pkce.verifier)), visit };
  }

  it("is where a shared provider sends the browser: its own authorization endpoint, with S256 and the provider type as client", async () => {
    const { res } = await authorize();
    const location = new URL(res.headers.get("location")!);
    expect(`${location.origin}${location.pathname}`).toBe(`${server.url}/dev-oauth/auth`);
    expect([...location.searchParams.keys()]).toEqual(["client_id", "scope", "response_type", "redirect_uri", "code_challenge_method", "code_challenge", "state", "access_type", "prompt"]);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: "spotify",
      scope: "openid offline_access",
      code_challenge_method: "S256",
      redirect_uri: `${callbackPrefix}spotify`,
    });
    expect(location.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const discovery = await fetch(`${server.url}/dev-oauth/.well-known/openid-configuration`);
    expect(((await discovery.json()) as { issuer: string }).issuer).toBe(`${server.url}/dev-oauth`);
  });

  it("signs up with an identity typed on its page, signs the same identity in again, and serves its tokens as a connected account", async () => {
    const email = uniqueEmail("dev-oauth");
    const first = await signIn({ email: email.toUpperCase(), name: "Ada Lovelace" });
    expect(first.status).toBe(200);
    expect(first.json.is_new_user).toBe(true);
    expect(first.visit.page).toContain("Sign in to Spotify");
    const creds = { ...project.client, accessToken: first.json.access_token };
    const me = await call(server, "GET", "/users/me", { creds });
    // The identity's subject is the address, lower-cased, and the provider vouches for it.
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: true, display_name: "Ada Lovelace", oauth_providers: [{ id: "spotify", account_id: email, email }] });

    const again = await signIn({ email });
    expect(again.userId).toBe(first.userId);
    expect(again.json.is_new_user).toBe(false);

    const token = await call(server, "POST", "/connected-accounts/me/spotify/access-token", { creds, body: { scope: "openid" } });
    expect(token.status).toBe(201);
    const userinfo = await fetch(`${server.url}/dev-oauth/me`, { headers: { authorization: `Bearer ${token.json.access_token}` } });
    expect(await userinfo.json()).toMatchObject({ sub: email, email });
  });

  it("offers sample identities and, in the same browser, the ones used lately", async () => {
    const email = uniqueEmail("recent");
    const { res, cookie } = await authorize();
    const visit = await visitDevProvider(res.headers.get("location")!, callbackPrefix, { email, name: "Grace" });
    expect(visit.page).toContain("ada@example.com");
    await server.request(visit.callbackUrl.pathname + visit.callbackUrl.search, { headers: { cookie } });
    const next = await authorize();
    const page = await openIdentityPage(next.res.headers.get("location")!, visit.jar);
    expect(page.html).toContain(email);
    expect(page.html).toContain("Grace");
  });

  it("sends Cancel back to the app as OAUTH_PROVIDER_ACCESS_DENIED", async () => {
    const { res, cookie } = await authorize();
    const visit = await visitDevProvider(res.headers.get("location")!, callbackPrefix, "cancel");
    const callback = await server.request(visit.callbackUrl.pathname + visit.callbackUrl.search, { headers: { cookie } });
    expect(callback.status).toBe(307);
    const location = new URL(callback.headers.get("location")!);
    expect(location.href.startsWith(CLIENT_REDIRECT)).toBe(true);
    expect(location.searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  });

  it("answers an address it cannot use with the page again, saying why, and escapes what was typed", async () => {
    const { res } = await authorize();
    const page = await openIdentityPage(res.headers.get("location")!);
    expect(page.html).toContain('name="email"');
    const answer = await postIdentityForm(page.url, page.jar, { email: '"><script>alert(1)</script>', name: "<b>x</b>", decision: "continue" });
    expect(answer.status).toBe(400);
    expect(answer.headers.get("content-security-policy")).toContain("default-src 'none'");
    const html = await answer.text();
    expect(html).toContain('role="alert"');
    expect(html).not.toContain("<script>alert(1)</script>");
    expect(html).not.toContain("<b>x</b>");
  });

  it("serves a shared provider configured under another id than its type", async () => {
    expect((await useSharedProviders(server, project, { "spotify-work": SHARED_SPOTIFY })).status).toBe(200);
    const email = uniqueEmail("work");
    const result = await signIn({ email }, "spotify-work");
    expect(result.status).toBe(200);
    const me = await call(server, "GET", "/users/me", { creds: { ...project.client, accessToken: result.json.access_token } });
    expect(me.json.oauth_providers).toEqual([{ id: "spotify-work", account_id: email, email }]);
  });

  it("refuses extra provider scopes with shared keys, on sign-in and on linking", async () => {
    const { res } = await authorize("spotify", { provider_scope: "user-library-modify" });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
    const user = await signUpUser(server, project.client);
    const link = await authorize("spotify", { provider_scope: "user-library-modify", type: "link", token: user.accessToken });
    expect(((await link.res.json()) as { code: string }).code).toBe("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  });

  it("answers in process (no Node request to hand it) with 503", async () => {
    const res = await server.app.request("/dev-oauth/.well-known/openid-configuration");
    expect(res.status).toBe(503);
  });
});

describe("shared keys at OAUTH_SHARED_ISSUER", () => {
  const PUBLIC_URL = "http://localhost:8102";
  let standIn: OidcStandIn;
  let t: TestApp;
  let project: ProjectFixture;

  beforeAll(async () => {
    standIn = await startOidcStandIn({
      clients: [{ clientId: "spotify", clientSecret: "shared-stand-in-secret", redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/spotify`] }],
    });
    t = await createTestApp({ publicUrl: PUBLIC_URL, env: { OAUTH_SHARED_ISSUER: standIn.issuer, OAUTH_SHARED_CLIENT_SECRET: "shared-stand-in-secret" } });
    project = await createProjectFixture(t);
    expect((await useSharedProviders(t, project)).status).toBe(200);
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it("signs in at that issuer, with the provider type as client id and the address as subject", async () => {
    const email = uniqueEmail("shared-issuer");
    standIn.addAccount({ sub: email });
    const flow = await runFlow(t, standIn, project, { accountId: email }, { provider: "spotify" });
    const code = flow.location.searchParams.get("code")!;
    const tokens = await exchangeCode(t, project, code, flow.pkce.verifier);
    expect(tokens.status).toBe(200);
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: tokens.json.access_token } });
    expect(me.json).toMatchObject({ primary_email: email, primary_email_verified: true, oauth_providers: [{ id: "spotify", account_id: email }] });
  });

  it("does not serve the development provider", async () => {
    expect((await t.request("/dev-oauth/.well-known/openid-configuration")).status).toBe(404);
  });
});

describe("shared keys in production", () => {
  let t: TestApp;
  let project: ProjectFixture;

  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: "production", STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS: "github" } });
    project = await createProjectFixture(t);
  });
  afterAll(async () => t?.close());

  it("refuses a shared provider when it is configured, saying why", async () => {
    // The configuration routes answer a refused document as Stack Auth does: 400 with the problems as text.
    const [status, text] = plainRefusal(await useSharedProviders(t, project)) as [number, string];
    expect(status).toBe(400);
    expect(text).toMatch(/auth\.oauth\.providers\.spotify\.isShared.*development/);
    const viaProject = await call(t, "PATCH", "/internal/projects/current", { creds: project.admin, body: { config: { oauth_providers: [{ id: "github", type: "shared" }] } } });
    expect(viaProject.status).toBe(400);
    const created = await call(t, "POST", "/internal/projects", {
      creds: { ...internalClient, accessToken: project.owner.accessToken },
      body: { display_name: "Shared in production", owner_team_id: (await call(t, "GET", "/users/me", { creds: { ...internalClient, accessToken: project.owner.accessToken } })).json.selected_team_id, config: { oauth_providers: [{ id: "google", type: "shared" }] } },
    });
    expect(created.status).toBe(400);
    // A provider with its own keys is fine.
    const own = await call(t, "PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "auth.oauth.providers.github": { type: "github", isShared: false, clientId: "id", clientSecret: "secret", allowSignIn: true, allowConnectedAccounts: true } }) },
    });
    expect(own.status).toBe(200);
  });

  it("does not seed shared providers into the internal project", async () => {
    const config = await call(t, "GET", "/projects/current", { creds: internalClient });
    expect(config.json.config.enabled_oauth_providers).toEqual([]);
  });

  it("answers a shared provider stored before (not through the API) with OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED", async () => {
    const p = await createProjectFixture(t);
    await upsertOverride(t.db, p.projectId, "environment", "main", { auth: { oauth: { providers: { spotify: SHARED_SPOTIFY } } } });
    t.deps.tenancies.forget(p.projectId);
    const res = await t.request(`/api/v1/auth/oauth/authorize/spotify?${authorizeQuery(p, { provider: "spotify" }, newPkce())}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  });

  it("serves no development provider", async () => {
    expect((await t.request("/dev-oauth/.well-known/openid-configuration")).status).toBe(404);
  });

  it("refuses to start with the passkey test challenge", () => {
    const base = { NODE_ENV: "production", STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey };
    expect(() => loadConfig({ ...base, PASSKEY_FIXED_TEST_CHALLENGE: "true" })).toThrow(/PASSKEY_FIXED_TEST_CHALLENGE/);
    expect(() => loadConfig({ ...base, OAUTH_SHARED_ISSUER: "http://127.0.0.1:1/" })).toThrow(/OAUTH_SHARED_CLIENT_SECRET/);
  });
});

describe("STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS outside production", () => {
  it("gives the internal project those providers with shared keys, on sign-in", async () => {
    const t = await createTestApp({ env: { STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS: "github,spotify" } });
    try {
      const current = await call(t, "GET", "/projects/current", { creds: internalClient });
      expect(current.json.config.enabled_oauth_providers).toEqual([{ id: "github" }, { id: "spotify" }]);
      const bad = () => loadConfig({ NODE_ENV: "test", STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS: "github,myspace" });
      expect(bad).toThrow(/myspace/);
    } finally {
      await t.close();
    }
  });
});
