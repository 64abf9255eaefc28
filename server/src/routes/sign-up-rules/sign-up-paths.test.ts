/**
 * The sign-up rules on every path that signs someone up: password, e-mail code, OAuth, and an
 * anonymous user's upgrade by password or code; and on the paths that run none (anonymous
 * sign-up, users created with server access, sign-in of an existing account).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { CLIENT_ERROR_PAGE, configureOAuth, runFlow, signInThroughProvider } from "../../testing/oauth-flow";
import { startOidcStandIn, type OidcStandIn } from "../../testing/oidc-stand-in";
import { createTestApp, type TestApp } from "../../testing/test-server";

const PUBLIC_URL = "http://localhost:8102";
const CALLBACK = "http://localhost:3000/handler/magic-link-callback";
const ALLOW_ANONYMOUS = { "x-stack-allow-anonymous-user": "true" };
let t: TestApp;
let mail: MailCatcher;
let standIn: OidcStandIn;

beforeAll(async () => {
  mail = await startMailCatcher();
  standIn = await startOidcStandIn({
    clients: [{ clientId: "corp-client", clientSecret: "corp-secret", redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/corp`] }],
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL, env: { ...mail.env, COUNTRY_HEADER: "cf-ipcountry" } });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
  await standIn?.close();
});

async function projectWithRules(changes: Record<string, unknown>): Promise<ProjectFixture> {
  const project = await createProjectFixture(t, { config: { magic_link_enabled: true } });
  await configureOAuth(t, project, { corp: { type: "oidc", clientId: "corp-client", clientSecret: "corp-secret", issuerUrl: standIn.issuer } }, changes);
  return project;
}
const rule = (condition: string, type: string, priority = 0, displayName?: string) => ({
  enabled: true,
  priority,
  condition,
  action: { type, message: "for the admins only" },
  ...(displayName ? { displayName } : {}),
});
const passwordSignUp = (project: ProjectFixture, email: string, headers?: Record<string, string>, creds: Credentials = project.client) =>
  call(t, "POST", "/auth/password/sign-up", { creds, body: { email, password: "correct horse battery" }, headers });
const serverUser = async (project: ProjectFixture, userId: string) => (await call(t, "GET", `/users/${userId}`, { creds: project.server })).json;
const stats = async (project: ProjectFixture) => (await call(t, "GET", "/internal/sign-up-rules-stats", { creds: project.admin })).json;

async function otpCode(project: ProjectFixture, email: string): Promise<string> {
  const before = mail.messages.length;
  const sent = await call(t, "POST", "/auth/otp/send-sign-in-code", { creds: project.client, body: { email, callback_url: CALLBACK } });
  expect(sent.status).toBe(200);
  const message = await mail.waitFor(email, (m) => mail.messages.indexOf(m) >= before);
  return new URL(/Sign in: (\S+)/.exec(message.text)![1]!).searchParams.get("code")!;
}
const otpSignIn = (project: ProjectFixture, code: string, creds: Credentials = project.client, headers?: Record<string, string>) =>
  call(t, "POST", "/auth/otp/sign-in", { creds, body: { code }, headers });

function expectRejected(res: { status: number; json: any; headers: Headers }) {
  expect(res.status, JSON.stringify(res.json)).toBe(403);
  expect(res.json).toEqual({
    code: "SIGN_UP_REJECTED",
    error: "This sign-up was refused by the project's sign-up rules.",
    details: { message: "This sign-up was refused by the project's sign-up rules." },
  });
  expect(res.headers.get("x-stack-known-error")).toBe("SIGN_UP_REJECTED");
}

describe("password sign-up", () => {
  it("refuses with SIGN_UP_REJECTED, never naming the rule or its message, and creates no user", async () => {
    const project = await projectWithRules({ "auth.signUpRules.secret-pattern": rule('email.contains("blocked")', "reject") });
    const email = uniqueEmail("blocked");
    const res = await passwordSignUp(project, email);
    expectRejected(res);
    expect(JSON.stringify(res.json)).not.toMatch(/secret-pattern|admins only|blocked/);
    const list = await call(t, "GET", `/users?query=${encodeURIComponent(email)}`, { creds: project.server });
    expect(list.json.items).toEqual([]);
    expect((await passwordSignUp(project, uniqueEmail("fine"))).status).toBe(200);
  });

  it("refuses an existing address the same way, so a refusal tells nothing about accounts", async () => {
    const project = await projectWithRules({ "auth.signUpRules.no-example": rule('emailDomain == "example.com"', "reject") });
    expectRejected(await passwordSignUp(project, project.user.email));
  });

  it("restricts the new user as an administrator would, privately naming the rule, and goes on to the next rules", async () => {
    const project = await projectWithRules({
      "auth.signUpRules.watch": rule('emailDomain == "watch.test"', "restrict", 10, "Watch list"),
      "auth.signUpRules.later": rule("true", "allow", 5),
      "auth.signUpRulesDefaultAction": "reject",
    });
    const res = await passwordSignUp(project, `someone-${Date.now()}@watch.test`);
    expect(res.status).toBe(200);
    const user = await serverUser(project, res.json.user_id);
    expect(user).toMatchObject({
      restricted_by_admin: true,
      restricted_by_admin_reason: null,
      restricted_by_admin_private_details: "Restricted at sign-up by sign-up rule watch (Watch list).",
      is_restricted: true,
      restricted_reason: { type: "restricted_by_administrator" },
    });
    const other = await passwordSignUp(project, uniqueEmail("other"));
    expect((await serverUser(project, other.json.user_id)).restricted_by_admin).toBe(false);
  });

  it("reads the country from the header COUNTRY_HEADER names, and keeps it on the user", async () => {
    const project = await projectWithRules({ "auth.signUpRules.no-fr": rule('countryCode == "FR"', "reject"), "auth.signUpRules.log": rule("true", "log") });
    expectRejected(await passwordSignUp(project, uniqueEmail("fr"), { "cf-ipcountry": "fr" }));
    const ok = await passwordSignUp(project, uniqueEmail("de"), { "cf-ipcountry": "DE" });
    expect(ok.status).toBe(200);
    expect((await serverUser(project, ok.json.user_id)).country_code).toBe("DE");
    // A header that is no country code is no country.
    const odd = await passwordSignUp(project, uniqueEmail("odd"), { "cf-ipcountry": "France" });
    expect((await serverUser(project, odd.json.user_id)).country_code).toBeNull();
  });

  it("judges an anonymous user's upgrade like a sign-up, and keeps the anonymous user's own note", async () => {
    const project = await projectWithRules({
      "auth.signUpRules.block": rule('email.contains("blocked")', "reject", 1),
      "auth.signUpRules.restrict": rule('email.contains("watch")', "restrict"),
    });
    const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    const asAnonymous = { ...project.client, accessToken: anonymous.json.access_token };
    expectRejected(await passwordSignUp(project, uniqueEmail("blocked"), ALLOW_ANONYMOUS, asAnonymous));
    expect((await serverUser(project, anonymous.json.user_id)).is_anonymous).toBe(true);

    await call(t, "PATCH", `/users/${anonymous.json.user_id}`, { creds: project.server, body: { restricted_by_admin: false } });
    await t.db.query("UPDATE users SET restricted_by_admin_private_details = 'noted earlier' WHERE id = $1", [anonymous.json.user_id]);
    const upgraded = await passwordSignUp(project, uniqueEmail("watch"), ALLOW_ANONYMOUS, asAnonymous);
    expect(upgraded.status).toBe(200);
    expect(upgraded.json.user_id).toBe(anonymous.json.user_id);
    expect(await serverUser(project, anonymous.json.user_id)).toMatchObject({
      is_anonymous: false,
      restricted_by_admin: true,
      restricted_by_admin_private_details: "noted earlier\n\nRestricted at sign-up by sign-up rule restrict.",
    });
  });
});

describe("e-mail code sign-up", () => {
  it("refuses a new address with SIGN_UP_REJECTED and leaves the code unused; an existing account still signs in", async () => {
    const project = await projectWithRules({ "auth.signUpRulesDefaultAction": "reject", "auth.signUpRules.otp-only": rule('authMethod == "otp" && emailDomain == "ok.test"', "allow") });
    const email = uniqueEmail("otp-new");
    const code = await otpCode(project, email);
    expectRejected(await otpSignIn(project, code));
    // Unused: checking it still works.
    expect((await call(t, "POST", "/auth/otp/sign-in/check-code", { creds: project.client, body: { code } })).status).toBe(200);

    const allowed = await otpSignIn(project, await otpCode(project, `otp-${Date.now()}@ok.test`));
    expect(allowed.status).toBe(200);
    expect(allowed.json.is_new_user).toBe(true);

    // Signing in to an account that exists is no sign-up: the default reject does not apply.
    await call(t, "PATCH", `/users/${project.user.userId}`, { creds: project.server, body: { primary_email_verified: true } });
    expect((await otpSignIn(project, await otpCode(project, project.user.email))).status).toBe(200);
  });

  it("restricts, reads the country, and upgrades an anonymous user in place", async () => {
    const project = await projectWithRules({ "auth.signUpRules.restrict-ca": rule('countryCode == "CA" && authMethod == "otp"', "restrict") });
    const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    const code = await otpCode(project, uniqueEmail("otp-anon"));
    const res = await otpSignIn(project, code, { ...project.client, accessToken: anonymous.json.access_token }, { ...ALLOW_ANONYMOUS, "cf-ipcountry": "CA" });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(anonymous.json.user_id);
    expect(await serverUser(project, res.json.user_id)).toMatchObject({ is_anonymous: false, restricted_by_admin: true, country_code: "CA" });
  });
});

describe("OAuth sign-up", () => {
  it("refuses by provider, sending the browser to the error page with SIGN_UP_REJECTED, and lets other sign-ups through", async () => {
    const project = await projectWithRules({ "auth.signUpRules.no-corp": rule('authMethod == "oauth" && oauthProvider == "corp" && emailDomain == "blocked.test"', "reject") });
    const blocked = standIn.addAccount({ sub: `blocked-${Date.now()}`, email: `x-${Date.now()}@blocked.test`, email_verified: true });
    const flow = await runFlow(t, standIn, project, { accountId: blocked.sub }, { provider: "corp" });
    expect(flow.location.href.startsWith(CLIENT_ERROR_PAGE)).toBe(true);
    expect(flow.location.searchParams.get("errorCode")).toBe("SIGN_UP_REJECTED");
    expect(JSON.parse(flow.location.searchParams.get("details")!)).toEqual({ message: "This sign-up was refused by the project's sign-up rules." });

    const fine = standIn.addAccount({ sub: `fine-${Date.now()}`, email: uniqueEmail("oauth"), email_verified: true });
    const tokens = await signInThroughProvider(t, standIn, project, { accountId: fine.sub }, { provider: "corp" });
    expect(tokens.status).toBe(200);
  });
});

describe("paths that run no rules", () => {
  it("anonymous sign-up and users created with server access are not judged", async () => {
    const project = await projectWithRules({ "auth.signUpRulesDefaultAction": "reject", "auth.signUpRules.all": rule("true", "log") });
    expect((await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client })).status).toBe(200);
    const created = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: uniqueEmail("server") } });
    expect(created.status).toBe(201);
    expect(created.json.restricted_by_admin).toBe(false);
    expect((await stats(project)).total_triggers).toBe(0);
  });
});

describe("the statistics the sign-up paths keep", () => {
  it("count each matched rule once per sign-up, refusals included, in the current hour", async () => {
    const project = await projectWithRules({
      "auth.signUpRules.log-all": rule("true", "log", 2),
      "auth.signUpRules.block": rule('email.contains("blocked")', "reject", 1),
    });
    await passwordSignUp(project, uniqueEmail("one"));
    await passwordSignUp(project, uniqueEmail("blocked"));
    const res = await stats(project);
    expect(res.total_triggers).toBe(3);
    expect(res.triggers_by_action).toEqual({ allow: 0, reject: 1, restrict: 0, log: 2 });
    expect(res.rule_triggers.map((r: { rule_id: string; total_count: number; all_time_count: number }) => [r.rule_id, r.total_count, r.all_time_count])).toEqual([
      ["block", 1, 1],
      ["log-all", 2, 2],
    ]);
    const hourly = res.rule_triggers[1].hourly_counts;
    expect(hourly).toHaveLength(48);
    expect(hourly.at(-1)).toEqual({ hour: `${new Date().toISOString().slice(0, 13)}:00:00.000Z`, count: 2 });
  });
});
