import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import {
  authorizeQuery,
  CLIENT_ERROR_PAGE,
  CLIENT_REDIRECT,
  configureOAuth,
  exchangeCode,
  followProvider,
  newPkce,
  runFlow,
  signInThroughProvider,
  type ProviderSetting,
} from "../../testing/oauth-flow";
import { gitHubIdOf, startGitHubApiStandIn, startOidcStandIn, type OidcStandIn, type StandInAccount } from "../../testing/oidc-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { signUpWithTotp } from "../../testing/totp";

const PUBLIC_URL = "http://localhost:8102";
const callbackFor = (id: string) => `${PUBLIC_URL}/api/v1/auth/oauth/callback/${id}`;

let standIn: OidcStandIn;
let gitHubApi: Awaited<ReturnType<typeof startGitHubApiStandIn>>;
let t: TestApp;
let project: ProjectFixture;
let providers: Record<string, ProviderSetting>;

beforeAll(async () => {
  standIn = await startOidcStandIn({
    clients: [
      { clientId: "corp-client", clientSecret: "corp-secret", redirectUris: [callbackFor("corp")] },
      { clientId: "google-client", clientSecret: "google-secret", redirectUris: [callbackFor("google")] },
      { clientId: "gitlab-client", clientSecret: "gitlab-secret", redirectUris: [callbackFor("gitlab")] },
      { clientId: "github-client", clientSecret: "github-secret", redirectUris: [callbackFor("github")] },
    ],
  });
  // GitHub is no OpenID provider: its sign-in is the stand-in's, its REST API (profile, e-mails) a second stand-in.
  gitHubApi = await startGitHubApiStandIn(standIn);
  const endpoints = JSON.parse(standIn.endpointsEnv(["google", "gitlab"])) as Record<string, Record<string, string>>;
  endpoints.github = { authorization_endpoint: `${standIn.issuer}/auth`, token_endpoint: `${standIn.issuer}/token`, issuer: standIn.issuer, api_base_url: gitHubApi.url };
  t = await createTestApp({ publicUrl: PUBLIC_URL, env: { TRUST_PROXY: "true", OAUTH_PROVIDER_ENDPOINTS: JSON.stringify(endpoints) } });
  providers = {
    corp: { type: "oidc", clientId: "corp-client", clientSecret: "corp-secret", issuerUrl: standIn.issuer },
    google: { type: "google", clientId: "google-client", clientSecret: "google-secret" },
    gitlab: { type: "gitlab", clientId: "gitlab-client", clientSecret: "gitlab-secret" },
    github: { type: "github", clientId: "github-client", clientSecret: "github-secret" },
  };
  project = await createProjectFixture(t);
  await configureOAuth(t, project, providers);
});

afterAll(async () => {
  await t?.close();
  await gitHubApi?.close();
  await standIn?.close();
});

let accounts = 0;
function account(overrides: Partial<StandInAccount> = {}): StandInAccount {
  accounts += 1;
  return standIn.addAccount({ sub: `acct-${accounts}-${Date.now()}`, email: uniqueEmail("oauth"), email_verified: true, name: `Person ${accounts}`, ...overrides });
}

async function projectWith(extra: Record<string, unknown>): Promise<ProjectFixture> {
  const p = await createProjectFixture(t);
  await configureOAuth(t, p, providers, extra);
  return p;
}

const me = (p: ProjectFixture, accessToken: string) => call(t, "GET", "/users/me", { creds: { ...p.client, accessToken } });

function errorOf(location: URL) {
  expect(location.href.startsWith(CLIENT_ERROR_PAGE)).toBe(true);
  return { code: location.searchParams.get("errorCode"), details: JSON.parse(location.searchParams.get("details") ?? "{}") };
}

