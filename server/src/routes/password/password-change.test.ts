import { beforeAll, describe, expect, it } from "vitest";
import { openSession, tokensForSession } from "../../services/sessions/sessions";
import { createUser } from "../../services/users/user-changes";
import { call, plainRefusal, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type Credentials, type ProjectFixture } from "../../testing/fixtures";
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

const as = (accessToken: string, creds: Credentials = project.client): Credentials => ({ ...creds, accessToken });
const refresh = (refreshToken: string, p = project) =>
  call(t, "POST", "/auth/oauth/token", {
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: p.projectId, client_secret: p.keys.publishableKey }).toString(),
  });
const signIn = (email: string, password: string, creds = project.client) =>
  call(t, "POST", "/auth/password/sign-in", { creds, body: { email, password } });

/** A user who signed in some other way and has no password. */
async function passwordlessUser(p = project) {
  const tenancy = await t.deps.tenancies.load(p.projectId);
  const email = uniqueEmail("nopass");
  const user = await createUser(t.deps, tenancy, { primaryEmail: email, primaryEmailAuthEnabled: true });
  const tokens = await tokensForSession(t.deps, tenancy, user.id, await openSession(t.db, tenancy, user.id, { ip: null, userAgent: null }));
  return { email, userId: user.id, accessToken: tokens.access_token };
}

describe("POST /auth/password/set", () => {
  it("gives a user without a password their first one, which then signs in", async () => {
    const user = await passwordlessUser();
    const res = await call(t, "POST", "/auth/password/set", { creds: as(user.accessToken), body: { password: "first password" } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await signIn(user.email, "first password")).status).toBe(200);
    const me = await call(t, "GET", "/users/me", { creds: as(user.accessToken) });
    expect(me.json.has_password).toBe(true);
  });

  it("refuses a user who already has a password (change it with /update instead)", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "POST", "/auth/password/set", { creds: as(user.accessToken), body: { password: "another password" } });
    expect(plainRefusal(res)).toEqual([400, expect.stringContaining("password already")]);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it.each([
    ["seven77", "PASSWORD_TOO_SHORT", { min_length: 8 }],
    ["x".repeat(71), "PASSWORD_TOO_LONG", { maxLength: 70 }],
  ])("refuses %s with its details", async (password, code, details) => {
    const user = await passwordlessUser();
    const res = await call(t, "POST", "/auth/password/set", { creds: as(user.accessToken), body: { password } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code, details });
  });

  it("answers PASSWORD_AUTHENTICATION_NOT_ENABLED when the project turned passwords off", async () => {
    const off = await createProjectFixture(t);
    await call(t, "PATCH", "/internal/projects/current", { creds: off.admin, body: { config: { credential_enabled: false } } });
    const user = await passwordlessUser(off);
    const res = await call(t, "POST", "/auth/password/set", { creds: as(user.accessToken, off.client), body: { password: "first password" } });
    expect(res.json.code).toBe("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  });
});

describe("POST /auth/password/update", () => {
  const update = (accessToken: string, body: unknown, creds = project.client) =>
    callUntyped(t, "POST", "/auth/password/update", { creds: as(accessToken, creds), body });

  it("changes the password, keeps the current session and ends the user's other sessions", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signIn(user.email, user.password);
    const res = await update(user.accessToken, { old_password: user.password, new_password: "brand new password" });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });

    expect((await refresh(user.refreshToken)).status).toBe(200);
    const revoked = await refresh(other.json.refresh_token);
    expect(revoked.status).toBe(401);
    expect(revoked.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    expect((await signIn(user.email, user.password)).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await signIn(user.email, "brand new password")).status).toBe(200);
    // Other users' sessions are untouched.
    expect((await refresh(project.user.refreshToken)).status).toBe(200);
  });

  it("answers PASSWORD_CONFIRMATION_MISMATCH for a wrong old password and changes nothing", async () => {
    const user = await signUpUser(t, project.client);
    const res = await update(user.accessToken, { old_password: "not the password", new_password: "brand new password" });
    expect([res.status, res.json.code]).toEqual([400, "PASSWORD_CONFIRMATION_MISMATCH"]);
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("answers USER_DOES_NOT_HAVE_PASSWORD for a user without one", async () => {
    const user = await passwordlessUser();
    const res = await update(user.accessToken, { old_password: "whatever it is", new_password: "brand new password" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("USER_DOES_NOT_HAVE_PASSWORD");
  });

  it.each([
    ["seven77", "PASSWORD_TOO_SHORT", { min_length: 8 }],
    ["x".repeat(71), "PASSWORD_TOO_LONG", { maxLength: 70 }],
  ])("refuses the new password %s with its details", async (password, code, details) => {
    const user = await signUpUser(t, project.client);
    const res = await update(user.accessToken, { old_password: user.password, new_password: password });
    expect(res.json).toMatchObject({ code, details });
    expect((await signIn(user.email, user.password)).status).toBe(200);
  });

  it("answers PASSWORD_AUTHENTICATION_NOT_ENABLED when the project turned passwords off", async () => {
    const off = await createProjectFixture(t);
    await call(t, "PATCH", "/internal/projects/current", { creds: off.admin, body: { config: { credential_enabled: false } } });
    const res = await update(off.user.accessToken, { old_password: off.user.password, new_password: "brand new password" }, off.client);
    expect(res.json.code).toBe("PASSWORD_AUTHENTICATION_NOT_ENABLED");
  });

  it("answers SCHEMA_ERROR for a missing old password", async () => {
    const res = await update(project.user.accessToken, { new_password: "brand new password" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });
});

// As Stack Auth validates these routes: a request without a user fails the schema.
const user = "SCHEMA_ERROR" as const;
describeSecurity({ operationId: "setPassword", method: "POST", path: "/auth/password/set", access: ["client", "server", "admin"], userRequired: user, body: { password: "correct horse" } });
describeSecurity({ operationId: "updatePassword", method: "POST", path: "/auth/password/update", access: ["client", "server", "admin"], userRequired: user, body: { old_password: "a", new_password: "correct horse" } });
