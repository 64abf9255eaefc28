/**
 * Restricted users: a user whose primary e-mail is not verified while the project requires
 * verification (`onboarding.requireEmailVerification`), or whom an admin restricted. Their
 * tokens say so (is_restricted, restricted_reason), and a request made with one is refused
 * with RESTRICTED_USER_NOT_ALLOWED unless the caller says it accepts restricted users
 * (x-stack-allow-restricted-user, or allow-anonymous-user, which the SDKs always send).
 */
import { decodeJwt } from "jose";
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
  const required = await call(t, "PATCH", "/internal/config/override/environment", {
    creds: project.admin,
    body: { config_override_string: JSON.stringify({ "onboarding.requireEmailVerification": true }) },
  });
  expect(required.status).toBe(200);
});

const me = (accessToken: string, headers: Record<string, string> = {}) =>
  call(t, "GET", "/users/me", { creds: { ...project.client, accessToken }, headers });

describe("restricted users", () => {
  it("refuses an unverified user's token without the header, and answers with it, marked restricted", async () => {
    const user = await signUpUser(t, project.client);
    expect(decodeJwt(user.accessToken)).toMatchObject({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });

    const refused = await me(user.accessToken);
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "RESTRICTED_USER_NOT_ALLOWED", details: { restricted_reason: { type: "email_not_verified" } } });

    for (const header of ["x-stack-allow-restricted-user", "x-hexclave-allow-restricted-user", "x-stack-allow-anonymous-user"]) {
      const allowed = await me(user.accessToken, { [header]: "true" });
      expect(allowed.status, header).toBe(200);
      expect(allowed.json).toMatchObject({ is_restricted: true, restricted_reason: { type: "email_not_verified" } });
    }
  });

  it("lifts the restriction once the e-mail is verified: the next token is a full user's", async () => {
    const user = await signUpUser(t, project.client);
    const verified = await call(t, "PATCH", `/users/${user.userId}`, { creds: project.server, body: { primary_email_verified: true } });
    expect(verified.status, verified.text).toBe(200);
    expect(verified.json).toMatchObject({ is_restricted: false, restricted_reason: null });
    const refreshed = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...project.client, refreshToken: user.refreshToken } });
    expect(refreshed.status).toBe(200);
    expect(decodeJwt(refreshed.json.access_token)).toMatchObject({ is_restricted: false, restricted_reason: null });
    expect((await me(refreshed.json.access_token)).status).toBe(200);
  });

  it("restricts a user an admin restricted, in a project that does not require verification", async () => {
    const open = await createProjectFixture(t);
    const user = await signUpUser(t, open.client);
    expect((await call(t, "GET", "/users/me", { creds: { ...open.client, accessToken: user.accessToken } })).status).toBe(200);
    const restricted = await call(t, "PATCH", `/users/${user.userId}`, {
      creds: open.server,
      body: { restricted_by_admin: true, restricted_by_admin_reason: "chargeback" },
    });
    expect(restricted.status, restricted.text).toBe(200);
    const refreshed = await call(t, "POST", "/auth/sessions/current/refresh", { creds: { ...open.client, refreshToken: user.refreshToken } });
    const refused = await call(t, "GET", "/users/me", { creds: { ...open.client, accessToken: refreshed.json.access_token } });
    expect(refused.json).toMatchObject({ code: "RESTRICTED_USER_NOT_ALLOWED", details: { restricted_reason: { type: "restricted_by_administrator" } } });
  });

  it("lists restricted users only when asked to", async () => {
    const user = await signUpUser(t, project.client);
    const listed = async (query: string) =>
      (await call(t, "GET", `/users?${query}`, { creds: project.server })).json.items.map((u: { id: string }) => u.id) as string[];
    expect(await listed("limit=200")).not.toContain(user.userId);
    expect(await listed("limit=200&include_restricted=true")).toContain(user.userId);
  });
});
