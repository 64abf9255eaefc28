import { beforeAll, describe, expect, it } from "vitest";
import { call, plainRefusal, callUntyped, createProjectFixture, signUpUser, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { describeSecurity, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("DELETE /auth/sessions/current", () => {
  it("ends only the current session", async () => {
    const user = await signUpUser(t, project.client);
    const second = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    const out = await call(t, "DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken: user.accessToken } });
    expect(out.status).toBe(200);

    const refresh = (token: string) =>
      t.request("/api/v1/auth/oauth/token", {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
      });
    expect((await refresh(user.refreshToken)).status).toBe(401);
    expect((await refresh(second.json.refresh_token)).status).toBe(200);
  });

  it("refuses the signed-out session's access token at once, for a second sign-out as for anything else", async () => {
    const user = await signUpUser(t, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    expect((await call(t, "DELETE", "/auth/sessions/current", { creds })).status).toBe(200);
    const again = await call(t, "DELETE", "/auth/sessions/current", { creds });
    expect(again.json.code).toBe("ACCESS_TOKEN_EXPIRED");
    expect(again.json.details).toMatchObject({ user_id: user.userId, project_id: project.projectId, expired_at_millis: expect.any(Number) });
    expect((await call(t, "GET", "/users/me", { creds })).json.code).toBe("ACCESS_TOKEN_EXPIRED");
  });
});



const refreshGrant = (token: string) =>
  t.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: token, client_id: project.projectId, client_secret: "__stack_public_client__" }).toString(),
  });

const asUser = (user: SignedInUser) => ({ ...project.client, accessToken: user.accessToken });

async function secondSession(user: SignedInUser) {
  const res = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
  return { id: JSON.parse(Buffer.from(res.json.access_token.split(".")[1], "base64url").toString()).refresh_token_id as string, refreshToken: res.json.refresh_token as string };
}

const sessionIdOf = (accessToken: string): string =>
  JSON.parse(Buffer.from(accessToken.split(".")[1]!, "base64url").toString()).refresh_token_id;

describe("GET /auth/sessions", () => {
  it("lists the signed-in user's sessions with millisecond times and marks the current one", async () => {
    const user = await signUpUser(t, project.client);
    const other = await secondSession(user);
    const before = Date.now();
    const res = await call(t, "GET", "/auth/sessions?user_id=me", { creds: asUser(user) });
    expect(res.status).toBe(200);
    expect(res.json.is_paginated).toBe(false);
    expect(res.json.items).toHaveLength(2);
    const current = res.json.items.find((s: any) => s.is_current_session);
    expect(current).toMatchObject({ id: sessionIdOf(user.accessToken), user_id: user.userId, is_impersonation: false });
    expect(current.created_at).toBeGreaterThan(before - 60_000);
    expect(current.created_at).toBeLessThanOrEqual(Date.now());
    expect(typeof current.last_used_at).toBe("number");
    expect(res.json.items.find((s: any) => !s.is_current_session).id).toBe(other.id);
  });

  it("accepts the user's own id from a client", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: asUser(user) });
    expect(res.status).toBe(200);
    expect(res.json.items).toHaveLength(1);
  });

  it("refuses a client naming another user with a bare 403, whether or not that user exists", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "GET", `/auth/sessions?user_id=${project.user.userId}`, { creds: asUser(user) });
    expect(plainRefusal(res)).toEqual([403, expect.stringContaining("own sessions")]);
    const nobody = await call(t, "GET", "/auth/sessions?user_id=00000000-0000-4000-8000-000000000009", { creds: asUser(user) });
    expect(plainRefusal(nobody)).toEqual([403, expect.stringContaining("own sessions")]);
    expect((await call(t, "GET", `/auth/sessions?user_id=${project.user.userId}`, { creds: project.client })).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
  });

  it("shows a user their sessions without the ones an administrator opened as them", async () => {
    const user = await signUpUser(t, project.client);
    const impersonation = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, is_impersonation: true } });
    expect(impersonation.status).toBe(200);
    const own = await call(t, "GET", "/auth/sessions?user_id=me", { creds: asUser(user) });
    expect(own.json.items.map((s: { is_impersonation: boolean }) => s.is_impersonation)).toEqual([false]);
    const server = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    expect(server.json.items.map((s: { is_impersonation: boolean }) => s.is_impersonation).sort()).toEqual([false, true]);
  });

  it("lets the server list any user's sessions, none current; USER_NOT_FOUND for an unknown user", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    expect(res.json.items).toHaveLength(1);
    expect(res.json.items[0].is_current_session).toBe(false);
    const missing = await call(t, "GET", "/auth/sessions?user_id=3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11", { creds: project.server });
    expect(missing.status).toBe(404);
    expect(missing.json.code).toBe("USER_NOT_FOUND");
  });

  it("answers `me` without a session with CANNOT_GET_OWN_USER_WITHOUT_USER, and rejects a missing or bad user_id", async () => {
    expect((await call(t, "GET", "/auth/sessions?user_id=me", { creds: project.server })).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
    expect((await call(t, "GET", "/auth/sessions?user_id=me", { creds: project.client })).json.code).toBe("CANNOT_GET_OWN_USER_WITHOUT_USER");
    expect((await call(t, "GET", "/auth/sessions", { creds: project.server })).json.code).toBe("SCHEMA_ERROR");
    expect((await call(t, "GET", "/auth/sessions?user_id=nope", { creds: project.server })).json.code).toBe("SCHEMA_ERROR");
  });

  it("does not list another project's sessions", async () => {
    const other = await createProjectFixture(t);
    const res = await call(t, "GET", `/auth/sessions?user_id=${project.user.userId}`, { creds: other.server });
    expect(res.json.code).toBe("USER_NOT_FOUND");
  });
});

