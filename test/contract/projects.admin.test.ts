import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy, type Credentials } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import {
  bootstrapProject,
  internalClient,
  signUpThroughProxy,
  useProxiedServer,
  type ContractProject,
  type Session,
} from "../support/proxied-server";

describeMockContract("projects.admin");

describe("projects.admin: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let owner: Session;
  let teamId: string;

  beforeAll(async () => {
    owner = await signUpThroughProxy(env.api, internalClient);
    const me = await env.api.call("GET", "/users/me", { creds: { ...internalClient, accessToken: owner.accessToken } });
    expectValidThroughProxy(me, 200);
    teamId = me.json.selected_team_id;
  });

  const asOwner = () => ({ ...internalClient, accessToken: owner.accessToken });
  const create = (body: Record<string, unknown>, creds: Credentials = asOwner()) => env.api.callUntyped("POST", "/internal/projects", { creds, body });

  it("creates a project owned by the user's team, with the default configuration", async () => {
    const res = await create({ display_name: "Shop", description: "The shop", owner_team_id: teamId });
    expectValidThroughProxy(res, 201);
    expect(res.json).toMatchObject({
      id: expect.any(String),
      display_name: "Shop",
      description: "The shop",
      owner_team_id: teamId,
      is_production_mode: false,
      logo_url: null,
      config: { sign_up_enabled: true, credential_enabled: true, allow_localhost: true, domains: [], oauth_providers: [] },
    });
    expect(res.json.id).not.toBe("internal");
  });

  it("applies a configuration given at creation", async () => {
    const res = await create({ display_name: "Teams", owner_team_id: teamId, config: { create_team_on_sign_up: true, client_team_creation_enabled: false } });
    expectValidThroughProxy(res, 201);
    expect(res.json.config).toMatchObject({ create_team_on_sign_up: true, client_team_creation_enabled: false });
  });

  it("lists exactly the projects of the user's teams", async () => {
    const mine = await create({ display_name: "Listed", owner_team_id: teamId });
    expectValidThroughProxy(mine, 201);
    const someoneElse = await bootstrapProject(env.api);

    const res = await env.api.call("GET", "/internal/projects", { creds: asOwner() });
    expectValidThroughProxy(res, 200);
    expect(res.json.is_paginated).toBe(false);
    const ids = res.json.items.map((p: { id: string }) => p.id);
    expect(ids).toContain(mine.json.id);
    expect(ids).not.toContain(someoneElse.projectId);
    for (const item of res.json.items) expect(item.owner_team_id).toBe(teamId);
  });

  describe("the current project, as its admin", () => {
    let project: ContractProject;
    beforeAll(async () => {
      project = await bootstrapProject(env.api);
    });

    it("reads the same project with the admin key and with the owner's admin access token", async () => {
      const byKey = await env.api.call("GET", "/internal/projects/current", { creds: project.admin });
      expectValidThroughProxy(byKey, 200);
      const byToken = await env.api.call("GET", "/internal/projects/current", {
        creds: { projectId: project.projectId, accessType: "admin", adminAccessToken: project.owner.accessToken },
      });
      expectValidThroughProxy(byToken, 200);
      expect(byKey.json.id).toBe(project.projectId);
      expect(byToken.json).toEqual(byKey.json);
    });

    it("answers the overview metrics in the published shape", async () => {
      await signUpThroughProxy(env.api, project.client);
      for (const path of ["/internal/metrics", "/internal/metrics?include_anonymous=true"]) {
        const res = await env.api.callUntyped("GET", path, { creds: project.admin });
        expectValidThroughProxy(res, 200);
        expect(res.json.recently_registered.length).toBeGreaterThan(0);
        expect(res.json.auth_overview.daily_active_users_split.total).toHaveLength(31);
      }
    });

    it("updates the project and its configuration, and a later read agrees", async () => {
      const body = {
        display_name: "Renamed",
        description: "Now with a description",
        logo_url: "https://example.com/logo.png",
        config: {
          allow_localhost: false,
          magic_link_enabled: true,
          domains: [{ domain: "https://app.example.com", handler_path: "/handler" }],
          oauth_account_merge_strategy: "raise_error" as const,
        },
      };
      const patch = await env.api.call("PATCH", "/internal/projects/current", { creds: project.admin, body });
      expectValidThroughProxy(patch, 200);
      const read = await env.api.call("GET", "/internal/projects/current", { creds: project.admin });
      expectValidThroughProxy(read, 200);
      for (const res of [patch, read]) {
        expect(res.json).toMatchObject({ display_name: "Renamed", description: "Now with a description", logo_url: "https://example.com/logo.png" });
        expect(res.json.config).toMatchObject(body.config);
      }
    });

    it("answers a wrong admin key with 401 INVALID_SUPER_SECRET_ADMIN_KEY", async () => {
      const res = await env.api.call("GET", "/internal/projects/current", { creds: { ...project.admin, adminKey: "sak_wrong" } });
      expectKnownErrorThroughProxy(res, 401, "INVALID_SUPER_SECRET_ADMIN_KEY");
      expect(res.json.details).toEqual({ project_id: project.projectId });
    });

    it("answers the admin token of someone who does not own the project with 401 ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN", async () => {
      const res = await env.api.call("GET", "/internal/projects/current", {
        creds: { projectId: project.projectId, accessType: "admin", adminAccessToken: owner.accessToken },
      });
      expectKnownErrorThroughProxy(res, 401, "ADMIN_ACCESS_TOKEN_IS_NOT_ADMIN");
    });

    it("has the document and the server agree that a malformed domain is refused", async () => {
      const body = { config: { domains: [{ domain: "ftp://files.example.com", handler_path: "/handler" }] } };
      expectProxyRefusal(await env.api.call("PATCH", "/internal/projects/current", { creds: project.admin, body }), "UNPROCESSABLE_ENTITY");
      const direct = await env.direct.call("PATCH", "/internal/projects/current", { creds: project.admin, body });
      expect(direct.status).toBe(400);
      expect(direct.json.code).toBe("SCHEMA_ERROR");
    });
  });

  it("answers creation on a project other than internal with 401 EXPECTED_INTERNAL_PROJECT", async () => {
    const project = await bootstrapProject(env.api);
    const user = await signUpThroughProxy(env.api, project.client);
    const res = await create({ display_name: "Nested", owner_team_id: teamId }, { ...project.client, accessToken: user.accessToken });
    expectKnownErrorThroughProxy(res, 401, "EXPECTED_INTERNAL_PROJECT");
  });

  it("answers creation without a user session with 401 USER_AUTHENTICATION_REQUIRED", async () => {
    expectKnownErrorThroughProxy(await create({ display_name: "Anon", owner_team_id: teamId }, internalClient), 401, "USER_AUTHENTICATION_REQUIRED");
    expectKnownErrorThroughProxy(await env.api.call("GET", "/internal/projects", { creds: internalClient }), 401, "USER_AUTHENTICATION_REQUIRED");
  });

  it("answers creation for a team the user is not in with 404 TEAM_MEMBERSHIP_NOT_FOUND", async () => {
    const stranger = await signUpThroughProxy(env.api, internalClient);
    const res = await create({ display_name: "Hijack", owner_team_id: teamId }, { ...internalClient, accessToken: stranger.accessToken });
    expectKnownErrorThroughProxy(res, 404, "TEAM_MEMBERSHIP_NOT_FOUND");
  });
});
