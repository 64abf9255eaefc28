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

describe("an administrator's restriction: its reason and private details", () => {
  const patch = (userId: string, body: Record<string, unknown>) => call(t, "PATCH", `/users/${userId}`, { creds: project.server, body: body as never });
  const read = async (userId: string) => (await call(t, "GET", `/users/${userId}`, { creds: project.server })).json;

  it("go only with the restriction: SCHEMA_ERROR for a user who is not or will not be restricted", async () => {
    const user = await signUpUser(t, project.client);
    for (const body of [
      { restricted_by_admin: false, restricted_by_admin_reason: "Under review" },
      { restricted_by_admin: false, restricted_by_admin_private_details: "Flagged" },
      { restricted_by_admin_reason: "Under review" },
    ]) {
      const res = await patch(user.userId, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
    }
    expect(await read(user.userId)).toMatchObject({ restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: null });
    // Nulls and empty strings say nothing, so they pass.
    expect((await patch(user.userId, { restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: "" })).status).toBe(200);
    const created = await call(t, "POST", "/users", { creds: project.server, body: { restricted_by_admin_reason: "x" } as never });
    expect(created.json.code).toBe("SCHEMA_ERROR");
  });

  it("are cleared when the restriction is lifted, without naming them", async () => {
    const user = await signUpUser(t, project.client);
    expect((await patch(user.userId, { restricted_by_admin: true, restricted_by_admin_reason: "Under review", restricted_by_admin_private_details: "Flagged" })).status).toBe(200);
    // A restricted user's reason may change on its own.
    expect((await patch(user.userId, { restricted_by_admin_reason: "Still under review" })).json.restricted_by_admin_reason).toBe("Still under review");
    expect((await patch(user.userId, { restricted_by_admin: false })).status).toBe(200);
    expect(await read(user.userId)).toMatchObject({ restricted_by_admin: false, restricted_by_admin_reason: null, restricted_by_admin_private_details: null });
  });
});

describe("sign-up risk scores and country", () => {
  it("are set and read with server access, bounded to whole numbers from 0 to 100 and 2-letter codes", async () => {
    const created = await call(t, "POST", "/users", {
      creds: project.server,
      body: { primary_email: `risk-${Date.now()}@example.com`, country_code: "fr", risk_scores: { sign_up: { bot: 55, free_trial_abuse: 42 } } } as never,
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({ country_code: "FR", risk_scores: { sign_up: { bot: 55, free_trial_abuse: 42 } } });
    const plain = await call(t, "POST", "/users", { creds: project.server, body: { primary_email: `plain-${Date.now()}@example.com` } });
    expect(plain.json).toMatchObject({ country_code: null, risk_scores: { sign_up: { bot: 0, free_trial_abuse: 0 } } });

    const updated = await call(t, "PATCH", `/users/${plain.json.id}`, { creds: project.server, body: { risk_scores: { sign_up: { bot: 75, free_trial_abuse: 30 } } } as never });
    expect(updated.json.risk_scores).toEqual({ sign_up: { bot: 75, free_trial_abuse: 30 } });
    for (const bad of [{ bot: 101, free_trial_abuse: 0 }, { bot: 50.5, free_trial_abuse: 0 }, { bot: -1, free_trial_abuse: 0 }]) {
      const res = await call(t, "PATCH", `/users/${plain.json.id}`, { creds: project.server, body: { risk_scores: { sign_up: bad } } as never });
      expect(res.json.code, JSON.stringify(bad)).toBe("SCHEMA_ERROR");
    }
    expect((await call(t, "PATCH", `/users/${plain.json.id}`, { creds: project.server, body: { country_code: "FRA" } as never })).json.code).toBe("SCHEMA_ERROR");
  });

  it("are not the user's to see or change: client access neither reads nor writes them", async () => {
    const user = await signUpUser(t, project.client);
    const own = await me(user.accessToken, { "x-stack-allow-restricted-user": "true" });
    expect(own.json).not.toHaveProperty("risk_scores");
    const res = await call(t, "PATCH", "/users/me", {
      creds: { ...project.client, accessToken: user.accessToken },
      headers: { "x-stack-allow-restricted-user": "true" },
      body: { risk_scores: { sign_up: { bot: 99, free_trial_abuse: 99 } } } as never,
    });
    expect(res.status).toBe(400);
  });
});
