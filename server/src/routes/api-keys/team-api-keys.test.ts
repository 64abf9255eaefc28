import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, type Credentials, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import { asProjectUser, describeSecurity, foreignTeam, teamWithoutPermissions, type SecurityContext } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const ENABLED = { allow_user_api_keys: true, allow_team_api_keys: true };

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: ENABLED });
});

const as = (user: SignedInUser): Credentials => ({ ...project.client, accessToken: user.accessToken });
const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: project.server, body });
const client = <M extends HttpMethod, P extends string>(user: SignedInUser, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: as(user), body });
const keyBody = (teamId: string, overrides: Record<string, unknown> = {}) => ({ description: "ci", expires_at_millis: null, team_id: teamId, ...overrides });

async function teamOf(owner: SignedInUser): Promise<string> {
  const res = await server("POST", "/teams", { display_name: "Team", creator_user_id: owner.userId });
  expect(res.status).toBe(201);
  return res.json.id;
}

async function grantManage(teamId: string, user: SignedInUser) {
  expect((await server("POST", `/team-permissions/${teamId}/${user.userId}/$manage_api_keys`)).status).toBe(201);
}

describe("team API keys", () => {
  it("a member with $manage_api_keys creates, lists, reads, renames and revokes the team's keys", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    await grantManage(teamId, owner);
    const created = await client(owner, "POST", "/team-api-keys", keyBody(teamId, { description: "bot" }));
    expect(created.status, created.text).toBe(200);
    expect(created.json).toEqual({
      id: expect.any(String),
      description: "bot",
      created_at_millis: expect.any(Number),
      is_public: false,
      type: "team",
      team_id: teamId,
      value: expect.stringMatching(/^sk_[0-9a-z]{45}[0-9a-f]{32}team1574ck4u7h[0-9a-f]{8}$/),
    });
    const id: string = created.json.id;
    const read = { ...created.json, value: { last_four: created.json.value.slice(-4) } };

    expect((await client(owner, "GET", `/team-api-keys?team_id=${teamId}`)).json).toEqual({ items: [read], is_paginated: false });
    expect((await client(owner, "GET", `/team-api-keys/${id}?team_id=${teamId}`)).json).toEqual(read);
    expect((await server("POST", "/team-api-keys/check", { api_key: created.json.value })).json).toEqual(read);
    expect((await client(owner, "PATCH", `/team-api-keys/${id}?team_id=${teamId}`, { description: "bot 2" })).json.description).toBe("bot 2");
    const revoked = await client(owner, "PATCH", `/team-api-keys/${id}`, { revoked: true });
    expect(revoked.json.manually_revoked_at_millis).toEqual(expect.any(Number));
    expect((await server("POST", "/team-api-keys/check", { api_key: created.json.value })).json.code).toBe("API_KEY_REVOKED");
  });

  it("a team key checked as a user key is WRONG_API_KEY_TYPE; an expired one API_KEY_EXPIRED", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const live = await server("POST", "/team-api-keys", keyBody(teamId));
    const wrong = await server("POST", "/user-api-keys/check", { api_key: live.json.value });
    expect([wrong.status, wrong.json.code, wrong.json.details]).toEqual([400, "WRONG_API_KEY_TYPE", { expected_type: "user", actual_type: "team" }]);
    const expired = await server("POST", "/team-api-keys", keyBody(teamId, { expires_at_millis: Date.now() - 1 }));
    expect((await server("POST", "/team-api-keys/check", { api_key: expired.json.value })).json.code).toBe("API_KEY_EXPIRED");
    expect((await server("POST", "/team-api-keys/check", { api_key: "pk_nothing" })).json.code).toBe("API_KEY_NOT_FOUND");
  });

  it("clients need membership and $manage_api_keys, which a creator holds through the starter admin permission", async () => {
    const owner = await signUpUser(t, project.client);
    const member = await signUpUser(t, project.client);
    const outsider = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    expect((await server("POST", `/team-memberships/${teamId}/${member.userId}`, {})).status).toBe(201);
    const key = await server("POST", "/team-api-keys", keyBody(teamId));
    const codeOf = (res: { json: { code: string } }) => res.json.code;

    expect(codeOf(await client(member, "POST", "/team-api-keys", keyBody(teamId)))).toBe("TEAM_PERMISSION_REQUIRED");
    expect(codeOf(await client(member, "GET", `/team-api-keys?team_id=${teamId}`))).toBe("TEAM_PERMISSION_REQUIRED");
    expect(codeOf(await client(member, "GET", `/team-api-keys/${key.json.id}`))).toBe("TEAM_PERMISSION_REQUIRED");
    expect(codeOf(await client(member, "PATCH", `/team-api-keys/${key.json.id}`, { revoked: true }))).toBe("TEAM_PERMISSION_REQUIRED");
    expect((await client(owner, "POST", "/team-api-keys", keyBody(teamId))).status).toBe(200);
    expect((await client(owner, "GET", `/team-api-keys?team_id=${teamId}`)).json.items).toHaveLength(2);
    // Someone outside the team learns nothing of it, not even that it exists (as in Stack Auth).
    expect(codeOf(await client(outsider, "POST", "/team-api-keys", keyBody(teamId)))).toBe("API_KEY_NOT_FOUND");
    expect(codeOf(await client(outsider, "GET", `/team-api-keys?team_id=${teamId}`))).toBe("API_KEY_NOT_FOUND");
    expect(codeOf(await client(outsider, "GET", `/team-api-keys?team_id=${crypto.randomUUID()}`))).toBe("API_KEY_NOT_FOUND");
    expect(codeOf(await client(outsider, "GET", `/team-api-keys/${key.json.id}`))).toBe("API_KEY_NOT_FOUND");
    expect(codeOf(await client(outsider, "PATCH", `/team-api-keys/${key.json.id}`, { revoked: true }))).toBe("API_KEY_NOT_FOUND");

    await grantManage(teamId, member);
    expect((await client(member, "GET", `/team-api-keys/${key.json.id}`)).status).toBe(200);
    expect((await client(member, "GET", `/team-api-keys?team_id=${teamId}`)).json.items).toHaveLength(2);
  });

  it("a key of another team than the one named is API_KEY_NOT_FOUND; unknown teams are TEAM_NOT_FOUND to the server, API_KEY_NOT_FOUND to a client", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const otherTeam = await teamOf(owner);
    const key = await server("POST", "/team-api-keys", keyBody(teamId));
    expect((await server("GET", `/team-api-keys/${key.json.id}?team_id=${otherTeam}`)).json.code).toBe("API_KEY_NOT_FOUND");
    expect((await server("GET", `/user-api-keys/${key.json.id}`)).json.code).toBe("API_KEY_NOT_FOUND");
    const unknown = "00000000-0000-4000-8000-000000000002";
    const created = await server("POST", "/team-api-keys", keyBody(unknown));
    expect([created.status, created.json.code]).toEqual([404, "TEAM_NOT_FOUND"]);
    expect((await server("GET", `/team-api-keys?team_id=${unknown}`)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await client(owner, "GET", `/team-api-keys?team_id=${unknown}`)).json.code).toBe("API_KEY_NOT_FOUND");
  });

  it("deleting a team removes its API keys in the same transaction", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const keys = [await server("POST", "/team-api-keys", keyBody(teamId)), await server("POST", "/team-api-keys", keyBody(teamId, { is_public: true }))];
    const count = async () => (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM api_keys WHERE team_id = $1", [teamId]))[0]!.n;
    expect(await count()).toBe(2);

    expect((await server("DELETE", `/teams/${teamId}`)).status).toBe(200);
    expect(await count()).toBe(0);
    for (const key of keys) {
      expect((await server("POST", "/team-api-keys/check", { api_key: key.json.value })).json.code).toBe("API_KEY_NOT_FOUND");
      expect((await server("GET", `/team-api-keys/${key.json.id}`)).json.code).toBe("API_KEY_NOT_FOUND");
    }
  });

  it("a project without team API keys answers a plain 400 (not SCHEMA_ERROR), even with user keys on", async () => {
    const off = await createProjectFixture(t, { config: { allow_user_api_keys: true } });
    const owner = await signUpUser(t, off.client);
    const team = await call(t, "POST", "/teams", { creds: off.server, body: { display_name: "T", creator_user_id: owner.userId } });
    const res = await call(t, "POST", "/team-api-keys", { creds: off.server, body: keyBody(team.json.id) });
    expect([res.status, res.headers.get("content-type"), res.headers.get("x-stack-known-error")]).toEqual([400, expect.stringMatching(/^text\/plain/), null]);
    expect(res.text).toContain("Team API keys are turned off");
  });
});