describe("sign-in with a generic OpenID provider (discovery by issuer URL)", () => {
  it("signs up a new user, then signs the same user in again", async () => {
    const person = account({ picture: "https://img.example.com/p.png" });
    const first = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "corp" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: "Bearer", is_new_user: true, user_id: expect.any(String), refresh_token: expect.any(String) });

    const claims = decodeJwt(first.json.access_token);
    expect(claims).toMatchObject({
      sub: first.json.user_id,
      iss: `${PUBLIC_URL}/api/v1/projects/${project.projectId}`,
      aud: project.projectId,
      project_id: project.projectId,
      branch_id: "main",
      role: "authenticated",
      name: person.name,
      email: person.email,
      email_verified: true,
      is_anonymous: false,
      requires_totp_mfa: false,
    });
    for (const claim of ["exp", "iat", "refresh_token_id", "selected_team_id", "signed_up_at", "is_restricted", "restricted_reason"]) expect(claims).toHaveProperty(claim);

    const user = (await me(project, first.json.access_token)).json;
    expect(user).toMatchObject({
      primary_email: person.email,
      primary_email_verified: true,
      display_name: person.name,
      profile_image_url: person.picture,
      oauth_providers: [{ id: "corp", account_id: person.sub, email: person.email }],
    });

    const again = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "corp" });
    expect(again.status).toBe(200);
    expect(again.json).toMatchObject({ user_id: first.json.user_id, is_new_user: false });
    // The session works for refresh like any other.
    const refreshed = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: again.json.refresh_token, client_id: project.projectId, client_secret: project.keys.publishableKey }).toString(),
    });
    expect(refreshed.status).toBe(200);
  });

  it("answers the after-callback URL it was given and keeps tokens sealed at rest", async () => {
    const person = account();
    const res = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "corp", afterCallbackRedirectUrl: "/dashboard" });
    expect(res.json.after_callback_redirect_url).toBe("/dashboard");
    const rows = await t.db.query<{ sealed_token: string }>(
      `SELECT ot.sealed_token FROM oauth_tokens ot JOIN oauth_accounts oa ON oa.id = ot.oauth_account_id AND oa.project_id = ot.project_id
       WHERE oa.user_id = $1`,
      [res.json.user_id],
    );
    expect(rows.length).toBeGreaterThanOrEqual(2); // an access token and a refresh token
    for (const row of rows) expect(row.sealed_token).toMatch(/^v1\./);
    const flows = await t.db.query<{ sealed_info: string }>("SELECT sealed_info FROM oauth_flows");
    for (const flow of flows) expect(flow.sealed_info).toMatch(/^v1\./);
  });
});

describe.each(["google", "gitlab"])("the named provider %s, pointed at the stand-in", (provider) => {
  it("signs up with the provider's verified e-mail and signs in again", async () => {
    const person = account();
    const first = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider });
    expect(first.status).toBe(200);
    expect(first.json.is_new_user).toBe(true);
    expect((await me(project, first.json.access_token)).json).toMatchObject({
      primary_email: person.email,
      primary_email_verified: true,
      oauth_providers: [{ id: provider, account_id: person.sub, email: person.email }],
    });
    const again = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider });
    expect(again.json).toMatchObject({ user_id: first.json.user_id, is_new_user: false });
  });
});

describe("the named provider github, its sign-in at the stand-in and its REST API at another", () => {
  it("reads the account from /user and the verified primary address from /user/emails, without PKCE or an ID token", async () => {
    const person = account({ picture: "https://avatars.example.com/u/1" });
    const first = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "github" });
    expect(first.status).toBe(200);
    expect((await me(project, first.json.access_token)).json).toMatchObject({
      primary_email: person.email,
      primary_email_verified: true,
      display_name: person.name,
      profile_image_url: person.picture,
      oauth_providers: [{ id: "github", account_id: gitHubIdOf(person), email: person.email }],
    });
    const again = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "github" });
    expect(again.json).toMatchObject({ user_id: first.json.user_id, is_new_user: false });
  });
});

