import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, uniqueEmail, type ProjectFixture, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
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

const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>, fixture = project) => call<M, P>(t, method, path, { creds: fixture.server, body });

describe("server user management", () => {
  it("creates a user who can then sign in with the given password", async () => {
    const email = uniqueEmail("created");
    const res = await server("POST", "/users", {
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      password: "a strong password",
      display_name: "Created",
      client_metadata: { a: 1 },
      client_read_only_metadata: { plan: "pro" },
      server_metadata: { internal: true },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      primary_email: email,
      primary_email_verified: true,
      primary_email_auth_enabled: true,
      has_password: true,
      display_name: "Created",
      client_read_only_metadata: { plan: "pro" },
      server_metadata: { internal: true },
    });
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "a strong password" } });
    expect(signIn.json.user_id).toBe(res.json.id);
    const asClient = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: signIn.json.access_token } });
    expect(asClient.json).not.toHaveProperty("server_metadata");
  });

  it("gives a created user's address sign-in only when asked, as Stack Auth does", async () => {
    const email = uniqueEmail("no-sign-in");
    const res = await server("POST", "/users", { primary_email: email, password: "a strong password" });
    expect(res.json).toMatchObject({ primary_email: email, primary_email_auth_enabled: false, auth_with_email: true, has_password: true });
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "a strong password" } });
    expect(signIn.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
  });

  it("refuses an e-mail another user signs in with only when this one would sign in with it too", async () => {
    const res = await server("POST", "/users", { primary_email: project.user.email, primary_email_auth_enabled: true });
    expect(res.status).toBe(409);
    expect(res.json).toMatchObject({ code: "USER_EMAIL_ALREADY_EXISTS", details: { email: project.user.email } });
    const contactOnly = await server("POST", "/users", { primary_email: project.user.email });
    expect(contactOnly.status).toBe(201);
  });

  it("refuses sign-in or verification for an address that is not there", async () => {
    const auth = await server("POST", "/users", { primary_email_auth_enabled: true });
    expect(plainRefusal(auth)).toEqual([400, expect.stringContaining("primary_email_auth_enabled")]);
    const user = await server("POST", "/users", {});
    expect(plainRefusal(await server("PATCH", `/users/${user.json.id}`, { primary_email_verified: true }))).toEqual([400, expect.stringContaining("primary_email_verified")]);
  });

  it("imports a bcrypt hash, signs in with its password, then keeps an argon2id hash instead", async () => {
    const email = uniqueEmail("imported");
    // bcrypt of "hello-world" at 2^4 rounds, as an export from another platform would hold it.
    const bcryptHash = "$2b$04$JoJiXJmM/ZGmhXZtrbbSVeYoYYXd20Jpp7xjhACcGOYS2X68GefJe";
    const created = await server("POST", "/users", { primary_email: email, primary_email_auth_enabled: true, password_hash: bcryptHash });
    expect(created.json).toMatchObject({ has_password: true });
    const wrong = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "not-hello" } });
    expect(wrong.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    const signIn = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "hello-world" } });
    expect(signIn.json.user_id).toBe(created.json.id);
    const [row] = await t.db.query<{ password_hash: string }>("SELECT password_hash FROM users WHERE id = $1", [created.json.id]);
    expect(row!.password_hash).toMatch(/^\$argon2id\$/);
    expect((await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "hello-world" } })).status).toBe(200);
  });

  it.each([
    ["both password and password_hash", { password: "a strong password", password_hash: "$2b$04$JoJiXJmM/ZGmhXZtrbbSVeYoYYXd20Jpp7xjhACcGOYS2X68GefJe" }, "password_hash"],
    ["a bcrypt hash of too many rounds", { password_hash: "$2a$17$VIhIOofSMqGdGlL4wzE//e.77dAQGqNtF/1dT7bqCrVtQuInWy2qi" }, "password_hash"],
    ["a hash in no known format", { password_hash: "plaintext" }, "password_hash"],
  ])("refuses %s with a bare 400", async (_label, body, mention) => {
    expect(plainRefusal(await callUntyped(t, "POST", "/users", { creds: project.server, body }))).toEqual([400, expect.stringContaining(mention)]);
  });

  it("reads, updates and deletes a user by id, and `me` with a session", async () => {
    const user = await signUpUser(t, project.client);
    expect((await server("GET", `/users/${user.userId}`)).json.primary_email).toBe(user.email);
    const updated = await server("PATCH", `/users/${user.userId}`, { server_metadata: { tier: 2 }, display_name: "Upd", primary_email_verified: true });
    expect(updated.json).toMatchObject({ server_metadata: { tier: 2 }, display_name: "Upd", primary_email_verified: true });

    const me = await call(t, "GET", "/users/me", { creds: { ...project.server, accessToken: user.accessToken } });
    expect(me.json.server_metadata).toEqual({ tier: 2 });

    expect((await server("DELETE", `/users/${user.userId}`)).json).toEqual({ success: true });
    expect((await server("GET", `/users/${user.userId}`)).json.code).toBe("USER_NOT_FOUND");
    expect((await server("DELETE", `/users/${user.userId}`)).status).toBe(404);
  });

  it("ends every session of a deleted user at once", async () => {
    const user = await signUpUser(t, project.client);
    await server("DELETE", `/users/${user.userId}`);
    const refresh = await t.request("/api/v1/auth/oauth/token", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: user.refreshToken, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
    });
    expect(refresh.status).toBe(401);
    // The access token goes with the sessions: refused on every route, not only where the user is read.
    const creds = { ...project.client, accessToken: user.accessToken };
    expect((await call(t, "GET", "/users/me", { creds })).json.code).toBe("ACCESS_TOKEN_EXPIRED");
    expect((await call(t, "GET", "/teams?user_id=me", { creds })).json.code).toBe("ACCESS_TOKEN_EXPIRED");
  });

  it("changes the primary e-mail and password; the old ones stop working", async () => {
    const user = await signUpUser(t, project.client);
    const email = uniqueEmail("changed");
    const res = await server("PATCH", `/users/${user.userId}`, { primary_email: email, password: "another password" });
    expect(res.json).toMatchObject({ primary_email: email, primary_email_verified: false });
    const old = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    expect(old.json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    const fresh = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email, password: "another password" } });
    expect(fresh.status).toBe(200);
  });

  it("stores a TOTP secret sealed, and reports that two-factor sign-in is required", async () => {
    const user = await signUpUser(t, project.client);
    const secret = Buffer.from("12345678901234567890").toString("base64");
    const res = await server("PATCH", `/users/${user.userId}`, { totp_secret_base64: secret });
    expect(res.json.requires_totp_mfa).toBe(true);
    const rows = await t.db.query<{ totp_secret_encrypted: string }>("SELECT totp_secret_encrypted FROM users WHERE id = $1", [user.userId]);
    expect(rows[0]!.totp_secret_encrypted).not.toContain(secret);
    expect(t.deps.totpSecrets.open(rows[0]!.totp_secret_encrypted)).toBe(secret);
    expect((await server("PATCH", `/users/${user.userId}`, { totp_secret_base64: null })).json.requires_totp_mfa).toBe(false);
  });

  it("keeps users within their project", async () => {
    const other = await createProjectFixture(t);
    expect((await server("GET", `/users/${project.user.userId}`, undefined, other)).json.code).toBe("USER_NOT_FOUND");
    expect((await server("PATCH", `/users/${project.user.userId}`, { display_name: "x" }, other)).json.code).toBe("USER_NOT_FOUND");
    expect((await server("DELETE", `/users/${project.user.userId}`, undefined, other)).json.code).toBe("USER_NOT_FOUND");
    expect((await server("GET", "/users", undefined, other)).json.items.map((u: { id: string }) => u.id)).not.toContain(project.user.userId);
  });

  it.each([
    ["a too short password", { password: "short" }, "PASSWORD_TOO_SHORT"],
    ["an invalid e-mail", { primary_email: "nope" }, "SCHEMA_ERROR"],
    ["an unknown field", { role: "admin" }, "SCHEMA_ERROR"],
  ])("refuses %s", async (_label, body, code) => {
    expect((await callUntyped(t, "POST", "/users", { creds: project.server, body })).json.code).toBe(code);
  });
});