describe("DELETE /auth/sessions/{id}", () => {
  it("revokes another session of the signed-in user; its refresh token fails at once", async () => {
    const user = await signUpUser(t, project.client);
    const other = await secondSession(user);
    const res = await call(t, "DELETE", `/auth/sessions/${other.id}?user_id=me`, { creds: asUser(user) });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ success: true });
    expect((await refreshGrant(other.refreshToken)).status).toBe(401);
    expect((await refreshGrant(user.refreshToken)).status).toBe(200);
    const list = await call(t, "GET", "/auth/sessions?user_id=me", { creds: asUser(user) });
    expect(list.json.items.map((s: any) => s.id)).toEqual([sessionIdOf(user.accessToken)]);
  });

  it("refuses the current session with CANNOT_DELETE_CURRENT_SESSION", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "DELETE", `/auth/sessions/${sessionIdOf(user.accessToken)}?user_id=me`, { creds: asUser(user) });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("CANNOT_DELETE_CURRENT_SESSION");
    expect((await refreshGrant(user.refreshToken)).status).toBe(200);
  });

  it("answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED for another user's session and leaves it alive", async () => {
    const user = await signUpUser(t, project.client);
    const victim = await signUpUser(t, project.client);
    const res = await call(t, "DELETE", `/auth/sessions/${sessionIdOf(victim.accessToken)}?user_id=me`, { creds: asUser(user) });
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await refreshGrant(victim.refreshToken)).status).toBe(200);
    const byId = await call(t, "DELETE", `/auth/sessions/${sessionIdOf(victim.accessToken)}?user_id=${victim.userId}`, { creds: asUser(user) });
    expect(byId.json.code).toBe("USER_NOT_FOUND");
    expect((await refreshGrant(victim.refreshToken)).status).toBe(200);
  });

  it("answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED for an unknown session, and defaults user_id to me for a client", async () => {
    const user = await signUpUser(t, project.client);
    const other = await secondSession(user);
    expect((await call(t, "DELETE", "/auth/sessions/3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11?user_id=me", { creds: asUser(user) })).json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await call(t, "DELETE", `/auth/sessions/${other.id}`, { creds: asUser(user) })).json).toEqual({ success: true });
  });

  it("lets the server revoke any session by id, with or without user_id", async () => {
    const user = await signUpUser(t, project.client);
    const other = await secondSession(user);
    expect((await call(t, "DELETE", `/auth/sessions/${other.id}`, { creds: project.server })).status).toBe(200);
    expect((await refreshGrant(other.refreshToken)).status).toBe(401);
    const wrongUser = await call(t, "DELETE", `/auth/sessions/${sessionIdOf(user.accessToken)}?user_id=${project.user.userId}`, { creds: project.server });
    expect(wrongUser.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await call(t, "DELETE", `/auth/sessions/${sessionIdOf(user.accessToken)}?user_id=${user.userId}`, { creds: project.server })).status).toBe(200);
  });
});

describe("POST /auth/sessions (server)", () => {
  it("creates a session whose tokens work and which lists as an impersonation", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, is_impersonation: true } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(["access_token", "refresh_token"]);
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json.id).toBe(user.userId);
    expect((await refreshGrant(res.json.refresh_token)).status).toBe(200);
    const list = await call(t, "GET", `/auth/sessions?user_id=${user.userId}`, { creds: project.server });
    expect(list.json.items.find((s: any) => s.id === sessionIdOf(res.json.access_token)).is_impersonation).toBe(true);
  });

  it("honours expires_in_millis: an expired session's refresh token fails", async () => {
    const user = await signUpUser(t, project.client);
    const res = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, expires_in_millis: 1 } });
    expect(res.status).toBe(200);
    await new Promise((r) => setTimeout(r, 20));
    expect((await refreshGrant(res.json.refresh_token)).status).toBe(401);
  });

  it("answers USER_ID_DOES_NOT_EXIST for an unknown user and SCHEMA_ERROR for bad input", async () => {
    const id = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";
    const res = await call(t, "POST", "/auth/sessions", { creds: project.server, body: { user_id: id } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: "USER_ID_DOES_NOT_EXIST", details: { user_id: id } });
    const other = await createProjectFixture(t);
    expect((await call(t, "POST", "/auth/sessions", { creds: other.server, body: { user_id: project.user.userId } })).json.code).toBe("USER_ID_DOES_NOT_EXIST");
    for (const body of [{}, { user_id: "me" }, { user_id: id, expires_in_millis: 400 * 24 * 3600 * 1000 }, { user_id: id, extra: 1 }]) {
      expect((await callUntyped(t, "POST", "/auth/sessions", { creds: project.server, body })).json.code).toBe("SCHEMA_ERROR");
    }
  });
});

