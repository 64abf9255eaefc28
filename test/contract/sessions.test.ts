import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectPlainRefusalThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import {
  bootstrapProject,
  PASSWORD,
  refreshThroughProxy,
  signUpThroughProxy,
  useProxiedServer,
  type ContractProject,
} from "../support/proxied-server";

describeMockContract("sessions");

describe("sessions: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const signOut = (accessToken: string | undefined, body?: unknown) =>
    env.api.callUntyped("DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken }, body });

  it("refreshes with the form-encoded refresh grant: a new access token for the same session, the same refresh token", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await refreshThroughProxy(env.api, project.projectId, session.refreshToken, project.keys.publishableKey);
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 600,
      refresh_token: session.refreshToken,
      scope: expect.any(String),
    });

    const before = decodeJwtPayload(session.accessToken);
    const after = decodeJwtPayload(res.json.access_token);
    expect(after).toMatchObject({ sub: session.userId, refresh_token_id: before.refresh_token_id, aud: project.projectId });
    expect(after.exp - after.iat).toBe(600);

    const me = await env.api.call("GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expectValidThroughProxy(me, 200);
    expect(me.json.id).toBe(session.userId);
  });

  it("accepts the public-client sentinel as the secret and a branch suffix on the client id", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await refreshThroughProxy(env.api, `${project.projectId}#main`, session.refreshToken, "__stack_public_client__");
    expectValidThroughProxy(res, 200);
    expect(decodeJwtPayload(res.json.access_token).sub).toBe(session.userId);
  });

  it("answers an unknown refresh token with 401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", async () => {
    const res = await refreshThroughProxy(env.api, project.projectId, "no-such-refresh-token", project.keys.publishableKey);
    expectKnownErrorThroughProxy(res, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("answers a wrong client secret with 400 INVALID_OAUTH_CLIENT_ID_OR_SECRET", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await refreshThroughProxy(env.api, project.projectId, session.refreshToken, "pck_not_this_project");
    expectKnownErrorThroughProxy(res, 400, "INVALID_OAUTH_CLIENT_ID_OR_SECRET");
    expect(res.json.details).toEqual({ client_id: project.projectId });
  });

  it("does not refresh a session of one project through another project's client id", async () => {
    const other = await bootstrapProject(env.api);
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await refreshThroughProxy(env.api, other.projectId, session.refreshToken, other.keys.publishableKey);
    expectKnownErrorThroughProxy(res, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("signs out: the session's refresh token then fails with REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED, other sessions live on", async () => {
    const first = await signUpThroughProxy(env.api, project.client);
    const second = await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email: first.email, password: PASSWORD } });
    expectValidThroughProxy(second, 200);

    // With the empty JSON body the Stack SDKs send along with this DELETE.
    const res = await signOut(first.accessToken, {});
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ success: true });

    const refresh = await refreshThroughProxy(env.api, project.projectId, first.refreshToken, project.keys.publishableKey);
    expectKnownErrorThroughProxy(refresh, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    const stillAlive = await refreshThroughProxy(env.api, project.projectId, second.json.refresh_token, project.keys.publishableKey);
    expectValidThroughProxy(stillAlive, 200);
  });

  it("answers a second sign-out with the signed-out session's token with 401 ACCESS_TOKEN_EXPIRED", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    expectValidThroughProxy(await signOut(session.accessToken), 200);
    // The token ended with its session (docs/operate.md, "Caches and staleness").
    expectKnownErrorThroughProxy(await signOut(session.accessToken), 401, "ACCESS_TOKEN_EXPIRED");
  });

  it("answers sign-out without a session with 401 USER_AUTHENTICATION_REQUIRED", async () => {
    expectKnownErrorThroughProxy(await signOut(undefined), 401, "USER_AUTHENTICATION_REQUIRED");
  });

  it("answers a garbled access token with 401 UNPARSABLE_ACCESS_TOKEN", async () => {
    expectKnownErrorThroughProxy(await signOut("not-a-jwt"), 401, "UNPARSABLE_ACCESS_TOKEN");
  });

  it("answers another project's access token with 401 INVALID_PROJECT_FOR_ACCESS_TOKEN", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const other = await bootstrapProject(env.api);
    const res = await env.api.call("DELETE", "/auth/sessions/current", { creds: { ...other.client, accessToken: session.accessToken } });
    expectKnownErrorThroughProxy(res, 401, "INVALID_PROJECT_FOR_ACCESS_TOKEN");
    expect(res.json.details).toEqual({ expected_project_id: other.projectId, actual_project_id: project.projectId });
  });

  it("has the document and the server agree that sign-out takes no body fields", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    expectProxyRefusal(await signOut(session.accessToken, { everywhere: true }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.callUntyped("DELETE", "/auth/sessions/current", {
      creds: { ...project.client, accessToken: session.accessToken },
      body: { everywhere: true },
    });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });

  it("has the document refuse a refresh grant of another kind, and the server agree", async () => {
    const form = { grant_type: "password", refresh_token: "x", client_id: project.projectId, client_secret: project.keys.publishableKey };
    expectProxyRefusal(await env.api.call("POST", "/auth/oauth/token", { form }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.call("POST", "/auth/oauth/token", { form });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });

  const sid = (accessToken: string): string => decodeJwtPayload(accessToken).refresh_token_id;

  it("lists the signed-in user's sessions with the SDK's field names, the current one marked", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email: session.email, password: PASSWORD } });
    const res = await env.api.call("GET", "/auth/sessions", { creds: { ...project.client, accessToken: session.accessToken }, query: { user_id: "me" } });
    expectValidThroughProxy(res, 200);
    expect(res.json.is_paginated).toBe(false);
    expect(res.json.items).toHaveLength(2);
    const current = res.json.items.find((s: { is_current_session: boolean }) => s.is_current_session);
    expect(current).toMatchObject({ id: sid(session.accessToken), user_id: session.userId, is_impersonation: false, created_at: expect.any(Number), last_used_at: expect.any(Number) });
  });

  it("refuses a client naming another user with a bare 403, and answers the server with the user's sessions", async () => {
    const a = await signUpThroughProxy(env.api, project.client);
    const b = await signUpThroughProxy(env.api, project.client);
    const refused = await env.api.call("GET", "/auth/sessions", { creds: { ...project.client, accessToken: a.accessToken }, query: { user_id: b.userId } });
    expectPlainRefusalThroughProxy(refused, 403);
    const server = await env.api.call("GET", "/auth/sessions", { creds: project.server, query: { user_id: b.userId } });
    expectValidThroughProxy(server, 200);
    expect(server.json.items.map((s: { id: string }) => s.id)).toEqual([sid(b.accessToken)]);
    const unknown = await env.api.call("GET", "/auth/sessions", { creds: project.server, query: { user_id: "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c" } });
    expectKnownErrorThroughProxy(unknown, 404, "USER_NOT_FOUND");
  });

  it("revokes another session (its refresh token fails at once), refuses the current one, and treats a foreign one as not found", async () => {
    const first = await signUpThroughProxy(env.api, project.client);
    const second = await env.api.call("POST", "/auth/password/sign-in", { creds: project.client, body: { email: first.email, password: PASSWORD } });
    const creds = { ...project.client, accessToken: first.accessToken };
    const revoked = await env.api.call("DELETE", `/auth/sessions/${sid(second.json.access_token)}`, { creds, query: { user_id: "me" } });
    expectValidThroughProxy(revoked, 200);
    expect(revoked.json).toEqual({ success: true });
    expectKnownErrorThroughProxy(await refreshThroughProxy(env.api, project.projectId, second.json.refresh_token, project.keys.publishableKey), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

    const current = await env.api.call("DELETE", `/auth/sessions/${sid(first.accessToken)}`, { creds, query: { user_id: "me" } });
    expectKnownErrorThroughProxy(current, 400, "CANNOT_DELETE_CURRENT_SESSION");

    const other = await signUpThroughProxy(env.api, project.client);
    const foreign = await env.api.call("DELETE", `/auth/sessions/${sid(other.accessToken)}`, { creds, query: { user_id: "me" } });
    expectKnownErrorThroughProxy(foreign, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("creates a session for a user with the server key; USER_ID_DOES_NOT_EXIST for an unknown user", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const res = await env.api.call("POST", "/auth/sessions", { creds: project.server, body: { user_id: user.userId, expires_in_millis: 3_600_000, is_impersonation: true } });
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
    expect(decodeJwtPayload(res.json.access_token).sub).toBe(user.userId);
    const unknown = await env.api.call("POST", "/auth/sessions", { creds: project.server, body: { user_id: "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c" } });
    expectKnownErrorThroughProxy(unknown, 400, "USER_ID_DOES_NOT_EXIST");
    expect(unknown.json.details).toEqual({ user_id: "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c" });
    const asClient = await env.api.call("POST", "/auth/sessions", { creds: project.client, body: { user_id: user.userId } });
    expect(asClient.status).toBeGreaterThanOrEqual(400);
  });

  it("refreshes through POST /auth/sessions/current/refresh with the refresh-token header", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await env.api.call("POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: session.refreshToken } });
    expectValidThroughProxy(res, 200);
    expect(decodeJwtPayload(res.json.access_token)).toMatchObject({ sub: session.userId, refresh_token_id: sid(session.accessToken) });
    const bad = await env.api.call("POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: "nope" } });
    expectKnownErrorThroughProxy(bad, 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("signs up anonymously (anonymous issuer and audience), needs the allow header, and upgrades in place", async () => {
    const anon = await env.api.call("POST", "/auth/anonymous/sign-up", { creds: project.client });
    expectValidThroughProxy(anon, 200);
    const claims = decodeJwtPayload(anon.json.access_token);
    expect(claims).toMatchObject({ sub: anon.json.user_id, is_anonymous: true, aud: `${project.projectId}:anon` });
    expect(claims.iss).toMatch(new RegExp(`/api/v1/projects-anonymous-users/${project.projectId}$`));

    const creds = { ...project.client, accessToken: anon.json.access_token };
    expectKnownErrorThroughProxy(await env.api.call("GET", "/users/me", { creds }), 401, "ANONYMOUS_AUTHENTICATION_NOT_ALLOWED");
    const allow = { "x-stack-allow-anonymous-user": "true" };
    const me = await env.api.call("GET", "/users/me", { creds, headers: allow });
    expectValidThroughProxy(me, 200);
    expect(me.json.is_anonymous).toBe(true);

    const upgraded = await env.api.call("POST", "/auth/password/sign-up", { creds, headers: allow, body: { email: uniqueEmail("upgrade"), password: PASSWORD } });
    expectValidThroughProxy(upgraded, 200);
    expect(upgraded.json.user_id).toBe(anon.json.user_id);
    expect(decodeJwtPayload(upgraded.json.access_token)).toMatchObject({ is_anonymous: false, aud: project.projectId });
  });
});

