import { beforeAll, describe, expect, it } from "vitest";
import { insertTeamMember } from "../../db/queries/teams";
import { hasTeamPermission } from "../../services/permissions/check";
import { createTeamForCreator } from "../../services/teams/team-membership";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, WITHOUT_STARTER_GRANTS, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import { asProjectUser, describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const admin = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>, fixture = project) => call<M, P>(t, method, path, { creds: fixture.admin, body });
// For deliberately invalid bodies and paths built at run time.
const adminUntyped = (method: HttpMethod, path: string, body?: unknown, fixture = project) => callUntyped(t, method, path, { creds: fixture.admin, body });
const serverUntyped = (method: HttpMethod, path: string, body?: unknown, fixture = project) => callUntyped(t, method, path, { creds: fixture.server, body });
const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>, fixture = project) => call<M, P>(t, method, path, { creds: fixture.server, body });

const withoutStarterGrants = () => createProjectFixture(t, { config: WITHOUT_STARTER_GRANTS });

async function teamWith(fixture: ProjectFixture, creator: SignedInUser, ...members: SignedInUser[]): Promise<string> {
  const tenancy = await t.deps.tenancies.load(fixture.projectId);
  const team = await createTeamForCreator(t.db, tenancy, creator.userId, { displayName: "Perm team" });
  for (const member of members) await insertTeamMember(t.db, tenancy, team.id, member.userId);
  return team.id;
}

