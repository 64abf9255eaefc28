import { beforeAll, describe, expect, it } from "vitest";
import { createApiKeyValue } from "../../crypto/api-key-format";
import { call, callUntyped, createProjectFixture, signUpUser, type Credentials, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const ENABLED = { allow_user_api_keys: true, allow_team_api_keys: true };
const KEY_FORMAT = /^sk_[0-9a-z]{45}[0-9a-f]{32}user1574ck4u7h[0-9a-f]{8}$/;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: ENABLED });
});

const as = (user: SignedInUser): Credentials => ({ ...project.client, accessToken: user.accessToken });
const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: project.server, body });
const client = <M extends HttpMethod, P extends string>(user: SignedInUser, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: as(user), body });
const keyBody = (overrides: Record<string, unknown> = {}) => ({ description: "ci", expires_at_millis: null, user_id: "me", ...overrides });

describe("user API keys", () => {
  it("a user creates a key, sees it in full once, then only its last four; the server checks it", async () => {
    const user = await signUpUser(t, project.client);
    const expiresAt = Date.now() + 3_600_000;
    const created = await client(user, "POST", "/user-api-keys", keyBody({ description: "deploy", expires_at_millis: expiresAt }));
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(String),
      description: "deploy",
      expires_at_millis: expiresAt,
      created_at_millis: expect.any(Number),
      is_public: false,
      type: "user",
      user_id: user.userId,
      value: expect.stringMatching(KEY_FORMAT),
    });
    const value: string = created.json.value;
    expect(value.slice(3 + 45, 3 + 45 + 32)).toBe(created.json.id.replace(/-/g, ""));
    const { value: _full, ...rest } = created.json;
    const read = { ...rest, value: { last_four: value.slice(-4) } };

    expect((await client(user, "GET", `/user-api-keys/${created.json.id}?user_id=me`)).json).toEqual(read);
    expect((await client(user, "GET", `/user-api-keys/${created.json.id}`)).json).toEqual(read);
    expect((await client(user, "GET", "/user-api-keys?user_id=me")).json).toEqual({ items: [read], is_paginated: false });
    expect((await server("GET", `/user-api-keys?user_id=${user.userId}`)).json.items).toEqual([read]);
    const checked = await server("POST", "/user-api-keys/check", { api_key: value });
    expect(checked.status).toBe(200);
    expect(checked.json).toEqual(read);
  });

  it("stores only a digest of the key", async () => {
    const user = await signUpUser(t, project.client);
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    const rows = await t.db.query<{ secret_hash: string; last_four: string }>("SELECT secret_hash, last_four FROM api_keys WHERE id = $1", [created.json.id]);
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows)).not.toContain(created.json.value.slice(3, 48));
    expect(rows[0]!.secret_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("public keys start with pk_ and carry their flag; keys without expiry omit expires_at_millis", async () => {
    const user = await signUpUser(t, project.client);
    const created = await server("POST", "/user-api-keys", keyBody({ user_id: user.userId, is_public: true }));
    expect(created.status).toBe(200);
    expect(created.json.value).toMatch(/^pk_[0-9a-z]{45}[0-9a-f]{32}user3574ck4u7h[0-9a-f]{8}$/);
    expect(created.json.is_public).toBe(true);
    expect(created.json).not.toHaveProperty("expires_at_millis");
    expect((await server("POST", "/user-api-keys/check", { api_key: created.json.value })).json.is_public).toBe(true);
  });

  it("lists a user's keys newest first, and only theirs", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    const first = await client(user, "POST", "/user-api-keys", keyBody({ description: "first" }));
    const second = await client(user, "POST", "/user-api-keys", keyBody({ description: "second" }));
    await client(other, "POST", "/user-api-keys", keyBody({ description: "other" }));
    const listed = await client(user, "GET", "/user-api-keys?user_id=me");
    expect(listed.json.items.map((k: { id: string }) => k.id)).toEqual([second.json.id, first.json.id]);
  });

  it("renames and revokes; a revoked key keeps its first revocation time and fails the check with API_KEY_REVOKED", async () => {
    const user = await signUpUser(t, project.client);
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    const id = created.json.id;
    const renamed = await client(user, "PATCH", `/user-api-keys/${id}?user_id=me`, { description: "renamed" });
    expect(renamed.status).toBe(200);
    expect(renamed.json.description).toBe("renamed");
    expect(renamed.json).not.toHaveProperty("manually_revoked_at_millis");

    const soon = Date.now() + 60_000;
    const dated = await client(user, "PATCH", `/user-api-keys/${id}`, { expires_at_millis: soon });
    expect(dated.json).toMatchObject({ description: "renamed", expires_at_millis: soon });
    const past = await server("PATCH", `/user-api-keys/${id}`, { expires_at_millis: Date.now() - 1000 });
    expect((await server("POST", "/user-api-keys/check", { api_key: created.json.value })).json.code).toBe("API_KEY_EXPIRED");
    expect(past.json.expires_at_millis).toBeLessThan(Date.now());
    const forever = await server("PATCH", `/user-api-keys/${id}`, { expires_at_millis: null });
    expect(forever.json).not.toHaveProperty("expires_at_millis");
    expect((await server("POST", "/user-api-keys/check", { api_key: created.json.value })).status).toBe(200);

    const revoked = await client(user, "PATCH", `/user-api-keys/${id}`, { revoked: true });
    expect(revoked.json.manually_revoked_at_millis).toEqual(expect.any(Number));
    const again = await server("PATCH", `/user-api-keys/${id}`, { revoked: true, description: "still" });
    expect(again.json.manually_revoked_at_millis).toBe(revoked.json.manually_revoked_at_millis);
    expect(again.json.description).toBe("still");

    const checked = await server("POST", "/user-api-keys/check", { api_key: created.json.value });
    expect(checked.status).toBe(401);
    expect(checked.json.code).toBe("API_KEY_REVOKED");
  });

  it("an expired key fails the check with API_KEY_EXPIRED", async () => {
    const user = await signUpUser(t, project.client);
    const created = await server("POST", "/user-api-keys", keyBody({ user_id: user.userId, expires_at_millis: Date.now() - 1000 }));
    expect(created.status).toBe(200);
    const checked = await server("POST", "/user-api-keys/check", { api_key: created.json.value });
    expect([checked.status, checked.json.code]).toEqual([401, "API_KEY_EXPIRED"]);
  });

  it("the check answers API_KEY_NOT_FOUND for unknown, malformed, tampered and other projects' keys", async () => {
    const user = await signUpUser(t, project.client);
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    const value: string = created.json.value;
    const sameIdOtherSecret = createApiKeyValue({ id: created.json.id, type: "user", isPublic: false });
    const tampered = (value[3] === "a" ? "b" : "a") + value.slice(4);
    const other = await createProjectFixture(t, { config: ENABLED });
    for (const attempt of ["nonsense", sameIdOtherSecret, `sk_${tampered}`, value.slice(0, -1) + (value.endsWith("0") ? "1" : "0")]) {
      const res = await server("POST", "/user-api-keys/check", { api_key: attempt });
      expect([res.status, res.json.code], attempt).toEqual([404, "API_KEY_NOT_FOUND"]);
    }
    const elsewhere = await call(t, "POST", "/user-api-keys/check", { creds: other.server, body: { api_key: value } });
    expect(elsewhere.json.code).toBe("API_KEY_NOT_FOUND");
  });

  it("a user key checked as a team key is WRONG_API_KEY_TYPE", async () => {
    const user = await signUpUser(t, project.client);
    const value: string = (await client(user, "POST", "/user-api-keys", keyBody())).json.value;
    const res = await server("POST", "/team-api-keys/check", { api_key: value });
    expect([res.status, res.json.code, res.json.details]).toEqual([400, "WRONG_API_KEY_TYPE", { expected_type: "team", actual_type: "user" }]);
  });

  it("clients manage only their own keys: naming another user is a plain 403 (as in Stack Auth), another user's key API_KEY_NOT_FOUND", async () => {
    const user = await signUpUser(t, project.client);
    const other = await signUpUser(t, project.client);
    const theirs = await client(other, "POST", "/user-api-keys", keyBody());
    const forbidden = (res: { status: number; text: string; headers: Headers }) => {
      expect([res.status, res.headers.get("content-type")]).toEqual([403, expect.stringMatching(/^text\/plain/)]);
      expect(res.text).toContain("own API keys");
      expect(res.headers.get("x-stack-known-error")).toBeNull();
    };
    forbidden(await client(user, "POST", "/user-api-keys", keyBody({ user_id: other.userId })));
    forbidden(await client(user, "GET", `/user-api-keys?user_id=${other.userId}`));
    // The same for a user that does not exist: existence does not leak.
    forbidden(await client(user, "GET", `/user-api-keys?user_id=${crypto.randomUUID()}`));
    expect((await client(user, "GET", `/user-api-keys/${theirs.json.id}`)).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await client(user, "PATCH", `/user-api-keys/${theirs.json.id}`, { revoked: true })).json.code).toBe("API_KEY_NOT_FOUND");
    forbidden(await client(user, "GET", `/user-api-keys/${theirs.json.id}?user_id=${other.userId}`));
    forbidden(await client(user, "PATCH", `/user-api-keys/${theirs.json.id}?user_id=${other.userId}`, { revoked: true }));
    expect((await server("GET", `/user-api-keys/${theirs.json.id}?user_id=${user.userId}`)).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await server("GET", `/user-api-keys/${theirs.json.id}?user_id=${other.userId}`)).status).toBe(200);
  });

  it("the server names any user; an unknown user is USER_NOT_FOUND and an unknown key API_KEY_NOT_FOUND", async () => {
    const unknown = "00000000-0000-4000-8000-000000000001";
    expect((await server("POST", "/user-api-keys", keyBody({ user_id: unknown }))).json.code).toBe("USER_NOT_FOUND");
    expect((await server("GET", `/user-api-keys?user_id=${unknown}`)).json.code).toBe("USER_NOT_FOUND");
    const missing = await server("GET", `/user-api-keys/${unknown}`);
    expect([missing.status, missing.json.code]).toEqual([404, "API_KEY_NOT_FOUND"]);
    expect((await server("PATCH", `/user-api-keys/${unknown}`, { description: "x" })).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await server("POST", "/user-api-keys", keyBody())).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("a team key read through the user routes is API_KEY_NOT_FOUND", async () => {
    const user = await signUpUser(t, project.client);
    const team = await server("POST", "/teams", { display_name: "T", creator_user_id: user.userId });
    const teamKey = await server("POST", "/team-api-keys", { description: "t", expires_at_millis: null, team_id: team.json.id });
    expect((await server("GET", `/user-api-keys/${teamKey.json.id}`)).json.code).toBe("API_KEY_NOT_FOUND");
  });

  it("rejects a missing expires_at_millis, unknown fields and revoked: false with SCHEMA_ERROR", async () => {
    const user = await signUpUser(t, project.client);
    const { expires_at_millis: _omit, ...withoutExpiry } = keyBody();
    expect((await callUntyped(t, "POST", "/user-api-keys", { creds: as(user), body: withoutExpiry })).json.code).toBe("SCHEMA_ERROR");
    expect((await client(user, "POST", "/user-api-keys", keyBody({ prefix: "x" }))).json.code).toBe("SCHEMA_ERROR");
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    expect((await callUntyped(t, "PATCH", `/user-api-keys/${created.json.id}`, { creds: as(user), body: { revoked: false } })).json.code).toBe("SCHEMA_ERROR");
    expect((await client(user, "GET", "/user-api-keys")).json.code).toBe("SCHEMA_ERROR");
  });

  it("refuses query keys of the other kind (team_id on the user routes) with SCHEMA_ERROR, as Stack Auth does", async () => {
    const user = await signUpUser(t, project.client);
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    const teamId = crypto.randomUUID();
    for (const path of [`/user-api-keys/${created.json.id}?user_id=${user.userId}&team_id=${teamId}`, `/user-api-keys?user_id=me&team_id=${teamId}`]) {
      const res = await callUntyped(t, "GET", path, { creds: as(user) });
      expect([res.status, res.json.code]).toEqual([400, "SCHEMA_ERROR"]);
      expect(res.json.error).toContain("team_id");
    }
    expect((await callUntyped(t, "GET", `/user-api-keys/${created.json.id}`, { creds: as(user) })).status).toBe(200);
  });

  it("a project without user API keys answers a plain 400 naming the setting (as Stack Auth answers), not SCHEMA_ERROR", async () => {
    const off = await createProjectFixture(t, { config: { allow_user_api_keys: false } });
    const user = await signUpUser(t, off.client);
    const res = await call(t, "POST", "/user-api-keys", { creds: { ...off.client, accessToken: user.accessToken }, body: keyBody() });
    expect([res.status, res.headers.get("content-type"), res.headers.get("x-stack-known-error")]).toEqual([400, expect.stringMatching(/^text\/plain/), null]);
    expect(res.text).toContain("User API keys are turned off");
    expect(res.text).toContain("allow_user_api_keys");
    const checked = await call(t, "POST", "/user-api-keys/check", { creds: off.server, body: { api_key: "sk_x" } });
    expect([checked.status, checked.text]).toEqual([400, res.text]);
    expect((await call(t, "GET", `/user-api-keys?user_id=${user.userId}`, { creds: off.server })).text).toBe(res.text);
  });

  it("deleting a user deletes their keys", async () => {
    const user = await signUpUser(t, project.client);
    const created = await client(user, "POST", "/user-api-keys", keyBody());
    expect((await server("DELETE", `/users/${user.userId}`)).status).toBe(200);
    expect((await server("POST", "/user-api-keys/check", { api_key: created.json.value })).json.code).toBe("API_KEY_NOT_FOUND");
    expect(await t.db.query("SELECT 1 FROM api_keys WHERE id = $1", [created.json.id])).toHaveLength(0);
  });
});

