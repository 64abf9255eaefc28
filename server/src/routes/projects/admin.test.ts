import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, internalClient, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import { TEST_INTERNAL_KEYS, type TestApp } from "../../testing/test-server";

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

describe("DELETE /internal/projects/current", () => {
  it("deletes the project with everything it holds in one go, and its keys and tokens stop working at once", async () => {
    const doomed = await createProjectFixture(t);
    const userCreds = { ...doomed.client, accessToken: doomed.user.accessToken };
    expect((await call(t, "GET", "/users/me", { creds: userCreds })).status).toBe(200);
    const teamMade = await call(t, "POST", "/teams", { creds: doomed.server, body: { display_name: "Doomed team" } });
    expect(teamMade.status).toBe(201);

    const deleted = await call(t, "DELETE", "/internal/projects/current", { creds: doomed.admin });
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json).toEqual({ success: true });

    for (const table of ["projects", "branches", "config_overrides", "api_key_sets", "signing_keys", "users", "contact_channels", "sessions", "teams", "team_members", "user_counts", "daily_active_counts", "last_active_counts", "team_counts", "user_activity_days"]) {
      const column = table === "projects" ? "id" : "project_id";
      expect(await t.db.query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [doomed.projectId]), table).toHaveLength(0);
    }
    expect((await call(t, "GET", "/users/me", { creds: userCreds })).json.code).toBe("CURRENT_PROJECT_NOT_FOUND");
    expect((await call(t, "GET", "/internal/projects/current", { creds: doomed.admin })).json.code).toBe("CURRENT_PROJECT_NOT_FOUND");
    const listed = await call(t, "GET", "/internal/projects", { creds: asOwner(doomed.owner.accessToken) });
    expect(listed.json.items.map((p: { id: string }) => p.id)).not.toContain(doomed.projectId);
    // Other projects are untouched.
    expect((await call(t, "GET", "/internal/projects/current", { creds: project.admin })).status).toBe(200);
  });

  it("refuses to delete the internal project, even to its own admin key", async () => {
    const res = await call(t, "DELETE", "/internal/projects/current", {
      creds: { projectId: "internal", accessType: "admin", adminKey: TEST_INTERNAL_KEYS.superSecretAdminKey },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("INTERNAL_PROJECT_CANNOT_BE_DELETED");
    expect(await t.db.query("SELECT 1 FROM projects WHERE id = 'internal'")).toHaveLength(1);
  });
});

describe("POST /internal/projects/transfer", () => {
  async function teamOf(accessToken: string, name: string) {
    const team = await call(t, "POST", "/teams", { creds: asOwner(accessToken), body: { display_name: name, creator_user_id: "me" } });
    expect(team.status, team.text).toBe(201);
    return team.json.id as string;
  }

  it("moves a project the user owns to another of their teams; the old team's other members lose it", async () => {
    const owned = await createProjectFixture(t);
    const newTeam = await teamOf(owned.owner.accessToken, "Agency");
    const moved = await call(t, "POST", "/internal/projects/transfer", {
      creds: asOwner(owned.owner.accessToken),
      body: { project_id: owned.projectId, new_team_id: newTeam },
    });
    expect(moved.status, moved.text).toBe(200);
    expect((await call(t, "GET", "/internal/projects/current", { creds: owned.admin })).json.owner_team_id).toBe(newTeam);
    const listed = await call(t, "GET", "/internal/projects", { creds: asOwner(owned.owner.accessToken) });
    expect(listed.json.items.map((p: { id: string }) => p.id)).toContain(owned.projectId);
  });

  it("refuses a project the user does not own, and a team the user is not in", async () => {
    const owned = await createProjectFixture(t);
    const stranger = await signUpUser(t, internalClient, { email: uniqueEmail("transfer-stranger") });
    const strangerTeam = await teamOf(stranger.accessToken, "Stranger team");
    const notOwner = await call(t, "POST", "/internal/projects/transfer", {
      creds: asOwner(stranger.accessToken),
      body: { project_id: owned.projectId, new_team_id: strangerTeam },
    });
    expect(notOwner.json).toMatchObject({ code: "PROJECT_NOT_FOUND", details: { project_id: owned.projectId } });
    const notMember = await call(t, "POST", "/internal/projects/transfer", {
      creds: asOwner(owned.owner.accessToken),
      body: { project_id: owned.projectId, new_team_id: strangerTeam },
    });
    expect(notMember.json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await call(t, "GET", "/internal/projects/current", { creds: owned.admin })).json.owner_team_id).not.toBe(strangerTeam);
  });
});

