import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import { createTestApp, type TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const ALLOW = { "x-stack-allow-anonymous-user": "true" };
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString());

async function anonymousSignUp(fixture = project) {
  // The SDKs send this POST with no body and no content type.
  const res = await call(t, "POST", "/auth/anonymous/sign-up", { creds: fixture.client });
  expect(res.status, res.text).toBe(200);
  return res.json as { access_token: string; refresh_token: string; user_id: string };
}

async function jwks(projectId: string, includeAnonymous: boolean) {
  const res = await t.request(`/api/v1/projects/${projectId}/.well-known/jwks.json${includeAnonymous ? "?include_anonymous=true" : ""}`);
  return (await res.json()) as { keys: Array<{ kid: string }> };
}

describe("POST /auth/anonymous/sign-up", () => {
  it("creates an anonymous user whose token has the anonymous issuer, audience and key", async () => {
    const tokens = await anonymousSignUp();
    expect(Object.keys(tokens).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    const claims = claimsOf(tokens.access_token);
    expect(claims).toMatchObject({
      sub: tokens.user_id,
      is_anonymous: true,
      aud: `${project.projectId}:anon`,
      iss: `${t.deps.settings.publicUrl}/api/v1/projects-anonymous-users/${project.projectId}`,
      email: null,
      name: null,
    });
    const { kid } = decodeProtectedHeader(tokens.access_token);
    expect((await jwks(project.projectId, false)).keys.map((k) => k.kid)).not.toContain(kid);
    const all = await jwks(project.projectId, true);
    await expect(jwtVerify(tokens.access_token, createLocalJWKSet(all as never), { audience: `${project.projectId}:anon` })).resolves.toBeTruthy();
  });

  it("answers ANONYMOUS_ACCOUNTS_NOT_ENABLED, creating nobody, when the project switches it off", async () => {
    const off = await createProjectFixture(t, { config: { anonymous_sign_up_enabled: false } });
    // Gatehouse's own switch: the admin's view shows it, the client's (Stack Auth's shape) does not.
    const current = await call(t, "GET", "/internal/projects/current", { creds: off.admin });
    expect(current.json.config.anonymous_sign_up_enabled).toBe(false);
    expect((await call(t, "GET", "/projects/current", { creds: off.client })).json.config).not.toHaveProperty("anonymous_sign_up_enabled");
    const res = await call(t, "POST", "/auth/anonymous/sign-up", { creds: off.client });
    expect([res.status, res.json.code]).toEqual([400, "ANONYMOUS_ACCOUNTS_NOT_ENABLED"]);
    const users = await call(t, "GET", "/users?include_anonymous=true", { creds: off.server });
    expect(users.json.items.map((u: { id: string }) => u.id)).toEqual([off.user.userId]);

    const on = await call(t, "PATCH", "/internal/projects/current", { creds: off.admin, body: { config: { anonymous_sign_up_enabled: true } } });
    expect(on.json.config.anonymous_sign_up_enabled).toBe(true);
    expect((await anonymousSignUp(off)).user_id).toEqual(expect.any(String));
  });

  it("accepts an empty JSON body too, and rejects unknown body keys", async () => {
    expect((await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client, body: {} })).status).toBe(200);
    expect((await callUntyped(t, "POST", "/auth/anonymous/sign-up", { creds: project.client, body: { x: 1 } })).json.code).toBe("SCHEMA_ERROR");
  });

  it("needs the allow-anonymous header to use the token: ANONYMOUS_AUTHENTICATION_NOT_ALLOWED otherwise", async () => {
    const tokens = await anonymousSignUp();
    const creds = { ...project.client, accessToken: tokens.access_token };
    const refused = await call(t, "GET", "/users/me", { creds });
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    const me = await call(t, "GET", "/users/me", { creds, headers: ALLOW });
    expect(me.json).toMatchObject({ id: tokens.user_id, is_anonymous: true, primary_email: null, has_password: false });
    const hexclave = await call(t, "GET", "/users/me", { creds: { ...creds, prefix: "x-hexclave-" }, headers: { "x-hexclave-allow-anonymous-user": "true" } });
    expect(hexclave.json.id).toBe(tokens.user_id);
  });

  it("refreshes to another anonymous token for the same user", async () => {
    const tokens = await anonymousSignUp();
    const res = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: tokens.refresh_token } });
    expect(claimsOf(res.json.access_token)).toMatchObject({ sub: tokens.user_id, is_anonymous: true, aud: `${project.projectId}:anon` });
  });

  it("is left out of GET /users unless include_anonymous", async () => {
    const tokens = await anonymousSignUp();
    const ids = async (query: string) => {
      const res = await call(t, "GET", `/users?limit=200${query}`, { creds: project.server });
      return res.json.items.map((u: { id: string }) => u.id);
    };
    expect(await ids("")).not.toContain(tokens.user_id);
    expect(await ids("&include_anonymous=true")).toContain(tokens.user_id);
  });

  it("gets an unnamed personal team when the project makes them, named after the user once they upgrade", async () => {
    const teams = await createProjectFixture(t, { config: { create_team_on_sign_up: true } });
    const tokens = await anonymousSignUp(teams);
    const me = await call(t, "GET", "/users/me", { creds: { ...teams.client, accessToken: tokens.access_token }, headers: ALLOW });
    expect(me.json.selected_team).toMatchObject({ display_name: "Personal Team" });
    const email = uniqueEmail("named");
    const upgraded = await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...teams.client, accessToken: tokens.access_token },
      headers: ALLOW,
      body: { email, password: "correct horse battery" },
    });
    expect(upgraded.json.user_id).toBe(tokens.user_id);
    const after = await call(t, "GET", "/users/me", { creds: { ...teams.client, accessToken: upgraded.json.access_token } });
    expect(after.json.selected_team).toMatchObject({ id: me.json.selected_team.id, display_name: `${email}'s Team` });
    const all = await call(t, "GET", `/teams?user_id=${tokens.user_id}`, { creds: teams.server });
    expect(all.json.items).toHaveLength(1);
  });

  it("keeps a personal team the anonymous user renamed when upgraded", async () => {
    const teams = await createProjectFixture(t, { config: { create_team_on_sign_up: true, client_team_creation_enabled: true } });
    const tokens = await anonymousSignUp(teams);
    const anonCreds = { ...teams.client, accessToken: tokens.access_token };
    const me = await call(t, "GET", "/users/me", { creds: anonCreds, headers: ALLOW });
    const renamed = await call(t, "PATCH", `/teams/${me.json.selected_team_id}`, { creds: teams.server, body: { display_name: "Basket" } });
    expect(renamed.status).toBe(200);
    const upgraded = await call(t, "POST", "/auth/password/sign-up", { creds: anonCreds, headers: ALLOW, body: { email: uniqueEmail("kept"), password: "correct horse battery" } });
    const after = await call(t, "GET", "/teams?user_id=me", { creds: { ...teams.client, accessToken: upgraded.json.access_token } });
    expect(after.json.items.map((team: any) => team.display_name)).toEqual(["Basket"]);
  });
});

