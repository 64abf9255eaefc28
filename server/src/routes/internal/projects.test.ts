import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, internalClient, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
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

const asOwner = (accessToken: string) => ({ ...internalClient, accessToken });

describe("POST /internal/projects", () => {
  it("creates a project owned by the caller's team, with the given configuration", async () => {
    const owner = await signUpUser(t, internalClient, { email: uniqueEmail("owner") });
    const me = await call(t, "GET", "/users/me", { creds: asOwner(owner.accessToken) });
    const res = await call(t, "POST", "/internal/projects", {
      creds: asOwner(owner.accessToken),
      body: { display_name: "Shop", description: "Online shop", owner_team_id: me.json.selected_team_id, config: { credential_enabled: false, magic_link_enabled: true } },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      display_name: "Shop",
      description: "Online shop",
      owner_team_id: me.json.selected_team_id,
      is_production_mode: false,
      config: { credential_enabled: false, magic_link_enabled: true, sign_up_enabled: true },
    });
    const listed = await call(t, "GET", "/internal/projects", { creds: asOwner(owner.accessToken) });
    expect(listed.json.items.map((p: { id: string }) => p.id)).toEqual([res.json.id]);
  });

  it("refuses a team the caller does not belong to", async () => {
    const stranger = await signUpUser(t, internalClient, { email: uniqueEmail("stranger") });
    const ownerMe = await call(t, "GET", "/users/me", { creds: asOwner(project.owner.accessToken) });
    const res = await call(t, "POST", "/internal/projects", {
      creds: asOwner(stranger.accessToken),
      body: { display_name: "Hijack", owner_team_id: ownerMe.json.selected_team_id },
    });
    expect(res.json).toMatchObject({ code: "TEAM_MEMBERSHIP_NOT_FOUND", details: { user_id: stranger.userId } });
  });

  it("is only offered on the internal project", async () => {
    const res = await call(t, "GET", "/internal/projects", { creds: { ...project.client, accessToken: project.user.accessToken } });
    expect(res.json.code).toBe("EXPECTED_INTERNAL_PROJECT");
  });

  it.each([
    ["a missing display name", { owner_team_id: "00000000-0000-4000-8000-000000000000" }],
    ["a non-UUID owner team", { display_name: "X", owner_team_id: "team" }],
    ["an unknown config key", { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000", config: { fly: true } }],
    ["a standard e-mail config without its fields", { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000", config: { email_config: { type: "standard" } } }],
    ["a domain with a path", { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000", config: { domains: [{ domain: "https://a.com/x", handler_path: "/handler" }] } }],
    ["a handler path without a leading slash", { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000", config: { domains: [{ domain: "https://a.com", handler_path: "handler" }] } }],
  ])("answers SCHEMA_ERROR for %s", async (_label, body) => {
    const res = await callUntyped(t, "POST", "/internal/projects", { creds: asOwner(project.owner.accessToken), body });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });
});

describe("GET|PATCH /internal/projects/current", () => {
  it("reads the project and its whole configuration", async () => {
    const res = await call(t, "GET", "/internal/projects/current", { creds: project.admin });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: project.projectId, config: { oauth_account_merge_strategy: "link_method", email_config: { type: "shared" } } });
  });

  it("merges configuration changes, and the change governs behaviour at once", async () => {
    const fixture = await createProjectFixture(t);
    const creds = { projectId: fixture.projectId, accessType: "admin", adminAccessToken: fixture.owner.accessToken };
    const res = await call(t, "PATCH", "/internal/projects/current", {
      creds,
      body: {
        display_name: "Renamed",
        config: {
          sign_up_enabled: false,
          domains: [{ domain: "https://*.example.com", handler_path: "/handler" }],
          email_config: { type: "standard", host: "smtp.example.com", port: 587, username: "u", password: "p", sender_name: "App", sender_email: "app@example.com" },
          team_member_default_permissions: [{ id: "read" }],
        },
      },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      display_name: "Renamed",
      config: {
        sign_up_enabled: false,
        credential_enabled: true,
        domains: [{ domain: "https://*.example.com", handler_path: "/handler" }],
        email_config: { type: "standard", host: "smtp.example.com", port: 587, sender_email: "app@example.com" },
        team_member_default_permissions: [{ id: "read" }],
      },
    });
    const signUp = await call(t, "POST", "/auth/password/sign-up", { creds: fixture.client, body: { email: uniqueEmail(), password: "correct horse" } });
    expect(signUp.json.code).toBe("SIGN_UP_NOT_ENABLED");

    const second = await call(t, "PATCH", "/internal/projects/current", { creds, body: { config: { sign_up_enabled: true } } });
    expect(second.json.config).toMatchObject({ sign_up_enabled: true, domains: [{ domain: "https://*.example.com" }] });
  });
});

describe("production mode (SPEC §5 production-mode flags)", () => {
  const patch = (fixture: ProjectFixture, body: unknown) => callUntyped(t, "PATCH", "/internal/projects/current", { creds: fixture.admin, body });
  const http = [{ domain: "http://app.example.com", handler_path: "/handler" }];

  it("refuses to turn on while a trusted domain is not HTTPS or localhost is allowed, changing nothing", async () => {
    const fixture = await createProjectFixture(t, { config: { domains: http } });
    const refused = await patch(fixture, { is_production_mode: true, config: { allow_localhost: false } });
    expect([refused.status, refused.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(refused.json.details.message).toContain("Trusted domains should be HTTPS (http://app.example.com)");
    const unchanged = await call(t, "GET", "/internal/projects/current", { creds: fixture.admin });
    expect(unchanged.json).toMatchObject({ is_production_mode: false, config: { allow_localhost: true } });

    expect((await patch(fixture, { is_production_mode: true, config: { domains: [] } })).json.details.message).toContain("allow_localhost");
    const on = await patch(fixture, { is_production_mode: true, config: { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] } });
    expect(on.status, on.text).toBe(200);
    expect(on.json.is_production_mode).toBe(true);
  });

  it("refuses, once on, non-HTTPS, localhost and direct-IP trusted domains and allowing localhost", async () => {
    const fixture = await createProjectFixture(t);
    expect((await patch(fixture, { is_production_mode: true, config: { allow_localhost: false } })).status).toBe(200);
    for (const domain of ["http://app.example.com", "https://localhost:3000", "https://10.0.0.7"]) {
      const res = await patch(fixture, { config: { domains: [{ domain, handler_path: "/handler" }] } });
      expect([res.status, res.json.code], domain).toEqual([400, "SCHEMA_ERROR"]);
      expect(res.json.details.message).toContain(domain);
    }
    expect((await patch(fixture, { config: { allow_localhost: true } })).json.code).toBe("SCHEMA_ERROR");
    // A development project may keep all of these.
    expect((await patch(fixture, { is_production_mode: false, config: { allow_localhost: true, domains: http } })).status).toBe(200);
  });

  it("is checked when a project is created in production mode too", async () => {
    const me = await call(t, "GET", "/users/me", { creds: asOwner(project.owner.accessToken) });
    const res = await call(t, "POST", "/internal/projects", {
      creds: asOwner(project.owner.accessToken),
      body: { display_name: "Prod", owner_team_id: me.json.selected_team_id, is_production_mode: true, config: { allow_localhost: false, domains: http } },
    });
    expect([res.status, res.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    expect(res.json.details.message).toContain("Trusted domains should be HTTPS");
  });
});

describeSecurity({ operationId: "createProject", method: "POST", path: "/internal/projects", access: ["client", "server", "admin"], body: { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000" }, userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "listProjects", method: "GET", path: "/internal/projects", access: ["client", "server", "admin"], userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "getCurrentProjectAdmin", method: "GET", path: "/internal/projects/current", access: ["admin"] });
describeSecurity({ operationId: "updateCurrentProjectAdmin", method: "PATCH", path: "/internal/projects/current", access: ["admin"], body: { description: "security" } });