describe("Stack Auth's project shape", () => {
  const internalServer = { projectId: "internal", accessType: "server" as const, secretKey: TEST_INTERNAL_KEYS.secretServerKey };

  it("reads the logo variants, the onboarding status and no Gatehouse-only fields a project has not set", async () => {
    const fresh = await createProjectFixture(t);
    const read = await call(t, "GET", "/internal/projects/current", { creds: fresh.admin });
    expect(read.json).toMatchObject({ logo_url: null, logo_full_url: null, logo_dark_mode_url: null, logo_full_dark_mode_url: null, onboarding_status: "completed" });
    expect(read.json).not.toHaveProperty("full_logo_url");
    expect(read.json).not.toHaveProperty("is_development_environment");
    expect(read.json.config).not.toHaveProperty("anonymous_sign_up_enabled");
    expect(read.json.config).not.toHaveProperty("rate_limits");
  });

  it("writes the logos under the SDK's names (and the old full_logo_url), the onboarding status, and shows Gatehouse's fields once set", async () => {
    const fresh = await createProjectFixture(t);
    const logo = "https://example.com/logo.png";
    const updated = await call(t, "PATCH", "/internal/projects/current", {
      creds: fresh.admin,
      body: {
        logo_full_url: logo,
        logo_dark_mode_url: `${logo}?dark`,
        logo_full_dark_mode_url: `${logo}?full-dark`,
        onboarding_status: "auth_setup",
        config: { anonymous_sign_up_enabled: false, rate_limits: { sign_in_per_ip: { max: 5 } }, require_email_verification: true },
      },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json).toMatchObject({ logo_full_url: logo, logo_dark_mode_url: `${logo}?dark`, logo_full_dark_mode_url: `${logo}?full-dark`, onboarding_status: "auth_setup" });
    expect(updated.json.config).toMatchObject({ anonymous_sign_up_enabled: false, rate_limits: { sign_in_per_ip: { max: 5 } } });
    const old = await call(t, "PATCH", "/internal/projects/current", { creds: fresh.admin, body: { full_logo_url: null } });
    expect(old.json.logo_full_url).toBeNull();
    const config = JSON.parse((await call(t, "GET", "/internal/config", { creds: fresh.admin })).json.config_string);
    expect(config.onboarding.requireEmailVerification).toBe(true);
    const refused = await call(t, "PATCH", "/internal/projects/current", { creds: fresh.admin, body: { onboarding_status: "halfway" } as never });
    expect(refused.json.code).toBe("SCHEMA_ERROR");
  });

  it("marks a project created as a development environment", async () => {
    const owner = await signUpUser(t, internalClient, { email: uniqueEmail("dev-env") });
    const me = await call(t, "GET", "/users/me", { creds: asOwner(owner.accessToken) });
    const created = await call(t, "POST", "/internal/projects", {
      creds: asOwner(owner.accessToken),
      body: { display_name: "Dev", owner_team_id: me.json.selected_team_id, is_development_environment: true },
    });
    expect(created.status, created.text).toBe(201);
    expect(created.json.is_development_environment).toBe(true);
  });

  it("stores Apple bundle ids of a provider and reads them back", async () => {
    const fresh = await createProjectFixture(t);
    const updated = await call(t, "PATCH", "/internal/projects/current", {
      creds: fresh.admin,
      body: { config: { oauth_providers: [{ id: "apple", type: "standard", client_id: "c", client_secret: "s", apple_bundle_ids: ["com.example.app"] }] } },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.json.config.oauth_providers).toEqual([
      { id: "apple", provider_config_id: "apple", type: "standard", client_id: "c", client_secret: "s", apple_bundle_ids: ["com.example.app"] },
    ]);
  });

  it("refuses an e-mail theme the project does not have with a 400 sentence as text, and unknown e-mail config fields", async () => {
    const fresh = await createProjectFixture(t);
    const theme = await call(t, "PATCH", "/internal/projects/current", { creds: fresh.admin, body: { config: { email_theme: "some-invalid-theme" } } });
    expect(theme.status).toBe(400);
    expect(theme.headers.get("content-type")).toContain("text/plain");
    expect(theme.text).toContain("e-mail theme");
    const unknownField = await call(t, "PATCH", "/internal/projects/current", {
      creds: fresh.admin,
      body: { config: { email_config: { type: "shared", client_id: "x" } } } as never,
    });
    expect(unknownField.json.code).toBe("SCHEMA_ERROR");
  });

  it("answers a transfer with the string \"true\", and asks team_admin of the owning team", async () => {
    const owned = await createProjectFixture(t);
    const ownerMe = await call(t, "GET", "/users/me", { creds: asOwner(owned.owner.accessToken) });
    const ownerTeam = ownerMe.json.selected_team_id as string;
    const member = await signUpUser(t, internalClient, { email: uniqueEmail("plain-member") });
    const joined = await call(t, "POST", `/team-memberships/${ownerTeam}/${member.userId}` as "/team-memberships/{team_id}/{user_id}", { creds: internalServer, body: {} });
    expect(joined.status, joined.text).toBe(201);
    const memberTeam = (await call(t, "GET", "/users/me", { creds: asOwner(member.accessToken) })).json.selected_team_id as string;
    const refused = await call(t, "POST", "/internal/projects/transfer", {
      creds: asOwner(member.accessToken),
      body: { project_id: owned.projectId, new_team_id: memberTeam },
    });
    expect(refused.status).toBe(401);
    expect(refused.json).toMatchObject({ code: "TEAM_PERMISSION_REQUIRED", details: { team_id: ownerTeam, user_id: member.userId, permission_id: "team_admin" } });

    const target = await call(t, "POST", "/teams", { creds: asOwner(owned.owner.accessToken), body: { display_name: "Target", creator_user_id: "me" } });
    const moved = await call(t, "POST", "/internal/projects/transfer", {
      creds: asOwner(owned.owner.accessToken),
      body: { project_id: owned.projectId, new_team_id: target.json.id },
    });
    expect(moved.json).toEqual({ success: "true" });
  });
});

describeSecurity({ operationId: "deleteCurrentProject", method: "DELETE", path: "/internal/projects/current", access: ["admin"] });
describeSecurity({
  operationId: "transferProject",
  method: "POST",
  path: "/internal/projects/transfer",
  access: ["client", "server", "admin"],
  body: { project_id: "p", new_team_id: "00000000-0000-4000-8000-000000000000" },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
});
describeSecurity({ operationId: "createProject", method: "POST", path: "/internal/projects", access: ["client", "server", "admin"], body: { display_name: "X", owner_team_id: "00000000-0000-4000-8000-000000000000" }, userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "listProjects", method: "GET", path: "/internal/projects", access: ["client", "server", "admin"], userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "getCurrentProjectAdmin", method: "GET", path: "/internal/projects/current", access: ["admin"] });
describeSecurity({ operationId: "updateCurrentProjectAdmin", method: "PATCH", path: "/internal/projects/current", access: ["admin"], body: { description: "security" } });
