import { beforeAll, describe, expect, it } from "vitest";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import {
  bootstrapProject,
  PASSWORD,
  refreshThroughProxy,
  signUpThroughProxy,
  useProxiedServer,
  type ContractProject,
} from "../support/proxied-server";

describeMockContract("sessions-and-tokens");

describe("sessions-and-tokens: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const signOut = (accessToken: string | undefined, body?: unknown) =>
    env.api.call("DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken }, body });

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

  it("answers a second sign-out of the same session with 401 REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    expectValidThroughProxy(await signOut(session.accessToken), 200);
    expectKnownErrorThroughProxy(await signOut(session.accessToken), 401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
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
    const direct = await env.direct.call("DELETE", "/auth/sessions/current", {
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
});