describe("linking a provider to a signed-in user", () => {
  it("links, and the provider account then signs in to that user", async () => {
    const user = await signUpUser(t, project.client);
    const person = account();
    const flow = await runFlow(t, standIn, project, { accountId: person.sub }, { provider: "gitlab", type: "link", token: user.accessToken });
    const linked = await exchangeCode(t, project, flow.location.searchParams.get("code")!, flow.pkce.verifier);
    expect(linked.status).toBe(200);
    expect(linked.json).toMatchObject({ user_id: user.userId, is_new_user: false });
    expect((await me(project, user.accessToken)).json.oauth_providers).toEqual([{ id: "gitlab", account_id: person.sub, email: person.email }]);

    const signIn = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "gitlab" });
    expect(signIn.json).toMatchObject({ user_id: user.userId, is_new_user: false });
  });

  it("refuses a provider account that already signs in to someone else, and a second account at one provider", async () => {
    const taken = account();
    await signInThroughProvider(t, standIn, project, { accountId: taken.sub }, { provider: "gitlab" });
    const user = await signUpUser(t, project.client);
    const refused = await runFlow(t, standIn, project, { accountId: taken.sub }, { provider: "gitlab", type: "link", token: user.accessToken });
    expect(errorOf(refused.location).code).toBe("OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER");

    const first = account();
    await runFlow(t, standIn, project, { accountId: first.sub }, { provider: "gitlab", type: "link", token: user.accessToken });
    const second = await runFlow(t, standIn, project, { accountId: account().sub }, { provider: "gitlab", type: "link", token: user.accessToken });
    expect(errorOf(second.location).code).toBe("USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION");
  });

  it("needs the user's token to link", async () => {
    const pkce = newPkce();
    const res = await t.request(`/api/v1/auth/oauth/authorize/gitlab?${authorizeQuery(project, { provider: "gitlab", type: "link" }, pkce)}`);
    expect(res.status).toBe(401);
    expect(((await res.json()) as any).code).toBe("USER_AUTHENTICATION_REQUIRED");
  });
});

describe("an e-mail that is already a user's sign-in address", () => {
  it("link_method: joins that user when the provider vouches for the address", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "link_method" });
    const existing = await signUpUser(t, p.client);
    const person = account({ email: existing.email, email_verified: true });
    const res = await signInThroughProvider(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    expect(res.json).toMatchObject({ user_id: existing.userId, is_new_user: false });
    expect((await me(p, existing.accessToken)).json).toMatchObject({ primary_email_verified: true, oauth_providers: [{ id: "corp", account_id: person.sub }] });
  });

  it("link_method: refuses an address the provider does not vouch for", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "link_method" });
    const existing = await signUpUser(t, p.client);
    const person = account({ email: existing.email, email_verified: false });
    const flow = await runFlow(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    expect(errorOf(flow.location)).toEqual({
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      details: { type: "email", contact_channel_value: existing.email, would_work_if_email_was_verified: true },
    });
  });

  it("raise_error: refuses with CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "raise_error" });
    const existing = await signUpUser(t, p.client);
    const flow = await runFlow(t, standIn, p, { accountId: account({ email: existing.email }).sub }, { provider: "corp" });
    expect(errorOf(flow.location)).toEqual({
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      details: { type: "email", contact_channel_value: existing.email, would_work_if_email_was_verified: false },
    });
  });

  it("allow_duplicates: makes a second user whose copy of the address does not sign in", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "allow_duplicates" });
    const existing = await signUpUser(t, p.client);
    const res = await signInThroughProvider(t, standIn, p, { accountId: account({ email: existing.email }).sub }, { provider: "corp" });
    expect(res.json.is_new_user).toBe(true);
    expect(res.json.user_id).not.toBe(existing.userId);
    expect((await me(p, res.json.access_token)).json).toMatchObject({ primary_email: existing.email, auth_with_email: false });
    // The password account still signs in with its address.
    const password = await call(t, "POST", "/auth/password/sign-in", { creds: p.client, body: { email: existing.email, password: existing.password } });
    expect(password.json.user_id).toBe(existing.userId);
  });
});