describe("GET /users", () => {
  let listing: ProjectFixture;
  const emails: string[] = [];
  beforeAll(async () => {
    listing = await createProjectFixture(t);
    for (let i = 0; i < 5; i++) {
      const email = uniqueEmail(`page${i}`);
      emails.push(email);
      await server("POST", "/users", { primary_email: email, display_name: `Pager ${i}` }, listing);
    }
    await server("POST", "/users", { is_anonymous: true }, listing);
  });

  it("pages through every user once, in sign-up order, with a cursor", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: any = await server("GET", `/users?limit=2${cursor ? `&cursor=${cursor}` : ""}`, undefined, listing);
      expect(page.json.is_paginated).toBe(true);
      expect(page.json.items.length).toBeLessThanOrEqual(2);
      seen.push(...page.json.items.map((u: { primary_email: string }) => u.primary_email));
      cursor = page.json.pagination.next_cursor;
    } while (cursor);
    expect(seen).toEqual([listing.user.email, ...emails]);
  });

  it("pages in descending order too", async () => {
    const first = await server("GET", "/users?limit=3&desc=true", undefined, listing);
    const second = await server("GET", `/users?limit=3&desc=true&cursor=${first.json.pagination.next_cursor}`, undefined, listing);
    const all = [...first.json.items, ...second.json.items].map((u: { primary_email: string }) => u.primary_email);
    expect(all).toEqual([...emails].reverse().concat(listing.user.email));
    expect(second.json.pagination.next_cursor).toBeNull();
  });

  it("searches e-mail, display name and id", async () => {
    const byName = await server("GET", "/users?query=pager%203", undefined, listing);
    expect(byName.json.items.map((u: { primary_email: string }) => u.primary_email)).toEqual([emails[3]]);
    const byEmail = await server("GET", `/users?query=${encodeURIComponent(emails[1]!.slice(0, 12))}`, undefined, listing);
    expect(byEmail.json.items.map((u: { primary_email: string }) => u.primary_email)).toContain(emails[1]);
    const wildcard = await server("GET", "/users?query=%25", undefined, listing);
    expect(wildcard.json.items).toEqual([]);
  });

  it("leaves anonymous users out unless asked", async () => {
    const plain = await server("GET", "/users", undefined, listing);
    expect(plain.json.items.every((u: { is_anonymous: boolean }) => !u.is_anonymous)).toBe(true);
    const included = await server("GET", "/users?include_anonymous=true", undefined, listing);
    expect(included.json.items).toHaveLength(7);
    const only = await server("GET", "/users?include_anonymous=true&only_anonymous=true", undefined, listing);
    expect(only.json.items).toHaveLength(1);
    expect(only.json.items[0].is_anonymous).toBe(true);
    // only_anonymous alone would quietly contradict the default of leaving anonymous users out.
    expect(plainRefusal(await server("GET", "/users?only_anonymous=true", undefined, listing))).toEqual([400, expect.stringContaining("include_anonymous")]);
  });

  it("filters by team membership", async () => {
    const internalMe = await call(t, "GET", "/users/me", { creds: { projectId: "internal", accessType: "server", secretKey: "ssk_test_internal_secret", accessToken: listing.owner.accessToken } });
    const res = await call(t, "GET", `/users?team_id=${internalMe.json.selected_team_id}`, { creds: { projectId: "internal", accessType: "server", secretKey: "ssk_test_internal_secret" } });
    expect(res.json.items.map((u: { id: string }) => u.id)).toEqual([listing.owner.userId]);
  });

  it.each([["limit=0"], ["limit=1001"], ["cursor=nope"], ["order_by=name"], ["desc=yes"]])("answers SCHEMA_ERROR for %s", async (query) => {
    expect((await server("GET", `/users?${query}`, undefined, listing)).json.code).toBe("SCHEMA_ERROR");
  });
});