describe("POST /auth/sessions/current/refresh", () => {
  it("answers a fresh access token for the session in the refresh-token header (either prefix)", async () => {
    const user = await signUpUser(t, project.client);
    for (const prefix of ["x-stack-", "x-hexclave-"] as const) {
      const res = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: user.refreshToken, prefix } });
      expect(res.status).toBe(200);
      expect(sessionIdOf(res.json.access_token)).toBe(sessionIdOf(user.accessToken));
    }
  });

  it("answers REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED for a missing, unknown or revoked token", async () => {
    const user = await signUpUser(t, project.client);
    expect((await call(t, "POST", "/auth/sessions/current/refresh", { creds: project.client })).json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    expect((await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: "nope" } })).status).toBe(401);
    await call(t, "DELETE", "/auth/sessions/current", { creds: asUser(user) });
    const revoked = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: user.refreshToken } });
    expect(revoked.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("decides by the refresh token alone, whatever access token is sent beside it", async () => {
    const user = await signUpUser(t, project.client);
    const second = await call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    await call(t, "DELETE", "/auth/sessions/current", { creds: asUser(user) });
    // The ended session's access token (refused everywhere else) beside a live refresh token.
    const refreshed = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, accessToken: user.accessToken, refreshToken: second.json.refresh_token } });
    expect(refreshed.status).toBe(200);
    expect(sessionIdOf(refreshed.json.access_token)).toBe(sessionIdOf(second.json.access_token));
    // A deleted user's tokens: the refresh token's session is gone, and that is what the answer says.
    await call(t, "DELETE", `/users/${user.userId}`, { creds: project.server });
    const gone = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, accessToken: second.json.access_token, refreshToken: second.json.refresh_token } });
    expect(gone.status).toBe(401);
    expect(gone.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });
});

describe("activity tracking", () => {
  it("updates last_active_at on use at most once per window, and on every refresh", async () => {
    const user = await signUpUser(t, project.client);
    const lastActive = async () => (await call(t, "GET", `/users/${user.userId}`, { creds: project.server })).json.last_active_at_millis as number;
    const first = await lastActive();
    await new Promise((r) => setTimeout(r, 15));
    await call(t, "GET", "/users/me", { creds: asUser(user) });
    const afterUse = await lastActive();
    expect(afterUse).toBeGreaterThan(first);
    await new Promise((r) => setTimeout(r, 15));
    await call(t, "GET", "/users/me", { creds: asUser(user) });
    expect(await lastActive()).toBe(afterUse); // throttled
    await new Promise((r) => setTimeout(r, 15));
    await refreshGrant(user.refreshToken);
    expect(await lastActive()).toBeGreaterThan(afterUse);
  });
});

const SESSION_ID = "3f0c7a52-1c7e-4a8e-9d59-0b8f4d3e2a11";
describeSecurity({ operationId: "signOut", method: "DELETE", path: "/auth/sessions/current", access: ["client", "server", "admin"], userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({
  operationId: "listSessions",
  method: "GET",
  path: "/auth/sessions?user_id=me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({
    path: `/auth/sessions?user_id=${ctx.project.user.userId}`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "CLIENT_CANNOT_LIST_OTHER_USERS_SESSIONS",
  }),
});
describeSecurity({
  operationId: "revokeSession",
  method: "DELETE",
  path: `/auth/sessions/${SESSION_ID}?user_id=me`,
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({
    path: `/auth/sessions/${sessionIdOf(ctx.project.user.accessToken)}?user_id=me`,
    creds: { ...ctx.project.client, accessToken: (await signUpUser(ctx.t, ctx.project.client)).accessToken },
    code: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  }),
});
describeSecurity({ operationId: "createSession", method: "POST", path: "/auth/sessions", access: ["server", "admin"], body: (ctx: SecurityContext) => ({ user_id: ctx.project.user.userId }) });
describeSecurity({ operationId: "refreshCurrentSession", method: "POST", path: "/auth/sessions/current/refresh", access: ["client", "server", "admin"], accessToken: "not read" });
