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

/** Authorize, the provider's yes, and our callback, for a flow expected to fail at the callback. */
async function runFlowExpectingError(p: ProjectFixture, person: StandInAccount, options: { redirectUri: string; errorRedirectUrl?: string }) {
  const pkce = newPkce();
  const query = authorizeQuery(p, { provider: "corp", redirectUri: options.redirectUri }, pkce);
  if (options.errorRedirectUrl) query.set("error_redirect_url", options.errorRedirectUrl);
  else query.delete("error_redirect_url");
  const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${query}`);
  expect(authorize.status).toBe(307);
  standIn.nextDecision({ accountId: person.sub });
  const callbackUrl = await followProvider(authorize.headers.get("location")!, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
  const res = await t.request(callbackUrl.pathname + callbackUrl.search, { headers: { cookie: authorize.headers.get("set-cookie")!.split(";")[0]! } });
  const text = await res.text();
  return { status: res.status, location: res.headers.get("location"), json: text ? JSON.parse(text) : null };
}

const me = (p: ProjectFixture, accessToken: string) => call(t, "GET", "/users/me", { creds: { ...p.client, accessToken } });

/** An error the callback sent to the client's redirect URI, as an OAuth error answer carrying the known error. */
function errorOf(location: URL) {
  expect(location.href.startsWith(CLIENT_REDIRECT)).toBe(true);
  expect(location.searchParams.get("error")).toBe("server_error");
  expect(location.searchParams.get("error_description")).toBe(location.searchParams.get("message"));
  return { code: location.searchParams.get("errorCode"), details: JSON.parse(location.searchParams.get("details") ?? "{}") };
}

describe("sign-in with a generic OpenID provider (discovery by issuer URL)", () => {
  it("signs up a new user, then signs the same user in again", async () => {
    const person = account({ picture: "https://img.example.com/p.png" });
    const first = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "corp" });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ token_type: "Bearer", is_new_user: true, refresh_token: expect.any(String) });

    const claims = decodeJwt(first.json.access_token);
    expect(claims).toMatchObject({
      sub: first.userId,
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
    expect(again.userId).toBe(first.userId);
    expect(again.json).toMatchObject({ is_new_user: false });
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
      [res.userId],
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
    expect(again.userId).toBe(first.userId);
    expect(again.json).toMatchObject({ is_new_user: false });
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
    expect(again.userId).toBe(first.userId);
    expect(again.json).toMatchObject({ is_new_user: false });
  });
});

describe("linking a provider to a signed-in user", () => {
  it("links, and the provider account then signs in to that user", async () => {
    const user = await signUpUser(t, project.client);
    const person = account();
    const flow = await runFlow(t, standIn, project, { accountId: person.sub }, { provider: "gitlab", type: "link", token: user.accessToken });
    const linked = await exchangeCode(t, project, flow.location.searchParams.get("code")!, flow.pkce.verifier);
    expect(linked.status).toBe(200);
    expect(linked.userId).toBe(user.userId);
    expect(linked.json).toMatchObject({ is_new_user: false });
    expect((await me(project, user.accessToken)).json.oauth_providers).toEqual([{ id: "gitlab", account_id: person.sub, email: person.email }]);

    const signIn = await signInThroughProvider(t, standIn, project, { accountId: person.sub }, { provider: "gitlab" });
    expect(signIn.userId).toBe(user.userId);
    expect(signIn.json).toMatchObject({ is_new_user: false });
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
  const verifyEmail = (p: ProjectFixture, userId: string) =>
    call(t, "PATCH", `/users/${userId}`, { creds: p.server, body: { primary_email_verified: true } });

  it("link_method: joins that user when both the user and the provider verified the address", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "link_method" });
    const existing = await signUpUser(t, p.client);
    expect((await verifyEmail(p, existing.userId)).status).toBe(200);
    const person = account({ email: existing.email, email_verified: true });
    const res = await signInThroughProvider(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    expect(res.userId).toBe(existing.userId);
    expect(res.json).toMatchObject({ is_new_user: false });
    expect((await me(p, existing.accessToken)).json).toMatchObject({ primary_email_verified: true, oauth_providers: [{ id: "corp", account_id: person.sub }] });
  });

  // Regression: an account that signed up with an address it never proved it owns must not
  // receive the owner's provider sign-in (it used to, and the address was marked verified).
  it("link_method: refuses while the existing account has not verified the address, saying verifying would help", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "link_method" });
    const existing = await signUpUser(t, p.client);
    const person = account({ email: existing.email, email_verified: true });
    const flow = await runFlow(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    expect(errorOf(flow.location)).toEqual({
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      details: { type: "email", contact_channel_value: existing.email, would_work_if_email_was_verified: true },
    });
    expect((await me(p, existing.accessToken)).json).toMatchObject({ primary_email_verified: false, oauth_providers: [] });
  });

  it("link_method: refuses an address the provider does not vouch for", async () => {
    const p = await projectWith({ "auth.oauth.accountMergeStrategy": "link_method" });
    const existing = await signUpUser(t, p.client);
    expect((await verifyEmail(p, existing.userId)).status).toBe(200);
    const person = account({ email: existing.email, email_verified: false });
    const flow = await runFlow(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    expect(errorOf(flow.location)).toEqual({
      code: "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
      details: { type: "email", contact_channel_value: existing.email, would_work_if_email_was_verified: false },
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
    expect(res.userId).not.toBe(existing.userId);
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
    expect(again.userId).toBe(before.userId);
    expect(again.json).toMatchObject({ is_new_user: false });
  });

  it("answers an unknown state, a callback without the browser's cookie, and a replayed callback in plain text", async () => {
    const unknown = await t.request("/api/v1/auth/oauth/callback/corp?code=abc&state=not-a-state");
    expect(unknown.status).toBe(400);
    expect(unknown.headers.get("content-type")).toMatch(/^text\/plain/);
    // Nothing was found, so there is no cookie to forget.
    expect(unknown.headers.get("set-cookie")).toBeNull();

    const pkce = newPkce();
    const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(project, { provider: "corp" }, pkce)}`);
    const cookie = authorize.headers.get("set-cookie")!;
    // The form Stack Auth's clients check: Path=/, Expires, Max-Age, HttpOnly (and Secure over HTTPS).
    expect(cookie).toMatch(/^stack-oauth-inner-[^;]+=true; Path=\/; Expires=[^;]+; Max-Age=3600; HttpOnly$/);
    standIn.nextDecision({ accountId: account().sub });
    const callbackUrl = await followProvider(authorize.headers.get("location")!, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
    const path = callbackUrl.pathname + callbackUrl.search;
    const withCookie = { headers: { cookie: cookie.split(";")[0]! } };

    const otherBrowser = await t.request(path);
    expect(otherBrowser.status).toBe(400);
    expect(await otherBrowser.text()).toMatch(/cookie/);
    expect(otherBrowser.headers.get("set-cookie")).toMatch(/^stack-oauth-inner-[^;]+=; Path=\/; Expires=Thu, 01 Jan 1970 00:00:00 GMT/);
    // A state that is not the one sent to the provider finds nothing either.
    const wrongState = await t.request(path.replace(/state=[^&]+/, "state=tampered"), withCookie);
    expect(wrongState.status).toBe(400);
    // The answer at another provider's callback is refused (and uses the flow up).
    const otherProvider = await t.request(path.replace("/callback/corp", "/callback/google"), withCookie);
    expect(otherProvider.status).toBe(400);
    expect(otherProvider.headers.get("content-type")).toMatch(/^text\/plain/);
    const used = await t.request(path, withCookie);
    expect(used.status).toBe(400);
  });

  it("answers the code at the callback with 303, a JSON body of {} and the cookie deleted, once", async () => {
    const pkce = newPkce();
    const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(project, { provider: "corp" }, pkce)}`);
    expect(authorize.status).toBe(307);
    const cookie = authorize.headers.get("set-cookie")!.split(";")[0]!;
    standIn.nextDecision({ accountId: account().sub });
    const callbackUrl = await followProvider(authorize.headers.get("location")!, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
    const right = await t.request(callbackUrl.pathname + callbackUrl.search, { headers: { cookie } });
    expect(right.status).toBe(303);
    expect(await right.json()).toEqual({});
    expect(right.headers.get("set-cookie")).toMatch(/^stack-oauth-inner-[^;]+=; Path=\/; Expires=Thu, 01 Jan 1970/);
    expect(new URL(right.headers.get("location")!).searchParams.get("state")).toBe(pkce.state);
    const replay = await t.request(callbackUrl.pathname + callbackUrl.search, { headers: { cookie } });
    expect(replay.status).toBe(400);
  });

  it("answers a provider's refusal of the code (invalid_grant) in plain text, even with a trusted error page", async () => {
    const pkce = newPkce();
    const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(project, { provider: "corp" }, pkce)}`);
    const cookie = authorize.headers.get("set-cookie")!.split(";")[0]!;
    standIn.nextDecision({ accountId: account().sub });
    const callbackUrl = await followProvider(authorize.headers.get("location")!, `${PUBLIC_URL}/api/v1/auth/oauth/callback/`);
    callbackUrl.searchParams.set("code", "not-the-providers-code");
    const res = await t.request(callbackUrl.pathname + callbackUrl.search, { headers: { cookie } });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await res.text()).toMatch(/refused the authorization code/);
  });

  it("uses a code once, and only with its redirect URI and PKCE verifier", async () => {
    const flow = await runFlow(t, standIn, project, { accountId: account().sub }, { provider: "corp" });
    const code = flow.location.searchParams.get("code")!;
    expect(flow.location.href.startsWith(CLIENT_REDIRECT)).toBe(true);

    const wrongVerifier = await exchangeCode(t, project, code, newPkce().verifier);
    expect(wrongVerifier.status).toBe(400);
    expect(wrongVerifier.json.code).toBe("INVALID_AUTHORIZATION_CODE");
    const wrongRedirect = await exchangeCode(t, project, code, flow.pkce.verifier, "http://localhost:3000/elsewhere");
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.json).toMatch(/redirect URI/);

    expect((await exchangeCode(t, project, code, flow.pkce.verifier)).status).toBe(200);
    const replay = await exchangeCode(t, project, code, flow.pkce.verifier);
    expect(replay.status).toBe(400);
    expect(replay.json.code).toBe("INVALID_AUTHORIZATION_CODE");
    // Codes are stored as digests only.
    const stored = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM verification_codes WHERE code_hash = $1 OR nonce_hash = $1", [code]);
    expect(stored[0]!.n).toBe(0);
  });

  it("refuses untrusted after-callback URLs, unknown providers, bad clients and malformed challenges at authorize", async () => {
    const pkce = newPkce();
    const go = async (provider: string, change: (q: URLSearchParams) => void) => {
      const query = authorizeQuery(project, { provider }, pkce);
      change(query);
      const res = await t.request(`/api/v1/auth/oauth/authorize/${provider}?${query}`);
      return { status: res.status, code: ((await res.json()) as any).code };
    };
    expect(await go("corp", (q) => q.set("after_callback_redirect_url", "https://evil.example.com/next"))).toEqual({ status: 400, code: "REDIRECT_URL_NOT_WHITELISTED" });
    expect(await go("corp", (q) => q.set("after_callback_redirect_url", "not-a-url"))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
    expect(await go("corp", (q) => q.set("redirect_uri", "not a url"))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
    expect(await go("bitbucket", () => undefined)).toEqual({ status: 400, code: "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED" });
    expect(await go("corp", (q) => q.set("client_id", "no-such-project"))).toEqual({ status: 400, code: "INVALID_OAUTH_CLIENT_ID_OR_SECRET" });
    expect(await go("corp", (q) => q.set("client_id", `${project.projectId}#no-such-branch`))).toEqual({ status: 400, code: "INVALID_OAUTH_CLIENT_ID_OR_SECRET" });
    expect(await go("corp", (q) => q.set("client_secret", "pck_wrong"))).toEqual({ status: 401, code: "INVALID_PUBLISHABLE_CLIENT_KEY" });
    expect(await go("corp", (q) => q.set("code_challenge_method", "S512"))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
    // An S256 challenge is a SHA-256 digest in base64url: 43 characters, no more, no less.
    expect(await go("corp", (q) => q.set("code_challenge", "too-short"))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
    expect(await go("corp", (q) => q.set("code_challenge", `${pkce.challenge}A`))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
    expect(await go("corp", (q) => (q.set("code_challenge_method", "plain"), q.set("code_challenge", "spaces are not allowed")))).toMatchObject({ status: 400, code: "SCHEMA_ERROR" });
  });

  it("accepts and ignores the bot-challenge keys Stack's SDKs add to the authorize query, and any other unknown key", async () => {
    const query = authorizeQuery(project, { provider: "corp", json: true }, newPkce());
    query.set("bot_challenge_token", "token-from-turnstile");
    query.set("bot_challenge_phase", "invisible");
    query.set("bot_challenge_unavailable", "true");
    query.set("phase", "invisible");
    query.set("ttclid", "added-by-a-browser");
    const res = await t.request(`/api/v1/auth/oauth/authorize/corp?${query}`);
    expect(res.status).toBe(200);
    const location = new URL(((await res.json()) as { location: string }).location);
    expect(location.href.startsWith(`${standIn.issuer}/auth?`)).toBe(true);
    // Nothing of them is passed on to the provider.
    for (const key of ["bot_challenge_token", "bot_challenge_phase", "phase", "ttclid"]) expect(location.searchParams.has(key)).toBe(false);
  });

  it("judges the redirect URI when the provider answers: an untrusted one gets no code and no user", async () => {
    const p = await projectWith({});
    const person = account();
    const flow = await runFlowExpectingError(p, person, { redirectUri: "https://evil.example.com/cb" });
    expect(flow.status).toBe(400);
    expect(flow.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    // Nobody was signed up by the refused flow.
    const users = await call(t, "GET", "/users", { creds: p.server });
    expect(users.json.items.map((u: any) => u.primary_email)).not.toContain(person.email);
    // With a trusted error page, the refusal goes there instead.
    const redirected = await runFlowExpectingError(p, person, { redirectUri: "https://evil.example.com/cb", errorRedirectUrl: CLIENT_ERROR_PAGE });
    expect(redirected.status).toBe(307);
    expect(new URL(redirected.location!).searchParams.get("errorCode")).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect(redirected.location!.startsWith(CLIENT_ERROR_PAGE)).toBe(true);
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
    expect([await authorize(), await authorize(), await authorize()]).toEqual([307, 307, 429]);
    // Another address is not held back.
    expect((await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(p, { provider: "corp" }, newPkce())}`, { headers: { "x-forwarded-for": "198.51.100.78" } })).status).toBe(307);

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

describe("PKCE between the client and us", () => {
  it("takes a plain challenge (RFC 7636 allows it): only the verifier equal to the challenge trades the code", async () => {
    const verifier = "plain-verifier-of-a-client";
    const pkce = { verifier, challenge: verifier, state: newPkce().state };
    const flow = await runFlow(t, standIn, project, { accountId: account().sub }, { provider: "corp", pkce, pkceMethod: "plain" });
    const code = flow.location.searchParams.get("code")!;
    // The S256 digest of the verifier is not the plain verifier.
    const hashed = await exchangeCode(t, project, code, newPkce().challenge);
    expect(hashed.json.code).toBe("INVALID_AUTHORIZATION_CODE");
    expect((await exchangeCode(t, project, code, verifier)).status).toBe(200);
  });

  it("takes an S256 challenge, and not its verifier's plain text as the challenge", async () => {
    const pkce = newPkce();
    const flow = await runFlow(t, standIn, project, { accountId: account().sub }, { provider: "corp", pkce });
    const code = flow.location.searchParams.get("code")!;
    // Sending the challenge itself as the verifier (as a plain client would) does not pass.
    expect((await exchangeCode(t, project, code, pkce.challenge)).json.code).toBe("INVALID_AUTHORIZATION_CODE");
    expect((await exchangeCode(t, project, code, pkce.verifier)).status).toBe(200);
  });

  it("takes the token request as JSON, and without a client secret where the project requires no publishable key", async () => {
    const p = await projectWith({ "project.requirePublishableClientKey": false });
    const flow = await runFlow(t, standIn, p, { accountId: account().sub }, { provider: "corp" });
    const res = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        grant_type: "authorization_code",
        code: flow.location.searchParams.get("code"),
        redirect_uri: CLIENT_REDIRECT,
        code_verifier: flow.pkce.verifier,
        client_id: p.projectId,
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("pragma")).toBe("no-cache");
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.any(String),
      refresh_token: expect.any(String),
      token_type: "Bearer",
      expires_in: expect.any(Number),
      scope: "legacy",
      is_new_user: true,
      newUser: true,
      after_callback_redirect_url: null,
      afterCallbackRedirectUrl: null,
    });
  });

  it("refuses a missing client secret, and the public sentinel, where the project requires publishable keys", async () => {
    const p = await projectWith({ "project.requirePublishableClientKey": true });
    const query = authorizeQuery(p, { provider: "corp" }, newPkce());
    query.set("client_secret", "__stack_public_client__");
    const authorize = await t.request(`/api/v1/auth/oauth/authorize/corp?${query}`);
    expect(authorize.status).toBe(401);
    expect(((await authorize.json()) as any).code).toBe("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
    const token = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "authorization_code", code: "A".repeat(45), redirect_uri: CLIENT_REDIRECT, code_verifier: "x", client_id: p.projectId }).toString(),
    });
    expect(token.status).toBe(401);
    expect(((await token.json()) as any).code).toBe("PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT");
  });
});

describe("an anonymous user signing in with a provider", () => {
  const anonymous = async (p: ProjectFixture) => {
    const res = await call(t, "POST", "/auth/anonymous/sign-up", { creds: p.client, body: {} });
    expect(res.status).toBe(200);
    return { userId: res.json.user_id as string, accessToken: res.json.access_token as string };
  };
  const ALLOW = { "x-stack-allow-anonymous-user": "true" };

  it("becomes that account when the provider account is new (?token= on authorize), keeping its id and data", async () => {
    const p = await projectWith({ "teams.createPersonalTeamOnSignUp": true });
    const anon = await anonymous(p);
    await call(t, "PATCH", "/users/me", { creds: { ...p.client, accessToken: anon.accessToken }, headers: ALLOW, body: { client_metadata: { cart: 2 } } });
    const person = account();
    const res = await signInThroughProvider(t, standIn, p, { accountId: person.sub }, { provider: "corp", token: anon.accessToken });
    expect(res.status).toBe(200);
    expect(res.userId).toBe(anon.userId);
    expect(res.json.is_new_user).toBe(true);
    const user = (await me(p, res.json.access_token)).json;
    expect(user).toMatchObject({
      id: anon.userId,
      is_anonymous: false,
      primary_email: person.email,
      primary_email_verified: true,
      display_name: person.name,
      client_metadata: { cart: 2 },
      oauth_providers: [{ id: "corp", account_id: person.sub }],
      selected_team: { display_name: `${person.name}'s Team` },
    });
    // The anonymous session is the upgraded user's now too.
    expect((await call(t, "GET", "/users/me", { creds: { ...p.client, accessToken: anon.accessToken }, headers: ALLOW })).json.is_anonymous).toBe(false);
  });

  it("signs in to the existing account when the provider account has one, leaving the anonymous user alone", async () => {
    const p = await projectWith({});
    const person = account();
    const existing = await signInThroughProvider(t, standIn, p, { accountId: person.sub }, { provider: "corp" });
    const anon = await anonymous(p);
    const res = await signInThroughProvider(t, standIn, p, { accountId: person.sub }, { provider: "corp", token: anon.accessToken });
    expect(res.userId).toBe(existing.userId);
    expect(res.json.is_new_user).toBe(false);
    const still = await call(t, "GET", "/users/me", { creds: { ...p.client, accessToken: anon.accessToken }, headers: ALLOW });
    expect(still.json).toMatchObject({ id: anon.userId, is_anonymous: true, oauth_providers: [] });
  });

  it("is refused where sign-up is off, and stays anonymous", async () => {
    const p = await projectWith({ "auth.allowSignUp": false });
    const anon = await anonymous(p);
    const flow = await runFlow(t, standIn, p, { accountId: account().sub }, { provider: "corp", token: anon.accessToken });
    expect(errorOf(flow.location).code).toBe("SIGN_UP_NOT_ENABLED");
    expect((await call(t, "GET", "/users/me", { creds: { ...p.client, accessToken: anon.accessToken }, headers: ALLOW })).json.is_anonymous).toBe(true);
  });

  it("ignores a token that no longer stands for a session (a sign-in is not held back by it)", async () => {
    const p = await projectWith({});
    const user = await signUpUser(t, p.client);
    await call(t, "DELETE", "/auth/sessions/current", { creds: { ...p.client, accessToken: user.accessToken } });
    const res = await signInThroughProvider(t, standIn, p, { accountId: account().sub }, { provider: "corp", token: user.accessToken });
    expect(res.status).toBe(200);
    expect(res.userId).not.toBe(user.userId);
    // Linking does need a live token.
    const pkce = newPkce();
    const link = await t.request(`/api/v1/auth/oauth/authorize/corp?${authorizeQuery(p, { provider: "corp", type: "link", token: user.accessToken }, pkce)}`);
    expect(link.status).toBe(401);
  });
});