describe("client access to /users/me", () => {
  it("refuses server-only fields from a client", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "PATCH", "/users/me", { creds: { ...project.client, accessToken: user.accessToken }, body: { server_metadata: { x: 1 } } });
    expect(res.json.code).toBe("SCHEMA_ERROR");
    expect(res.json.details.message).toContain("server_metadata");
  });

  it("lets a client delete itself only when the project allows it", async () => {
    const user = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    const refused = await call(t, "DELETE", "/users/me", { creds });
    expect(plainRefusal(refused)).toEqual([400, expect.stringContaining("client_user_deletion_enabled")]);
    const allowing = await createProjectFixture(t, { config: { client_user_deletion_enabled: true } });
    const deletable = await signUpUser(t, allowing.client);
    const res = await call(t, "DELETE", "/users/me", { creds: { ...allowing.client, accessToken: deletable.accessToken } });
    expect(res.json).toEqual({ success: true });
    expect((await call(t, "GET", `/users/${deletable.userId}`, { creds: allowing.server })).json.code).toBe("USER_NOT_FOUND");
  });
});

describeSecurity({ operationId: "listUsers", method: "GET", path: "/users", access: ["server", "admin"] });
describeSecurity({ operationId: "createUser", method: "POST", path: "/users", access: ["server", "admin"], body: { display_name: "Security" } });
describeSecurity({ operationId: "getUser", method: "GET", path: (ctx) => `/users/${ctx.project.user.userId}`, access: ["server", "admin"] });
describeSecurity({ operationId: "updateUser", method: "PATCH", path: (ctx) => `/users/${ctx.project.user.userId}`, access: ["server", "admin"], body: { display_name: "S" } });
describeSecurity({ operationId: "deleteUser", method: "DELETE", path: "/users/00000000-0000-4000-8000-000000000000", access: ["server", "admin"] });
describeSecurity({ operationId: "deleteCurrentUser", method: "DELETE", path: "/users/me", access: ["client", "server", "admin"], userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER" });