describe("upgrading an anonymous user with a password sign-up", () => {
  it("keeps the user id, sets e-mail and password, clears is_anonymous and answers regular tokens", async () => {
    const anon = await anonymousSignUp();
    await call(t, "PATCH", "/users/me", { creds: { ...project.client, accessToken: anon.access_token }, headers: ALLOW, body: { client_metadata: { cart: 3 } } });
    const email = uniqueEmail("upgrade");
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...project.client, accessToken: anon.access_token },
      headers: ALLOW,
      body: { email, password: "correct horse battery" },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.json.user_id).toBe(anon.user_id);
    expect(claimsOf(res.json.access_token)).toMatchObject({ sub: anon.user_id, is_anonymous: false, aud: project.projectId, email });
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json).toMatchObject({ id: anon.user_id, is_anonymous: false, primary_email: email, has_password: true, client_metadata: { cart: 3 } });
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "correct horse battery" } });
    expect(signIn.json.user_id).toBe(anon.user_id);
    const listed = await call(t, "GET", "/users?limit=200", { creds: project.server });
    expect(listed.json.items.map((u: { id: string }) => u.id)).toContain(anon.user_id);
  });

  it("creates the personal team the project asks for", async () => {
    const teams = await createProjectFixture(t, { config: { create_team_on_sign_up: true } });
    const anon = await anonymousSignUp(teams);
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...teams.client, accessToken: anon.access_token },
      headers: ALLOW,
      body: { email: uniqueEmail("team"), password: "correct horse battery" },
    });
    const me = await call(t, "GET", "/users/me", { creds: { ...teams.client, accessToken: res.json.access_token } });
    expect(me.json.id).toBe(anon.user_id);
    expect(me.json.selected_team_id).toEqual(expect.any(String));
  });

  it("refuses a taken e-mail and a short password, leaving the user anonymous", async () => {
    const anon = await anonymousSignUp();
    const creds = { ...project.client, accessToken: anon.access_token };
    const taken = await call(t, "POST", "/auth/password/sign-up", { creds, headers: ALLOW, body: { email: project.user.email, password: "correct horse battery" } });
    expect(taken.json.code).toBe("USER_EMAIL_ALREADY_EXISTS");
    const short = await call(t, "POST", "/auth/password/sign-up", { creds, headers: ALLOW, body: { email: uniqueEmail(), password: "x" } });
    expect(short.json.code).toBe("PASSWORD_TOO_SHORT");
    const me = await call(t, "GET", "/users/me", { creds, headers: ALLOW });
    expect(me.json).toMatchObject({ is_anonymous: true, primary_email: null });
  });

  it("without the allow-anonymous header the sign-up is refused, not silently a new user", async () => {
    const anon = await anonymousSignUp();
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...project.client, accessToken: anon.access_token },
      body: { email: uniqueEmail(), password: "correct horse battery" },
    });
    expect(res.json.code).toBe("ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
  });

  it("a sign-up carrying a regular user's session creates a new user", async () => {
    const res = await call(t, "POST", "/auth/password/sign-up", {
      creds: { ...project.client, accessToken: project.user.accessToken },
      body: { email: uniqueEmail(), password: "correct horse battery" },
    });
    expect(res.status).toBe(200);
    expect(res.json.user_id).not.toBe(project.user.userId);
  });
});

