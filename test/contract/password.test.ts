import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { decodeJwtPayload, expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, PASSWORD, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("password");

describe("password: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const signUp = (body: unknown, creds = project.client) => env.api.callUntyped("POST", "/auth/password/sign-up", { creds, body });
  const signIn = (body: unknown, creds = project.client) => env.api.callUntyped("POST", "/auth/password/sign-in", { creds, body });

  it("signs a user up with tokens whose claims describe the user and the project", async () => {
    const email = uniqueEmail("signup");
    const session = await signUpThroughProxy(env.api, project.client, email);

    const claims = decodeJwtPayload(session.accessToken);
    expect(claims).toMatchObject({
      sub: session.userId,
      aud: project.projectId,
      iss: `${env.server.url}/api/v1/projects/${project.projectId}`,
      project_id: project.projectId,
      branch_id: "main",
      role: "authenticated",
      email,
      email_verified: false,
      is_anonymous: false,
    });

    const me = await env.api.call("GET", "/users/me", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(me, 200);
    expect(me.json).toMatchObject({ id: session.userId, primary_email: email, has_password: true, display_name: null });
  });

  it("signs the user in again with a new session for the same user", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await signIn({ email: session.email, password: PASSWORD });
    expectValidThroughProxy(res, 200);
    expect(res.json.user_id).toBe(session.userId);
    expect(res.json.refresh_token).not.toBe(session.refreshToken);
    expect(decodeJwtPayload(res.json.access_token).refresh_token_id).not.toBe(decodeJwtPayload(session.accessToken).refresh_token_id);
  });

  it("answers a second sign-up for the same address with the documented 409 USER_EMAIL_ALREADY_EXISTS", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await signUp({ email: session.email, password: PASSWORD });
    expectKnownErrorThroughProxy(res, 409, "USER_EMAIL_ALREADY_EXISTS");
    expect(res.json.details).toEqual({ email: session.email, would_work_if_email_was_verified: false });
  });

  it("answers a wrong password and an unknown address alike, with 400 EMAIL_PASSWORD_MISMATCH", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const wrong = await signIn({ email: session.email, password: "not the password" });
    const unknown = await signIn({ email: uniqueEmail("nobody"), password: "not the password" });
    expectKnownErrorThroughProxy(wrong, 400, "EMAIL_PASSWORD_MISMATCH");
    expectKnownErrorThroughProxy(unknown, 400, "EMAIL_PASSWORD_MISMATCH");
    expect(wrong.json).toEqual(unknown.json);
  });

  it("answers a too short password with 400 PASSWORD_TOO_SHORT and its details", async () => {
    const res = await signUp({ email: uniqueEmail(), password: "short" });
    expectKnownErrorThroughProxy(res, 400, "PASSWORD_TOO_SHORT");
    expect(res.json.details).toEqual({ min_length: 8 });
  });

  it("answers a wrong publishable key with 401 INVALID_PUBLISHABLE_CLIENT_KEY", async () => {
    const res = await signIn({ email: uniqueEmail(), password: PASSWORD }, { ...project.client, publishableKey: "pck_wrong" });
    expectKnownErrorThroughProxy(res, 401, "INVALID_PUBLISHABLE_CLIENT_KEY");
    expect(res.json.details).toEqual({ project_id: project.projectId });
  });

  it("answers an unknown access type with 400 INVALID_ACCESS_TYPE", async () => {
    const res = await signIn({ email: uniqueEmail(), password: PASSWORD }, { ...project.client, accessType: "root" });
    expectKnownErrorThroughProxy(res, 400, "INVALID_ACCESS_TYPE");
  });

  it("answers an unknown project with 400 CURRENT_PROJECT_NOT_FOUND", async () => {
    const projectId = "00000000-0000-4000-8000-000000000000";
    const res = await signIn({ email: uniqueEmail(), password: PASSWORD }, { projectId, accessType: "client" });
    expectKnownErrorThroughProxy(res, 400, "CURRENT_PROJECT_NOT_FOUND");
    expect(res.json.details).toEqual({ project_id: projectId });
  });

  it("answers sign-up with 400 SIGN_UP_NOT_ENABLED once the project closes sign-up, and still lets users sign in", async () => {
    const closed = await bootstrapProject(env.api);
    const existing = await signUpThroughProxy(env.api, closed.client);
    const patch = await env.api.call("PATCH", "/internal/projects/current", { creds: closed.admin, body: { config: { sign_up_enabled: false } } });
    expectValidThroughProxy(patch, 200);
    expect(patch.json.config.sign_up_enabled).toBe(false);

    expectKnownErrorThroughProxy(await signUp({ email: uniqueEmail(), password: PASSWORD }, closed.client), 400, "SIGN_UP_NOT_ENABLED");
    expectValidThroughProxy(await signIn({ email: existing.email, password: PASSWORD }, closed.client), 200);
  });

  it("has the document and the server agree that unknown body keys are refused", async () => {
    const body = { email: uniqueEmail(), password: PASSWORD, is_admin: true };
    expectProxyRefusal(await signUp(body), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.call("POST", "/auth/password/sign-up", { creds: project.client, body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });

  it("has the document and the server agree that a project id is required", async () => {
    const { projectId: _omitted, ...rest } = project.client;
    const headers = { "x-stack-access-type": "client", "x-stack-publishable-client-key": rest.publishableKey! };
    const body = { email: uniqueEmail(), password: PASSWORD };
    expectProxyRefusal(await env.api.call("POST", "/auth/password/sign-in", { headers, body }), "UNAUTHORIZED");
    const direct = await env.direct.call("POST", "/auth/password/sign-in", { headers, body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("ACCESS_TYPE_WITHOUT_PROJECT_ID");
  });
});