describe("refusals", () => {
  it("sends a refused consent to the error page as OAUTH_PROVIDER_ACCESS_DENIED", async () => {
    const flow = await runFlow(t, standIn, project, { deny: true }, { provider: "corp" });
    expect(errorOf(flow.location).code).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
  });

  it("refuses sign-up when the project does not allow it, but still signs in linked accounts", async () => {
    const p = await projectWith({});
    const known = account();
    const before = await signInThroughProvider(t, standIn, p, { accountId: known.sub }, { provider: "corp" });
    expect(before.json.is_new_user).toBe(true);
    await configureOAuth(t, p, {}, { "auth.allowSignUp": false });
    const flow = await runFlow(t, standIn, p, { accountId: account().sub }, { provider: "corp" });
    expect(errorOf(flow.location).code).toBe("SIGN_UP_NOT_ENABLED");
    const again = await signInThroughProvider(t, standIn, p, { accountId: known.sub }, { provider: "corp" });
    expect(again.json).toMatchObject({ user_id: before.json.user_id, is_new_user: false });
  });

  it("answers OUTER_OAUTH_TIMEOUT for an unknown state, a callback without the browser's cookie, and a replayed callback", async () => {
    const unknown = await t.request("/api/v1/auth/oauth/callback/corp?code=abc&state=not-a-state");
    expect(unknown.status).toBe(408);
    expect(((await unknown.json()) as any).code).toBe("OUTER_OAUTH_TIMEOUT");

    const pkce = newPkce();
    const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(project, { provider: "corp" }, pkce)}`);
    const cookie = authorize.headers.get("set-cookie")!;
    expect(cookie).toMatch(/^stack-oauth-inner-[^=]+=1; Max-Age=3600; Path=\/api\/v1\/auth\/oauth; HttpOnly; SameSite=Lax$/);
    standIn.nextDecision({ accountId: account().sub });
    const callbackUrl = await followProvider(authorize.headers.get("location")!, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
    const path = callbackUrl.pathname + callbackUrl.search;

    const otherBrowser = await t.request(path);
    expect(otherBrowser.status).toBe(408);
    // A state that is not the one sent to the provider finds nothing either.
    const wrongState = await t.request(path.replace(/state=[^&]+/, "state=tampered"), { headers: { cookie: cookie.split(";")[0]! } });
    expect(wrongState.status).toBe(408);

    const right = await t.request(path, { headers: { cookie: cookie.split(";")[0]! } });
    expect(right.status).toBe(303);
    expect(new URL(right.headers.get("location")!).searchParams.get("state")).toBe(pkce.state);
    const replay = await t.request(path, { headers: { cookie: cookie.split(";")[0]! } });
    expect(replay.status).toBe(408);
  });

  it("uses a code once, and only with its redirect URI and PKCE verifier", async () => {
    const flow = await runFlow(t, standIn, project, { accountId: account().sub }, { provider: "corp" });
    const code = flow.location.searchParams.get("code")!;
    expect(flow.location.href.startsWith(CLIENT_REDIRECT)).toBe(true);

    const wrongVerifier = await exchangeCode(t, project, code, newPkce().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.json.code).toBe("INVALID_AUTHORIZATION_CODE");
    const wrongRedirect = await exchangeCode(t, project, code, flow.pkce.verifier, "http://localhost:3000/elsewhere");
    expect(wrongRedirect.json.code).toBe("INVALID_AUTHORIZATION_CODE");

    expect((await exchangeCode(t, project, code, flow.pkce.verifier)).status).toBe(200);
    const replay = await exchangeCode(t, project, code, flow.pkce.verifier);
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe("INVALID_AUTHORIZATION_CODE");
    // Codes are stored as digests only.
    const stored = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM verification_codes WHERE code_hash = $1 OR nonce_hash = $1", [code]);
    expect(stored[0]!.n).toBe(0);
  });

  it("refuses untrusted redirect URIs, unknown providers, bad clients and non-S256 challenges", async () => {
    const pkce = newPkce();
    const go = async (provider: string, change: (q: URLSearchParams) => void) => {
      const query = authorizeQuery(project, { provider }, pkce);
      change(query);
      const res = await t.request(`/api/v1/auth/oauth/authorize/${provider}?${query}`);
      return { status: res.status, code: ((await res.json()) as any).code };
    };
    expect(await go("corp", (q) => q.set("redirect_uri", "https://evil.example.com/cb"))).toEqual({ status: 400, code: "REDIRECT_URL_NOT_WHITELISTED" });
    expect(await go("corp", (q) => q.set("error_redirect_url", "https://evil.example.com/cb"))).toEqual({ status: 400, code: "REDIRECT_URL_NOT_WHITELISTED" });
    expect(await go("corp", (q) => q.set("after_callback_redirect_url", "https://evil.example.com/next"))).toEqual({ status: 400, code: "REDIRECT_URL_NOT_WHITELISTED" });
    expect(await go("bitbucket", () => undefined)).toEqual({ status: 400, code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED" });
    expect(await go("corp", (q) => q.set("client_secret", "pck_wrong"))).toEqual({ status: 400, code: "INVALID_OAUTH_CLIENT_ID_OR_SECRET" });
    expect(await go("corp", (q) => q.set("code_challenge_method", "plain"))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
  });

  it("answers the location as JSON without a cookie in the SDK's JSON mode, and that flow needs no cookie", async () => {
    const pkce = newPkce();
    const res = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(project, { provider: "corp", json: true }, pkce)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("set-cookie")).toBeNull();
    const { location } = (await res.json()) as { location: string };
    expect(location.startsWith(`${standIn.issuer}/auth?`)).toBe(true);
    standIn.nextDecision({ accountId: account().sub });
    const callbackUrl = await followProvider(location, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
    const callback = await t.request(callbackUrl.pathname + callbackUrl.search);
    expect(callback.status).toBe(303);
    const code = new URL(callback.headers.get("location")!).searchParams.get("code")!;
    expect((await exchangeCode(t, project, code, pkce.verifier)).status).toBe(200);
  });
});

describe("rate limits", () => {
  it("counts authorize against sign_in_per_ip and code exchanges against code_check_per_ip", async () => {
    const p = await projectWith({});
    const limits = await call(t, "PATCH", "/internal/projects/current", {
      creds: p.admin,
      body: { config: { rate_limits: { sign_in_per_ip: { max: 2 }, code_check_per_ip: { max: 2 } } } },
    });
    expect(limits.status).toBe(200);
    const from = { "x-forwarded-for": "198.51.100.77" };
    const authorize = async () => (await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(p, { provider: "corp" }, newPkce())}`, { headers: from })).status;
    expect([await authorize(), await authorize(), await authorize()]).toEqual([302, 302, 429]);
    // Another address is not held back.
    expect((await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(p, { provider: "corp" }, newPkce())}`, { headers: { "x-forwarded-for": "198.51.100.78" } })).status).toBe(302);

    const exchange = async () =>
      (
        await t.request("/api/v1/auth/oauth/token", {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", ...from },
          body: new URLSearchParams({ grant_type: "authorization_code", code: "A".repeat(45), redirect_uri: CLIENT_REDIRECT, code_verifier: newPkce().verifier, client_id: p.projectId, client_secret: p.keys.publishableKey }).toString(),
        })
      ).status;
    expect([await exchange(), await exchange(), await exchange()]).toEqual([400, 400, 429]);
  });
});

describe("the second factor", () => {
  it("asks a user with TOTP on for the second factor at the token endpoint", async () => {
    const user = await signUpWithTotp(t, project.client);
    const person = account();
    const link = await runFlow(t, standIn, project, { accountId: person.sub }, { provider: "corp", type: "link", token: user.accessToken });
    expect(link.location.searchParams.get("code")).toBeTruthy();
    const signIn = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "corp" });
    expect(signIn.status).toBe(400);
    expect(signIn.json).toMatchObject({ code: "MULTI_FACTOR_AUTHENTICATION_REQUIRED", details: { attempt_code: expect.any(String) } });
  });
});