describe("permission definitions", () => {
  it("starts a project with the six system permissions, starter admin and member definitions as the team defaults, and no project permissions", async () => {
    const fresh = await createProjectFixture(t);
    const team = await admin("GET", "/team-permission-definitions", undefined, fresh);
    expect(team.status).toBe(200);
    const byId = new Map(team.json.items.map((d: { id: string; contained_permission_ids: string[] }) => [d.id, d.contained_permission_ids]));
    expect([...byId.keys()].sort()).toEqual(
      ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team", "team_admin", "team_member"],
    );
    expect((byId.get("team_admin") as string[]).sort()).toEqual(
      ["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team"],
    );
    expect((byId.get("team_member") as string[]).sort()).toEqual(["$invite_members", "$read_members"]);
    expect((await admin("GET", "/project-permission-definitions", undefined, fresh)).json).toEqual({ items: [], is_paginated: false });
    const { config } = (await admin("GET", "/internal/projects/current", undefined, fresh)).json;
    expect(config).toMatchObject({
      team_creator_default_permissions: [{ id: "team_admin" }],
      team_member_default_permissions: [{ id: "team_member" }],
      user_default_permissions: [],
    });
  });

  it("lets a project be created with its own default sets in place of the starter ones", async () => {
    const fresh = await createProjectFixture(t, { config: { team_member_default_permissions: [] } });
    const { config } = (await admin("GET", "/internal/projects/current", undefined, fresh)).json;
    expect(config).toMatchObject({ team_creator_default_permissions: [{ id: "team_admin" }], team_member_default_permissions: [] });
  });

  it("creates, updates, renames and deletes team definitions, keeping containment consistent", async () => {
    const fx = await createProjectFixture(t);
    const read = await admin("POST", "/team-permission-definitions", { id: "docs:read", description: "Read docs" }, fx);
    expect(read.status).toBe(201);
    expect(read.json).toEqual({ id: "docs:read", description: "Read docs", contained_permission_ids: [] });
    const write = await admin("POST", "/team-permission-definitions", { id: "docs:write", contained_permission_ids: ["docs:read", "$read_members"] }, fx);
    // Contained ids come in id order ("$" system ids first), as Stack Auth lists them.
    expect(write.json.contained_permission_ids).toEqual(["$read_members", "docs:read"]);

    const renamed = await admin("PATCH", "/team-permission-definitions/docs:read", { id: "docs:view", description: "View" }, fx);
    expect(renamed.json).toEqual({ id: "docs:view", description: "View", contained_permission_ids: [] });
    const list = await admin("GET", "/team-permission-definitions", undefined, fx);
    expect(list.json.items.find((d: { id: string }) => d.id === "docs:write").contained_permission_ids).toEqual(["$read_members", "docs:view"]);

    expect((await admin("DELETE", "/team-permission-definitions/docs:view", undefined, fx)).json).toEqual({ success: true });
    const after = await admin("GET", "/team-permission-definitions", undefined, fx);
    expect(after.json.items.find((d: { id: string }) => d.id === "docs:write").contained_permission_ids).toEqual(["$read_members"]);
    expect((await admin("DELETE", "/team-permission-definitions/docs:view", undefined, fx)).json.code).toBe("PERMISSION_NOT_FOUND");
  });

  it("lists definitions in id order, system ids first, and default sets in id order", async () => {
    const fx = await createProjectFixture(t);
    await admin("POST", "/team-permission-definitions", { id: "zeta" }, fx);
    await admin("POST", "/team-permission-definitions", { id: "alpha", contained_permission_ids: ["zeta", "$update_team", "$delete_team"] }, fx);
    const ids = (await admin("GET", "/team-permission-definitions", undefined, fx)).json.items.map((d: { id: string }) => d.id);
    expect(ids).toEqual(["$delete_team", "$invite_members", "$manage_api_keys", "$read_members", "$remove_members", "$update_team", "alpha", "team_admin", "team_member", "zeta"]);
    const alpha = (await admin("GET", "/team-permission-definitions", undefined, fx)).json.items.find((d: { id: string }) => d.id === "alpha");
    expect(alpha.contained_permission_ids).toEqual(["$delete_team", "$update_team", "zeta"]);
    const patched = await admin("PATCH", "/internal/projects/current", { config: { team_creator_default_permissions: [{ id: "zeta" }, { id: "alpha" }] } }, fx);
    expect(patched.json.config.team_creator_default_permissions).toEqual([{ id: "alpha" }, { id: "zeta" }]);
  });

  it("follows a renamed or deleted definition into the default sets, also where /internal/projects/current set them", async () => {
    const fx = await createProjectFixture(t);
    await admin("POST", "/team-permission-definitions", { id: "custom" }, fx);
    await admin("POST", "/team-permission-definitions", { id: "other" }, fx);
    const patched = await admin("PATCH", "/internal/projects/current", { config: { team_creator_default_permissions: [{ id: "team_admin" }, { id: "custom" }, { id: "other" }] } }, fx);
    expect(patched.json.config.team_creator_default_permissions).toEqual([{ id: "custom" }, { id: "other" }, { id: "team_admin" }]);
    await admin("PATCH", "/team-permission-definitions/other", { id: "renamed" }, fx);
    expect((await admin("DELETE", "/team-permission-definitions/custom", undefined, fx)).json).toEqual({ success: true });
    const after = await admin("GET", "/internal/projects/current", undefined, fx);
    expect(after.json.config.team_creator_default_permissions).toEqual([{ id: "renamed" }, { id: "team_admin" }]);
    // The next team's creator gets exactly those.
    const creator = await signUpUser(t, fx.client);
    const team = await server("POST", "/teams", { display_name: "T", creator_user_id: creator.userId }, fx);
    const granted = await server("GET", `/team-permissions?team_id=${team.json.id}&user_id=${creator.userId}&recursive=false`, undefined, fx);
    expect(granted.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["renamed", "team_admin"]);
  });

  it("refuses duplicates, unknown children, bad ids, system edits, other-scope children and cycles", async () => {
    const fx = await createProjectFixture(t);
    await admin("POST", "/team-permission-definitions", { id: "a" }, fx);
    await admin("POST", "/team-permission-definitions", { id: "b", contained_permission_ids: ["a"] }, fx);
    await admin("POST", "/team-permission-definitions", { id: "c", contained_permission_ids: ["b"] }, fx);
    await admin("POST", "/project-permission-definitions", { id: "p" }, fx);

    const dup = await admin("POST", "/project-permission-definitions", { id: "a" }, fx);
    expect(dup.status).toBe(400);
    expect(dup.json).toMatchObject({ code: "PERMISSION_ID_ALREADY_EXISTS", details: { permission_id: "a" } });
    expect((await admin("POST", "/team-permission-definitions", { id: "x", contained_permission_ids: ["nope"] }, fx)).json).toMatchObject({
      code: "CONTAINED_PERMISSION_NOT_FOUND",
      details: { permission_id: "nope" },
    });
    expect((await admin("POST", "/team-permission-definitions", { id: "x", contained_permission_ids: ["p"] }, fx)).json.code).toBe("CONTAINED_PERMISSION_NOT_FOUND");
    expect((await admin("POST", "/project-permission-definitions", { id: "x", contained_permission_ids: ["$update_team"] }, fx)).json.code).toBe(
      "CONTAINED_PERMISSION_NOT_FOUND",
    );
    expect((await admin("POST", "/team-permission-definitions", { id: "Bad-Id" }, fx)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin("POST", "/team-permission-definitions", { id: "__proto__" }, fx)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin("PATCH", "/project-permission-definitions/p", { id: "__proto__" }, fx)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin("POST", "/team-permission-definitions", { id: "$update_team" }, fx)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin("DELETE", "/team-permission-definitions/$update_team", undefined, fx)).json.code).toBe("SCHEMA_ERROR");
    expect((await admin("PATCH", "/team-permission-definitions/p", { description: "x" }, fx)).json).toMatchObject({
      code: "WRONG_PERMISSION_SCOPE",
      details: { permission_id: "p", expected_scope: "team", actual_scope: "project" },
    });

    const cycle = await admin("PATCH", "/team-permission-definitions/a", { contained_permission_ids: ["c"] }, fx);
    expect(cycle.status).toBe(400);
    expect(cycle.json.code).toBe("SCHEMA_ERROR");
    expect(cycle.json.error).toMatch(/cycle/);
    expect((await admin("PATCH", "/team-permission-definitions/a", { contained_permission_ids: ["a"] }, fx)).json.error).toMatch(/cycle/);
    expect((await admin("PATCH", "/team-permission-definitions/b", { id: "c" }, fx)).json.code).toBe("PERMISSION_ID_ALREADY_EXISTS");
  });

  it("refuses unknown body keys on definitions and grants with SCHEMA_ERROR naming them, changing nothing", async () => {
    const fx = await createProjectFixture(t);
    for (const scope of ["team", "project"]) {
      const created = await adminUntyped("POST", `/${scope}-permission-definitions`, { id: `${scope}_strict`, containedPermissionIds: [] }, fx);
      expect([created.status, created.json.code], scope).toEqual([400, "SCHEMA_ERROR"]);
      expect(created.json.details.message).toContain("containedPermissionIds");
      expect((await adminUntyped("POST", `/${scope}-permission-definitions`, { id: `${scope}_strict` }, fx)).status).toBe(201);
      const updated = await adminUntyped("PATCH", `/${scope}-permission-definitions/${scope}_strict`, { description: "d", scope: "x" }, fx);
      expect([updated.status, updated.json.code], scope).toEqual([400, "SCHEMA_ERROR"]);
    }
    const team = await teamWith(fx, fx.user);
    const teamGrant = await serverUntyped("POST", `/team-permissions/${team}/${fx.user.userId}/team_strict`, { expires: 1 }, fx);
    expect([teamGrant.status, teamGrant.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    const projectGrant = await serverUntyped("POST", `/project-permissions/${fx.user.userId}/project_strict`, { expires: 1 }, fx);
    expect([projectGrant.status, projectGrant.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    const direct = await serverUntyped("GET", `/project-permissions?user_id=${fx.user.userId}&recursive=false`, undefined, fx);
    expect(direct.json.items).toEqual([]);
    const revoke = await serverUntyped("DELETE", `/project-permissions/${fx.user.userId}/project_strict`, { expires: 1 }, fx);
    expect(revoke.json.code).toBe("SCHEMA_ERROR");
  });
});

describe("team permission grants", () => {
  it("grants, lists recursively and revokes team permissions of members", async () => {
    const fx = await withoutStarterGrants();
    await admin("POST", "/team-permission-definitions", { id: "read" }, fx);
    await admin("POST", "/team-permission-definitions", { id: "write", contained_permission_ids: ["read"] }, fx);
    await admin("POST", "/team-permission-definitions", { id: "owner", contained_permission_ids: ["write", "$update_team"] }, fx);
    const member = await signUpUser(t, fx.client);
    const teamId = await teamWith(fx, fx.user, member);

    const grant = await server("POST", `/team-permissions/${teamId}/${member.userId}/owner`, {}, fx);
    expect(grant.status).toBe(201);
    expect(grant.json).toEqual({ id: "owner", user_id: member.userId, team_id: teamId });

    const recursive = await server("GET", `/team-permissions?team_id=${teamId}&user_id=${member.userId}`, undefined, fx);
    expect(recursive.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["$update_team", "owner", "read", "write"]);
    const direct = await server("GET", `/team-permissions?team_id=${teamId}&user_id=${member.userId}&recursive=false`, undefined, fx);
    expect(direct.json.items).toEqual([{ id: "owner", user_id: member.userId, team_id: teamId }]);
    const one = await server("GET", `/team-permissions?team_id=${teamId}&permission_id=read`, undefined, fx);
    expect(one.json.items).toEqual([{ id: "read", user_id: member.userId, team_id: teamId }]);

    const tenancy = await t.deps.tenancies.load(fx.projectId);
    expect(await hasTeamPermission(t.deps, tenancy, teamId, member.userId, "read")).toBe(true);
    expect(await hasTeamPermission(t.deps, tenancy, teamId, member.userId, "$delete_team")).toBe(false);
    expect(await hasTeamPermission(t.deps, tenancy, teamId, fx.user.userId, "read")).toBe(false);

    const asClient = await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=me&recursive=false`, {
      creds: { ...fx.client, accessToken: member.accessToken },
    });
    expect(asClient.json.items).toEqual([{ id: "owner", user_id: member.userId, team_id: teamId }]);
    const otherUser = await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=${fx.user.userId}`, {
      creds: { ...fx.client, accessToken: member.accessToken },
    });
    // A client lists only its own permissions: another user, or every user, is 403 without a lookup.
    expect(plainRefusal(otherUser)).toEqual([403, expect.stringContaining("own permissions")]);
    const everyone = await call(t, "GET", `/team-permissions?team_id=${teamId}`, { creds: { ...fx.client, accessToken: member.accessToken } });
    expect(plainRefusal(everyone)).toEqual([403, expect.stringContaining("own permissions")]);
    expect((await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=me`, { creds: fx.client })).json.code).toBe(
      "CANNOT_GET_OWN_USER_WITHOUT_USER",
    );

    expect((await server("DELETE", `/team-permissions/${teamId}/${member.userId}/owner`, {}, fx)).json).toEqual({ success: true });
    expect((await server("GET", `/team-permissions?team_id=${teamId}`, undefined, fx)).json.items).toEqual([]);
    expect((await server("DELETE", `/team-permissions/${teamId}/${member.userId}/owner`, {}, fx)).json.code).toBe("PERMISSION_NOT_FOUND");
  });

  it("needs a membership and a defined permission; deleting a definition removes its grants", async () => {
    const fx = await withoutStarterGrants();
    await admin("POST", "/team-permission-definitions", { id: "read" }, fx);
    const outsider = await signUpUser(t, fx.client);
    const teamId = await teamWith(fx, fx.user);
    const notMember = await server("POST", `/team-permissions/${teamId}/${outsider.userId}/read`, {}, fx);
    expect(notMember.status).toBe(404);
    expect(notMember.json).toMatchObject({ code: "TEAM_MEMBERSHIP_NOT_FOUND", details: { team_id: teamId, user_id: outsider.userId } });
    const unknown = await server("POST", `/team-permissions/${teamId}/${fx.user.userId}/nope`, {}, fx);
    expect(unknown.json).toMatchObject({ code: "PERMISSION_NOT_FOUND", details: { permission_id: "nope" } });

    await server("POST", `/team-permissions/${teamId}/${fx.user.userId}/read`, {}, fx);
    expect((await server("POST", `/team-permissions/${teamId}/${fx.user.userId}/read`, {}, fx)).status).toBe(201);
    await admin("DELETE", "/team-permission-definitions/read", undefined, fx);
    await admin("POST", "/team-permission-definitions", { id: "read" }, fx);
    expect((await server("GET", `/team-permissions?team_id=${teamId}`, undefined, fx)).json.items).toEqual([]);
  });
});

describe("project permission grants", () => {
  it("treats ids named like Object.prototype members as ordinary ids", async () => {
    const fx = await createProjectFixture(t);
    expect((await admin("PATCH", "/project-permission-definitions/constructor", { description: "x" }, fx)).json.code).toBe("PERMISSION_NOT_FOUND");
    expect((await admin("POST", "/project-permission-definitions", { id: "constructor" }, fx)).status).toBe(201);
    expect((await admin("POST", "/project-permission-definitions", { id: "to_string", contained_permission_ids: ["constructor"] }, fx)).status).toBe(201);
    expect((await server("POST", `/project-permissions/${fx.user.userId}/to_string`, {}, fx)).status).toBe(201);
    const listed = await server("GET", `/project-permissions?user_id=${fx.user.userId}`, undefined, fx);
    expect(listed.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["constructor", "to_string"]);
  });

  // Stack Auth refuses to revoke what the user does not hold, a defined permission never granted
  // included: its DELETE routes check the direct grant first (ensureProjectPermissionExists, and
  // ensureUserTeamPermissionExists on teams, with errorType 'not-exist' in
  // apps/backend/src/lib/request-checks.tsx), answering PERMISSION_NOT_FOUND (404) here and
  // TEAM_PERMISSION_NOT_FOUND (401) on teams, where Gatehouse answers PERMISSION_NOT_FOUND.
  it("refuses to revoke a defined permission the user was never granted, as Stack Auth does", async () => {
    const fx = await createProjectFixture(t);
    await admin("POST", "/project-permission-definitions", { id: "reports:read" }, fx);
    const revoke = await server("DELETE", `/project-permissions/${fx.user.userId}/reports:read`, {}, fx);
    expect(revoke.status).toBe(404);
    expect(revoke.json).toMatchObject({ code: "PERMISSION_NOT_FOUND", details: { permission_id: "reports:read" } });
  });

  it("grants, lists recursively and revokes project permissions", async () => {
    const fx = await createProjectFixture(t);
    await admin("POST", "/project-permission-definitions", { id: "billing:read" }, fx);
    await admin("POST", "/project-permission-definitions", { id: "billing:admin", contained_permission_ids: ["billing:read"] }, fx);
    await admin("POST", "/team-permission-definitions", { id: "team_only" }, fx);
    const grant = await server("POST", `/project-permissions/${fx.user.userId}/billing:admin`, {}, fx);
    expect(grant.status).toBe(201);
    expect(grant.json).toEqual({ id: "billing:admin", user_id: fx.user.userId });

    const mine = await call(t, "GET", "/project-permissions?user_id=me", { creds: { ...fx.client, accessToken: fx.user.accessToken } });
    expect(mine.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["billing:admin", "billing:read"]);
    const direct = await server("GET", `/project-permissions?user_id=${fx.user.userId}&recursive=false`, undefined, fx);
    expect(direct.json.items).toEqual([{ id: "billing:admin", user_id: fx.user.userId }]);

    expect((await server("POST", `/project-permissions/${fx.user.userId}/team_only`, {}, fx)).json.code).toBe("WRONG_PERMISSION_SCOPE");
    expect((await server("POST", "/project-permissions/00000000-0000-4000-8000-000000000000/billing:read", {}, fx)).json.code).toBe("USER_NOT_FOUND");
    expect((await server("DELETE", `/project-permissions/${fx.user.userId}/billing:admin`, {}, fx)).json).toEqual({ success: true });
    expect((await server("GET", "/project-permissions", undefined, fx)).json.items).toEqual([]);
  });
});

describeSecurity({ operationId: "listTeamPermissionDefinitions", method: "GET", path: "/team-permission-definitions", access: ["admin"] });
describeSecurity({ operationId: "createTeamPermissionDefinition", method: "POST", path: "/team-permission-definitions", access: ["admin"], body: { id: "security" } });
describeSecurity({ operationId: "updateTeamPermissionDefinition", method: "PATCH", path: "/team-permission-definitions/security", access: ["admin"], body: { description: "s" } });
describeSecurity({ operationId: "deleteTeamPermissionDefinition", method: "DELETE", path: "/team-permission-definitions/security", access: ["admin"] });
describeSecurity({ operationId: "listProjectPermissionDefinitions", method: "GET", path: "/project-permission-definitions", access: ["admin"] });
describeSecurity({ operationId: "createProjectPermissionDefinition", method: "POST", path: "/project-permission-definitions", access: ["admin"], body: { id: "security" } });
describeSecurity({ operationId: "updateProjectPermissionDefinition", method: "PATCH", path: "/project-permission-definitions/security", access: ["admin"], body: { description: "s" } });
describeSecurity({ operationId: "deleteProjectPermissionDefinition", method: "DELETE", path: "/project-permission-definitions/security", access: ["admin"] });
describeSecurity({
  operationId: "listTeamPermissions",
  method: "GET",
  path: "/team-permissions?user_id=me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({
    path: `/team-permissions?user_id=${ctx.otherProject.user.userId}`,
    creds: asProjectUser(ctx),
    code: "CLIENT_CANNOT_LIST_OTHER_USERS_PERMISSIONS",
  }),
});
describeSecurity({
  operationId: "listProjectPermissions",
  method: "GET",
  path: "/project-permissions?user_id=me",
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({
    path: `/project-permissions?user_id=${ctx.otherProject.user.userId}`,
    creds: asProjectUser(ctx),
    code: "CLIENT_CANNOT_LIST_OTHER_USERS_PERMISSIONS",
  }),
});
describeSecurity({ operationId: "grantTeamPermission", method: "POST", path: "/team-permissions/00000000-0000-4000-8000-000000000000/me/security", access: ["server", "admin"], body: {} });
describeSecurity({ operationId: "revokeTeamPermission", method: "DELETE", path: "/team-permissions/00000000-0000-4000-8000-000000000000/me/security", access: ["server", "admin"] });
describeSecurity({ operationId: "grantProjectPermission", method: "POST", path: (ctx) => `/project-permissions/${ctx.project.user.userId}/security`, access: ["server", "admin"], body: {} });
describeSecurity({ operationId: "revokeProjectPermission", method: "DELETE", path: (ctx) => `/project-permissions/${ctx.project.user.userId}/security`, access: ["server", "admin"] });

describe("default permissions", () => {
  it("grants the sign-up set to new users and the team-creator set in their personal team", async () => {
    const fx = await createProjectFixture(t, {
      config: {
        create_team_on_sign_up: true,
        user_default_permissions: [{ id: "basic" }, { id: "undefined_one" }],
        team_creator_default_permissions: [{ id: "team_admin" }],
      },
    });
    await admin("POST", "/project-permission-definitions", { id: "basic" }, fx);
    await admin("POST", "/team-permission-definitions", { id: "team_admin", contained_permission_ids: ["$update_team"] }, fx);

    const signedUp = await signUpUser(t, fx.client);
    const project = await server("GET", `/project-permissions?user_id=${signedUp.userId}`, undefined, fx);
    expect(project.json.items).toEqual([{ id: "basic", user_id: signedUp.userId }]);
    const me = await call(t, "GET", "/users/me", { creds: { ...fx.client, accessToken: signedUp.accessToken } });
    const teamId: string = me.json.selected_team_id;
    const tenancy = await t.deps.tenancies.load(fx.projectId);
    expect(await hasTeamPermission(t.deps, tenancy, teamId, signedUp.userId, "$update_team")).toBe(true);

    const created = await server("POST", "/users", { display_name: "By server" }, fx);
    const byServer = await server("GET", `/project-permissions?user_id=${created.json.id}&recursive=false`, undefined, fx);
    expect(byServer.json.items).toEqual([{ id: "basic", user_id: created.json.id }]);
  });
});
