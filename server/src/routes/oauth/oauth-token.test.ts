import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

async function exchange(fields: Record<string, string>) {
  const res = await t.request("/api/v1/auth/oauth/token", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
  });
  return { status: res.status, json: (await res.json()) as any, headers: res.headers };
}

const grant = (refreshToken: string, overrides: Record<string, string> = {}) => ({
  grant_type: "refresh_token",
  refresh_token: refreshToken,
  client_id: project.projectId,
  client_secret: project.keys.publishableKey,
  ...overrides,
});

describe("POST /auth/oauth/token (refresh grant)", () => {
  it("answers a new, working access token and the same refresh token", async () => {
    const user = await signUpUser(t, project.client);
    const res = await exchange(grant(user.refreshToken));
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      access_token: expect.any(String),
      token_type: "Bearer",
      expires_in: 600,
      refresh_token: user.refreshToken,
      scope: expect.any(String),
    });
    const me = await call(t, "GET", "/users/me", { creds: { ...project.client, accessToken: res.json.access_token } });
    expect(me.json.id).toBe(user.userId);
  });

  it("accepts the public-client sentinel when the project needs no publishable key", async () => {
    const user = await signUpUser(t, project.client);
    expect((await exchange(grant(user.refreshToken, { client_secret: "__stack_public_client__" }))).status).toBe(200);
  });

  it("accepts a branch in client_id", async () => {
    const user = await signUpUser(t, project.client);
    expect((await exchange(grant(user.refreshToken, { client_id: `${project.projectId}#main` }))).status).toBe(200);
  });

  it.each([
    ["an unknown project", { client_id: "00000000-0000-4000-8000-000000000000" }],
    ["a wrong publishable key", { client_secret: "pck_wrong" }],
    ["an unknown branch", { client_id: "PROJECT#nope" }],
  ])("rejects %s with INVALID_OAUTH_CLIENT_ID_OR_SECRET", async (_label, overrides) => {
    const user = await signUpUser(t, project.client);
    const fields = grant(user.refreshToken, overrides);
    fields.client_id = fields.client_id.replace("PROJECT", project.projectId);
    const res = await exchange(fields);
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INVALID_OAUTH_CLIENT_ID_OR_SECRET");
    expect(res.json.details).toEqual({ client_id: fields.client_id });
  });

  it("does not accept one project's refresh token for another project", async () => {
    const other = await createProjectFixture(t);
    const res = await exchange(grant(other.user.refreshToken));
    expect(res.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("rejects unknown refresh tokens", async () => {
    const res = await exchange(grant("not-a-refresh-token"));
    expect(res.status).toBe(401);
    expect(res.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it("stops refreshing at once after sign-out", async () => {
    const user = await signUpUser(t, project.client);
    const out = await call(t, "DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken: user.accessToken } });
    expect(out.json).toEqual({ success: true });
    const res = await exchange(grant(user.refreshToken));
    expect(res.json.code).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  });

  it.each([
    ["an unsupported grant type", { grant_type: "password" }],
    ["a missing refresh token", { refresh_token: "" }],
  ])("answers SCHEMA_ERROR for %s", async (_label, overrides) => {
    const res = await exchange(grant("whatever", overrides));
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });

  it("ignores parameters it does not recognise, as OAuth requires", async () => {
    const user = await signUpUser(t, project.client);
    expect((await exchange(grant(user.refreshToken, { resource: "https://api.example.com" }))).status).toBe(200);
  });

  it("needs no x-stack headers and is not subject to access-type resolution", async () => {
    const user = await signUpUser(t, project.client);
    const res = await exchange(grant(user.refreshToken));
    expect(res.headers.get("x-stack-known-error")).toBeNull();
  });
});