const ZERO = "00000000-0000-4000-8000-000000000000";
const ALL = ["client", "server", "admin"] as const;

async function enable(ctx: SecurityContext) {
  await call(ctx.t, "PATCH", "/internal/projects/current", { creds: ctx.project.admin, body: { config: ENABLED } });
}

/** A team the project's user is not in, with keys enabled. */
async function teamOfOthers(ctx: SecurityContext): Promise<string> {
  await enable(ctx);
  return foreignTeam(ctx);
}

/** A team the project's user belongs to without `$manage_api_keys`, with keys enabled. */
async function teamWithoutManageKeys(ctx: SecurityContext): Promise<string> {
  await enable(ctx);
  return (await teamWithoutPermissions(ctx)).teamId;
}

async function keyOf(ctx: SecurityContext, teamId: string): Promise<string> {
  return (await call(ctx.t, "POST", "/team-api-keys", { creds: ctx.project.server, body: keyBody(teamId) })).json.id;
}

describeSecurity({
  operationId: "createTeamApiKey",
  method: "POST",
  path: "/team-api-keys",
  access: ALL,
  body: keyBody(ZERO),
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: "/team-api-keys", body: keyBody(await teamOfOthers(ctx)), creds: asProjectUser(ctx), code: "API_KEY_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => ({
    path: "/team-api-keys",
    body: keyBody(await teamWithoutManageKeys(ctx)),
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({
  operationId: "listTeamApiKeys",
  method: "GET",
  path: `/team-api-keys?team_id=${ZERO}`,
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/team-api-keys?team_id=${await teamOfOthers(ctx)}`, creds: asProjectUser(ctx), code: "API_KEY_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => ({ path: `/team-api-keys?team_id=${await teamWithoutManageKeys(ctx)}`, creds: asProjectUser(ctx), code: "TEAM_PERMISSION_REQUIRED" }),
});
describeSecurity({
  operationId: "getTeamApiKey",
  method: "GET",
  path: `/team-api-keys/${ZERO}`,
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/team-api-keys/${await keyOf(ctx, await teamOfOthers(ctx))}`, creds: asProjectUser(ctx), code: "API_KEY_NOT_FOUND" }),
});
describeSecurity({
  operationId: "updateTeamApiKey",
  method: "PATCH",
  path: `/team-api-keys/${ZERO}`,
  access: ALL,
  body: { revoked: true },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({
    path: `/team-api-keys/${await keyOf(ctx, await teamOfOthers(ctx))}`,
    body: { revoked: true },
    creds: asProjectUser(ctx),
    code: "API_KEY_NOT_FOUND",
  }),
  memberWithoutPermission: async (ctx) => ({
    path: `/team-api-keys/${await keyOf(ctx, await teamWithoutManageKeys(ctx))}`,
    body: { revoked: true },
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({ operationId: "checkTeamApiKey", method: "POST", path: "/team-api-keys/check", access: ["server", "admin"], body: { api_key: "sk_unknown" } });