const ZERO = "00000000-0000-4000-8000-000000000000";
const ALL = ["client", "server", "admin"] as const;
const asProjectUser = (ctx: SecurityContext): Credentials => ({ ...ctx.project.client, accessToken: ctx.project.user.accessToken });

/** Switches user keys on in the security project and gives another user of it a key. */
async function foreignUserKey(ctx: SecurityContext): Promise<{ id: string; userId: string }> {
  await call(ctx.t, "PATCH", "/internal/projects/current", { creds: ctx.project.admin, body: { config: ENABLED } });
  const other = await signUpUser(ctx.t, ctx.project.client);
  const created = await call(ctx.t, "POST", "/user-api-keys", { creds: ctx.project.server, body: keyBody({ user_id: other.userId }) });
  return { id: created.json.id, userId: other.userId };
}

describeSecurity({
  operationId: "createUserApiKey",
  method: "POST",
  path: "/user-api-keys",
  access: ALL,
  body: keyBody(),
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: "/user-api-keys", body: keyBody({ user_id: (await foreignUserKey(ctx)).userId }), creds: asProjectUser(ctx), code: "CLIENT_CAN_ONLY_MANAGE_OWN_API_KEYS" }),
});
describeSecurity({
  operationId: "listUserApiKeys",
  method: "GET",
  path: "/user-api-keys?user_id=me",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: `/user-api-keys?user_id=${(await foreignUserKey(ctx)).userId}`, creds: asProjectUser(ctx), code: "CLIENT_CAN_ONLY_MANAGE_OWN_API_KEYS" }),
});
describeSecurity({
  operationId: "getUserApiKey",
  method: "GET",
  path: `/user-api-keys/${ZERO}`,
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/user-api-keys/${(await foreignUserKey(ctx)).id}`, creds: asProjectUser(ctx), code: "API_KEY_NOT_FOUND" }),
});
describeSecurity({
  operationId: "updateUserApiKey",
  method: "PATCH",
  path: `/user-api-keys/${ZERO}`,
  access: ALL,
  body: { revoked: true },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({
    path: `/user-api-keys/${(await foreignUserKey(ctx)).id}`,
    body: { revoked: true },
    creds: asProjectUser(ctx),
    code: "API_KEY_NOT_FOUND",
  }),
});
describeSecurity({ operationId: "checkUserApiKey", method: "POST", path: "/user-api-keys/check", access: ["server", "admin"], body: { api_key: "sk_unknown" } });
