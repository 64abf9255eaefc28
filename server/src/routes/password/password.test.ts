import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const signUp = (body: unknown, creds = project.client) => callUntyped(t, "POST", "/auth/password/sign-up", { creds, body });
const signIn = (body: unknown, creds = project.client) => callUntyped(t, "POST", "/auth/password/sign-in", { creds, body });

describe("POST /auth/password/sign-up", () => {
  it("creates the user, a session and tokens whose claims describe the user", async () => {
    const email = uniqueEmail();
    const res = await signUp({ email, password: "correct horse" });
    expect(res.status).toBe(200);
    // As Stack Auth answers: no is_new_user, a password sign-up always makes the user.
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String), user_id: expect.any(String) });

    const claims = JSON.parse(Buffer.from(res.json.access_token.split(".")[1], "base64url").toString());
    expect(claims).toMatchObject({
      sub: res.json.user_id,
      aud: project.projectId,
      iss: `http://localhost:8102/api/v1/projects/${project.projectId}`,
      project_id: project.projectId,
      branch_id: "main",
      role: "authenticated",
      email,
      email_verified: false,
      name: null,
      selected_team_id: null,
      is_anonymous: false,
      is_restricted: false,
      restricted_reason: null,
      requires_totp_mfa: false,
    });
    for (const claim of ["iat", "exp", "signed_up_at", "refresh_token_id"]) expect(claims).toHaveProperty(claim);
    expect(claims.exp - claims.iat).toBe(600);

    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json).toMatchObject({ id: res.json.user_id, primary_email: email, has_password: true, auth_with_email: true });
  });

  it("stores e-mail addresses case-insensitively", async () => {
    const email = uniqueEmail("Mixed.Case");
    await signUp({ email, password: "correct horse" });
    const again = await signUp({ email: email.toUpperCase(), password: "correct horse" });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({
      code: "USER_EMAIL_ALREADY_EXISTS",
      details: { email: email.toLowerCase(), would_work_if_email_was_verified: false },
    });
  });

  it("lets only one of two simultaneous sign-ups for one address through", async () => {
    const email = uniqueEmail("race");
    const results = await Promise.all([1, 2, 3].map(() => signUp({ email, password: "correct horse" })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it.each([
    ["short", "seven77", "PASSWORD_TOO_SHORT", { min_length: 8 }],
    ["long", "x".repeat(71), "PASSWORD_TOO_LONG", { maxLength: 70 }],
  ])("rejects a too %s password with its details", async (_label, password, code, details) => {
    const res = await signUp({ email: uniqueEmail(), password });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code, details });
  });

  it("accepts passwords of exactly 8 and 70 characters", async () => {
    expect((await signUp({ email: uniqueEmail(), password: "x".repeat(8) })).status).toBe(200);
    expect((await signUp({ email: uniqueEmail(), password: "x".repeat(70) })).status).toBe(200);
  });

  it.each([
    ["an invalid e-mail", { email: "not-an-email", password: "correct horse" }, "body.email"],
    ["a one-letter top-level domain", { email: "a@b.c", password: "correct horse" }, "body.email"],
    ["an e-mail over 256 characters", { email: `${"a".repeat(250)}@example.com`, password: "correct horse" }, "body.email"],
    ["an unknown field", { email: "a@example.com", password: "correct horse", admin: true }, "admin"],
    ["a missing password", { email: "a@example.com" }, "body.password"],
  ])("answers SCHEMA_ERROR for %s", async (_label, body, mention) => {
    const res = await signUp(body);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
    expect(res.json.details.message).toContain(mention);
  });

  it("refuses an untrusted verification callback URL and accepts a relative or localhost one", async () => {
    const bad = await signUp({ email: uniqueEmail(), password: "correct horse", verification_callback_url: "https://evil.example/cb" });
    expect(bad.json?.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const relative = await signUp({ email: uniqueEmail(), password: "correct horse", verification_callback_url: "/handler/email-verification" });
    expect(relative.status).toBe(200);
    const local = await signUp({ email: uniqueEmail(), password: "correct horse", verification_callback_url: "http://localhost:3000/cb" });
    expect(local.status).toBe(200);
  });

  it("honours sign_up_enabled and credential_enabled", async () => {
    const closed = await createProjectFixture(t);
    await call(t, "PATCH", "/internal/projects/current", { creds: closed.admin, body: { config: { sign_up_enabled: false } } });
    expect((await signUp({ email: uniqueEmail(), password: "correct horse" }, closed.client)).json.code).toBe("SIGN_UP_NOT_ENABLED");
    // Existing users may still sign in.
    expect((await signIn({ email: closed.user.email, password: closed.user.password }, closed.client)).status).toBe(200);

    await call(t, "PATCH", "/internal/projects/current", { creds: closed.admin, body: { config: { sign_up_enabled: true, credential_enabled: false } } });
    expect((await signUp({ email: uniqueEmail(), password: "correct horse" }, closed.client)).json.code).toBe(
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
    );
    expect((await signIn({ email: closed.user.email, password: closed.user.password }, closed.client)).json.code).toBe(
      "PASSWORD_AUTHENTICATION_NOT_ENABLED",
    );
  });

  it("gives every new user a personal team when create_team_on_sign_up is on", async () => {
    const teams = await createProjectFixture(t, { config: { create_team_on_sign_up: true } });
    const res = await signUp({ email: uniqueEmail("teamed"), password: "correct horse" }, teams.client);
    const me = await call(t, "GET", "/users/me", { creds: { ...teams.client, accessToken: res.json.access_token } });
    expect(me.json.selected_team).toMatchObject({ display_name: expect.stringContaining("'s Team") });
    expect(me.json.selected_team_id).toBe(me.json.selected_team.id);
  });
});

describe("POST /auth/password/sign-in", () => {
  it("signs in with the right password, opening a new session", async () => {
    const res = await signIn({ email: project.user.email, password: project.user.password });
    expect(res.status).toBe(200);
    expect(res.json.user_id).toBe(project.user.userId);
    expect(Object.keys(res.json).sort()).toEqual(["access_token", "refresh_token", "user_id"]);
    expect(res.json.refresh_token).not.toBe(project.user.refreshToken);
  });

  it("answers a wrong password and an unknown e-mail identically", async () => {
    const wrong = await signIn({ email: project.user.email, password: "not the password" });
    const unknown = await signIn({ email: uniqueEmail("nobody"), password: "not the password" });
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(400);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
  });

  it("limits sign-in attempts per e-mail and address, answering 429 with Retry-After", async () => {
    const limited = await createProjectFixture(t);
    const attempt = () => signIn({ email: limited.user.email, password: "wrong password" }, limited.client);
    for (let i = 0; i < 20; i++) expect((await attempt()).status).toBe(400);
    const blocked = await attempt();
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    // Even the right password waits from this address (in process, every request shares one):
    // the limit counts attempts, not failures. Other addresses: rate-limits.test.ts.
    expect((await signIn({ email: limited.user.email, password: limited.user.password }, limited.client)).status).toBe(429);
    // Other accounts are unaffected.
    expect((await signIn({ email: project.user.email, password: project.user.password })).status).toBe(200);
  });

  it("refuses an empty e-mail as malformed, before any account is looked up", async () => {
    const res = await signIn({ email: "  ", password: "not the password" });
    expect([res.status, res.json.code]).toEqual([400, "SCHEMA_ERROR"]);
  });

  it("does not let a user of one project sign in to another", async () => {
    const other = await createProjectFixture(t);
    const res = await signIn({ email: project.user.email, password: project.user.password }, other.client);
    expect(res.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
  });
});

describeSecurity({ operationId: "signUpWithPassword", method: "POST", path: "/auth/password/sign-up", access: ["client", "server", "admin"], body: { email: "sec@example.com", password: "correct horse" } });
describeSecurity({ operationId: "signInWithPassword", method: "POST", path: "/auth/password/sign-in", access: ["client", "server", "admin"], body: { email: "sec@example.com", password: "correct horse" } });