describe("upgrading with a verification callback", () => {
  let mail: MailCatcher;
  let own: TestApp;
  let fixture: ProjectFixture;
  beforeAll(async () => {
    mail = await startMailCatcher();
    own = await createTestApp({ env: mail.env });
    fixture = await createProjectFixture(own, { config: { allow_localhost: true } });
  });
  afterAll(async () => {
    await own.close();
    await mail.close();
  });

  it("mails the verification link to the upgraded user's new address", async () => {
    const anon = await call(own, "POST", "/auth/anonymous/sign-up", { creds: fixture.client });
    const email = uniqueEmail("upgrade-verify");
    const res = await call(own, "POST", "/auth/password/sign-up", {
      creds: { ...fixture.client, accessToken: anon.json.access_token },
      headers: ALLOW,
      body: { email, password: "correct horse battery", verification_callback_url: "/handler/email-verification" },
    });
    expect(res.json.user_id).toBe(anon.json.user_id);
    const code = /[?&]code=([A-Z0-9]+)/.exec((await mail.waitFor(email)).text)?.[1];
    expect((await call(own, "POST", "/contact-channels/verify", { creds: fixture.client, body: { code: code! } })).status).toBe(200);
    const user = await call(own, "GET", `/users/${anon.json.user_id}`, { creds: fixture.server });
    expect(user.json).toMatchObject({ primary_email: email, primary_email_verified: true, is_anonymous: false });
  });
});

describeSecurity({ operationId: "signUpAnonymously", method: "POST", path: "/auth/anonymous/sign-up", access: ["client", "server", "admin"] });
