import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, plainRefusal, signUpUser, WITHOUT_STARTER_GRANTS, type Credentials, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import { asProjectUser, describeSecurity, foreignTeam, teamWithoutPermissions } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let open: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t, { config: WITHOUT_STARTER_GRANTS });
  open = await createProjectFixture(t, { config: { client_team_creation_enabled: true } });
});

const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>, fixture = project) => call<M, P>(t, method, path, { creds: fixture.server, body });
const as = (user: SignedInUser, fixture = project): Credentials => ({ ...fixture.client, accessToken: user.accessToken });
const client = <M extends HttpMethod, P extends string>(user: SignedInUser, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>, fixture = project) =>
  call<M, P>(t, method, path, { creds: as(user, fixture), body });

/** Makes the team the user's selected team, as the SDKs do after creating one. */
async function select(user: SignedInUser, teamId: string, fixture = project): Promise<void> {
  expect((await call(t, "PATCH", "/users/me", { creds: as(user, fixture), body: { selected_team_id: teamId } })).status).toBe(200);
}

async function teamWith(members: SignedInUser[], fixture = project): Promise<string> {
  const res = await server("POST", "/teams", { display_name: "Team", creator_user_id: members[0]?.userId }, fixture);
  expect(res.status).toBe(201);
  for (const m of members.slice(1)) expect((await server("POST", `/team-memberships/${res.json.id}/${m.userId}`, {}, fixture)).status).toBe(201);
  return res.json.id;
}

describe("teams", () => {
  it("creates a team on the server with every metadata tier; the creator's selected team stays as it was", async () => {
    const user = await signUpUser(t, project.client);
    const before = (await call(t, "GET", "/users/me", { creds: as(user) })).json.selected_team_id;
    const res = await server("POST", "/teams", {
      display_name: "Acme",
      creator_user_id: user.userId,
      profile_image_url: "https://example.com/a.png",
      client_metadata: { a: 1 },
      client_read_only_metadata: { plan: "pro" },
      server_metadata: { secret: true },
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      display_name: "Acme",
      profile_image_url: "https://example.com/a.png",
      client_metadata: { a: 1 },
      client_read_only_metadata: { plan: "pro" },
      server_metadata: { secret: true },
    });
    expect(typeof res.json.created_at_millis).toBe("number");
    // Stack Auth's server does not select it either; its SDKs (and ours) select it with a second request.
    const me = await call(t, "GET", "/users/me", { creds: as(user) });
    expect(me.json.selected_team_id).toBe(before);
    expect(me.json.selected_team_id).not.toBe(res.json.id);
    const read = await client(user, "GET", `/teams/${res.json.id}`);
    expect(read.json).toEqual({ id: res.json.id, display_name: "Acme", profile_image_url: "https://example.com/a.png", client_metadata: { a: 1 }, client_read_only_metadata: { plan: "pro" } });
  });

  it("names a personal team after the display name, else the whole primary e-mail, else Personal Team, and selects it", async () => {
    const teamed = await createProjectFixture(t, { config: { create_team_on_sign_up: true } });
    const selectedTeamName = async (body: RequestBodyOf<"POST", "/users">) => {
      const created = await server("POST", "/users", body, teamed);
      expect(created.status).toBe(201);
      // POST /users answers the user as created, before the team (as Stack Auth does): read it again.
      return (await server("GET", `/users/${created.json.id}`, undefined, teamed)).json.selected_team?.display_name;
    };
    expect(await selectedTeamName({ display_name: "Ada", primary_email: "ada@example.com" })).toBe("Ada's Team");
    expect(await selectedTeamName({ primary_email: "grace@example.com" })).toBe("grace@example.com's Team");
    expect(await selectedTeamName({})).toBe("Personal Team");
  });

  it("creates a team without members on the server", async () => {
    const res = await server("POST", "/teams", { display_name: "Lonely" });
    expect(res.status).toBe(201);
    expect((await server("GET", `/team-member-profiles?team_id=${res.json.id}`)).json.items).toEqual([]);
  });

  it("lets a client create a team only when the project allows it", async () => {
    const user = await signUpUser(t, project.client);
    const refused = await client(user, "POST", "/teams", { display_name: "No", creator_user_id: "me" });
    // A plain 403, as in Stack Auth: INSUFFICIENT_ACCESS_TYPE would say the access type is wrong, and it is not.
    expect(plainRefusal(refused)).toEqual([403, expect.stringContaining("client_team_creation_enabled")]);

    const member = await signUpUser(t, open.client);
    const res = await client(member, "POST", "/teams", { display_name: "Mine", creator_user_id: "me" }, open);
    expect(res.status).toBe(201);
    expect(res.json).not.toHaveProperty("server_metadata");
    expect((await call(t, "GET", "/users/me", { creds: as(member, open) })).json.selected_team_id).not.toBe(res.json.id);
    const list = await client(member, "GET", "/teams?user_id=me", undefined, open);
    expect(list.json.items.map((x: { id: string }) => x.id)).toEqual([res.json.id]);
  });

  it("refuses a client team with server-only metadata", async () => {
    const member = await signUpUser(t, open.client);
    expect((await client(member, "POST", "/teams", { display_name: "X", server_metadata: {} }, open)).json.code).toBe("SCHEMA_ERROR");
  });

  it("lets a client create a team only as itself: another creator is a plain 403, as in Stack Auth; its own id is fine", async () => {
    const member = await signUpUser(t, open.client);
    const other = await signUpUser(t, open.client);
    const refused = await client(member, "POST", "/teams", { display_name: "X", creator_user_id: other.userId }, open);
    expect(plainRefusal(refused)).toEqual([403, expect.stringContaining("creator_user_id")]);
    expect((await client(member, "POST", "/teams", { display_name: "X", creator_user_id: member.userId }, open)).status).toBe(201);
  });

  it("answers a client without a session USER_AUTHENTICATION_REQUIRED before looking at the creator", async () => {
    const res = await call(t, "POST", "/teams", { creds: open.client, body: { display_name: "X", creator_user_id: open.user.userId } });
    expect([res.status, res.json.code]).toEqual([401, "USER_AUTHENTICATION_REQUIRED"]);
  });

  it("accepts an empty team name, on creation and on update (as Stack Auth does)", async () => {
    const member = await signUpUser(t, open.client);
    const created = await client(member, "POST", "/teams", { display_name: "" }, open);
    expect([created.status, created.json.display_name]).toEqual([201, ""]);
    const renamed = await server("PATCH", `/teams/${created.json.id}`, { display_name: "Named" }, open);
    expect(renamed.json.display_name).toBe("Named");
    expect((await server("PATCH", `/teams/${created.json.id}`, { display_name: "" }, open)).json.display_name).toBe("");
  });

  it("refuses an unknown creator", async () => {
    const res = await server("POST", "/teams", { display_name: "X", creator_user_id: "00000000-0000-4000-8000-000000000000" });
    expect(res.json.code).toBe("USER_NOT_FOUND");
  });

  it("lists teams for a user, all teams on the server, and accepts the SDK's paging parameters", async () => {
    const user = await signUpUser(t, project.client);
    const a = await teamWith([user]);
    const b = await teamWith([user]);
    const other = await teamWith([]);
    const mine = await server("GET", `/teams?user_id=${user.userId}&order_by=created_at&desc=true&limit=10&query=x`);
    expect(mine.json.items.map((x: { id: string }) => x.id)).toEqual([a, b]);
    const all = (await server("GET", "/teams")).json.items.map((x: { id: string }) => x.id);
    expect(all).toEqual(expect.arrayContaining([a, b, other]));
    expect((await client(user, "GET", "/teams?user_id=me")).json.items).toHaveLength(2);
    expect((await client(user, "GET", `/teams?user_id=${user.userId}`)).json.items).toHaveLength(2);
    // A client lists only its own teams: another user, or every user, is refused without a lookup.
    const otherUsers = await client(user, "GET", `/teams?user_id=${project.user.userId}`);
    expect(plainRefusal(otherUsers)).toEqual([403, expect.stringContaining("own teams")]);
    const everyone = await client(user, "GET", "/teams");
    expect(plainRefusal(everyone)).toEqual([403, expect.stringContaining("own teams")]);
    const unknown = await client(user, "GET", "/teams?user_id=00000000-0000-4000-8000-000000000000");
    expect(plainRefusal(unknown)).toEqual([403, expect.stringContaining("own teams")]);
    expect((await server("GET", "/teams?user_id=00000000-0000-4000-8000-000000000000")).json.code).toBe("USER_NOT_FOUND");
  });

  it("reads, updates and deletes a team on the server; deletion unselects it and ends memberships", async () => {
    const user = await signUpUser(t, project.client);
    const id = await teamWith([user]);
    await select(user, id);
    const upd = await server("PATCH", `/teams/${id}`, { display_name: "Renamed", server_metadata: { x: 1 }, profile_image_url: null });
    expect(upd.json).toMatchObject({ id, display_name: "Renamed", server_metadata: { x: 1 }, profile_image_url: null });
    expect((await server("GET", `/teams/${id}`)).json.display_name).toBe("Renamed");
    expect((await server("DELETE", `/teams/${id}`)).json).toEqual({ success: true });
    expect((await server("GET", `/teams/${id}`)).json).toMatchObject({ code: "TEAM_NOT_FOUND", details: { team_id: id } });
    expect((await server("PATCH", `/teams/${id}`, { display_name: "x" })).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("DELETE", `/teams/${id}`)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await call(t, "GET", "/users/me", { creds: as(user) })).json.selected_team_id).toBeNull();
    const rows = await t.db.query("SELECT 1 FROM team_members WHERE team_id = $1", [id]);
    expect(rows).toHaveLength(0);
  });

  it("lets a member read the team, and asks for $update_team / $delete_team to change it", async () => {
    const user = await signUpUser(t, project.client);
    const outsider = await signUpUser(t, project.client);
    const id = await teamWith([user]);
    expect((await client(user, "GET", `/teams/${id}`)).status).toBe(200);
    expect((await client(outsider, "GET", `/teams/${id}`)).json).toMatchObject({
      code: "TEAM_MEMBERSHIP_NOT_FOUND",
      details: { team_id: id, user_id: outsider.userId },
    });
    expect((await client(user, "PATCH", `/teams/${id}`, { display_name: "x" })).json).toMatchObject({
      code: "TEAM_PERMISSION_REQUIRED",
      details: { team_id: id, user_id: user.userId, permission_id: "$update_team" },
    });
    expect((await client(user, "DELETE", `/teams/${id}`)).json).toMatchObject({
      code: "TEAM_PERMISSION_REQUIRED",
      details: { permission_id: "$delete_team" },
    });
    expect((await client(outsider, "DELETE", `/teams/${id}`)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await client(user, "PATCH", `/teams/${id}`, { server_metadata: {} })).json.code).toBe("SCHEMA_ERROR");
    expect((await client(user, "GET", "/teams/00000000-0000-4000-8000-000000000000")).json.code).toBe("TEAM_NOT_FOUND");
  });

  it("keeps teams within their project", async () => {
    const other = await createProjectFixture(t);
    const id = await teamWith([project.user]);
    expect((await server("GET", `/teams/${id}`, undefined, other)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("PATCH", `/teams/${id}`, { display_name: "x" }, other)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("DELETE", `/teams/${id}`, undefined, other)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("POST", `/team-memberships/${id}/${other.user.userId}`, {}, other)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("GET", `/team-member-profiles?team_id=${id}`, undefined, other)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("GET", "/teams", undefined, other)).json.items.map((x: { id: string }) => x.id)).not.toContain(id);
    expect((await server("GET", `/teams/${id}`)).status).toBe(200);
  });
});

describe("team memberships", () => {
  it("adds a member once, and refuses unknown teams and users", async () => {
    const user = await signUpUser(t, project.client);
    const id = await teamWith([]);
    const res = await server("POST", `/team-memberships/${id}/${user.userId}`, {});
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ team_id: id, user_id: user.userId });
    const again = await server("POST", `/team-memberships/${id}/${user.userId}`, {});
    expect(again.status).toBe(409);
    expect(again.json.code).toBe("TEAM_MEMBERSHIP_ALREADY_EXISTS");
    expect((await server("POST", `/team-memberships/00000000-0000-4000-8000-000000000000/${user.userId}`, {})).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("POST", `/team-memberships/${id}/00000000-0000-4000-8000-000000000000`, {})).json.code).toBe("USER_NOT_FOUND");
  });

  it("grants the project's default member permissions to a member who joins", async () => {
    const fixture = await createProjectFixture(t);
    const definition = await call(t, "POST", "/team-permission-definitions", { creds: fixture.admin, body: { id: "read", description: "Read", contained_permission_ids: [] } });
    expect(definition.status).toBe(201);
    await call(t, "PATCH", "/internal/projects/current", { creds: fixture.admin, body: { config: { team_member_default_permissions: [{ id: "read" }] } } });
    const user = await signUpUser(t, fixture.client);
    const id = await teamWith([], fixture);
    expect((await server("POST", `/team-memberships/${id}/${user.userId}`, {}, fixture)).status).toBe(201);
    const listed = await call(t, "GET", `/team-permissions?team_id=${id}&user_id=${user.userId}`, { creds: fixture.server });
    expect(listed.json.items).toEqual([{ id: "read", team_id: id, user_id: user.userId }]);
  });

  it("lets a client leave a team, which unselects it", async () => {
    const user = await signUpUser(t, project.client);
    const id = await teamWith([user]);
    await select(user, id);
    // The Stack SDK sends `{}` with this bodiless DELETE.
    expect((await callUntyped(t, "DELETE", `/team-memberships/${id}/me`, { creds: as(user), body: {} })).json).toEqual({ success: true });
    expect((await call(t, "GET", "/users/me", { creds: as(user) })).json.selected_team_id).toBeNull();
    expect((await client(user, "GET", `/teams/${id}`)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await callUntyped(t, "DELETE", `/team-memberships/${id}/me`, { creds: as(user), body: {} })).json).toMatchObject({
      code: "TEAM_MEMBERSHIP_NOT_FOUND",
      details: { team_id: id, user_id: user.userId },
    });
  });

  it("asks a client for $remove_members to remove someone else; the server may", async () => {
    const a = await signUpUser(t, project.client);
    const b = await signUpUser(t, project.client);
    const id = await teamWith([a, b]);
    expect((await client(a, "DELETE", `/team-memberships/${id}/${b.userId}`)).json).toMatchObject({
      code: "TEAM_PERMISSION_REQUIRED",
      details: { team_id: id, user_id: a.userId, permission_id: "$remove_members" },
    });
    expect((await server("DELETE", `/team-memberships/${id}/${b.userId}`)).json).toEqual({ success: true });
    expect((await server("DELETE", `/team-memberships/${id}/${b.userId}`)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await server("DELETE", `/team-memberships/00000000-0000-4000-8000-000000000000/${b.userId}`)).json.code).toBe("TEAM_NOT_FOUND");
  });
});

describe("team member profiles", () => {
  it("shows members' names (their own, else the user's), with the user on the server", async () => {
    const a = await signUpUser(t, project.client);
    const b = await signUpUser(t, project.client);
    await server("PATCH", `/users/${a.userId}`, { display_name: "Ada", profile_image_url: "https://example.com/ada.png" });
    const id = await teamWith([a, b]);
    const list = await server("GET", `/team-member-profiles?team_id=${id}`);
    expect(list.json.items.map((p: { user_id: string }) => p.user_id)).toEqual([a.userId, b.userId]);
    expect(list.json.items[0]).toMatchObject({ team_id: id, user_id: a.userId, display_name: "Ada", profile_image_url: "https://example.com/ada.png" });
    expect(list.json.items[0].user).toMatchObject({ id: a.userId, primary_email: a.email, server_metadata: null });

    const upd = await client(a, "PATCH", `/team-member-profiles/${id}/me`, { display_name: "Ada at work", profile_image_url: null });
    expect(upd.json).toEqual({ team_id: id, user_id: a.userId, display_name: "Ada at work", profile_image_url: "https://example.com/ada.png" });
    const own = await client(a, "GET", `/team-member-profiles/${id}/me`);
    expect(own.json.display_name).toBe("Ada at work");
    expect(own.json).not.toHaveProperty("user");
    const byUser = await server("GET", `/team-member-profiles?user_id=${a.userId}`);
    expect(byUser.json.items).toHaveLength(1);
    expect((await server("PATCH", `/team-member-profiles/${id}/${b.userId}`, { display_name: "Bee" })).json.display_name).toBe("Bee");
    expect((await server("GET", `/team-member-profiles/${id}/${b.userId}`)).json.user.id).toBe(b.userId);
  });

  it("lets a client read its own profile, and asks for $read_members to read others", async () => {
    const a = await signUpUser(t, project.client);
    const b = await signUpUser(t, project.client);
    const outsider = await signUpUser(t, project.client);
    const id = await teamWith([a, b]);
    expect((await client(a, "GET", `/team-member-profiles?team_id=${id}&user_id=me`)).json.items).toHaveLength(1);
    expect((await client(a, "GET", `/team-member-profiles?team_id=${id}`)).json).toMatchObject({
      code: "TEAM_PERMISSION_REQUIRED",
      details: { permission_id: "$read_members" },
    });
    expect((await client(a, "GET", `/team-member-profiles/${id}/${b.userId}`)).json.code).toBe("TEAM_PERMISSION_REQUIRED");
    expect((await client(outsider, "GET", `/team-member-profiles?team_id=${id}&user_id=me`)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect(plainRefusal(await client(a, "GET", "/team-member-profiles?user_id=me"))).toEqual([400, expect.stringContaining("team_id is required")]);
    const othersProfile = await client(a, "PATCH", `/team-member-profiles/${id}/${b.userId}`, { display_name: "x" });
    expect(plainRefusal(othersProfile)).toEqual([403, expect.stringContaining("own team profile")]);
    expect((await client(outsider, "PATCH", `/team-member-profiles/${id}/me`, { display_name: "x" })).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
    expect((await server("GET", `/team-member-profiles/${id}/${outsider.userId}`)).json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
  });
});

describe("team permissions, once granted", () => {
  const grant = async (teamId: string, user: SignedInUser, permissionId: string) =>
    expect((await server("POST", `/team-permissions/${teamId}/${user.userId}/${permissionId}`, {})).status).toBe(201);

  it("lets a member with $update_team and $delete_team change and delete the team", async () => {
    const user = await signUpUser(t, project.client);
    const id = await teamWith([user]);
    await grant(id, user, "$update_team");
    const upd = await client(user, "PATCH", `/teams/${id}`, { display_name: "By client", client_metadata: { c: 1 } });
    expect(upd.json).toEqual({ id, display_name: "By client", profile_image_url: null, client_metadata: { c: 1 }, client_read_only_metadata: null });
    expect((await client(user, "DELETE", `/teams/${id}`)).json.code).toBe("TEAM_PERMISSION_REQUIRED");
    await grant(id, user, "$delete_team");
    expect((await client(user, "DELETE", `/teams/${id}`)).json).toEqual({ success: true });
    expect((await server("GET", `/teams/${id}`)).json.code).toBe("TEAM_NOT_FOUND");
  });

  it("lets a member with $read_members list profiles and $remove_members remove others", async () => {
    const a = await signUpUser(t, project.client);
    const b = await signUpUser(t, project.client);
    const id = await teamWith([a, b]);
    await grant(id, a, "$read_members");
    expect((await client(a, "GET", `/team-member-profiles?team_id=${id}`)).json.items).toHaveLength(2);
    expect((await client(a, "GET", `/team-member-profiles/${id}/${b.userId}`)).json.user_id).toBe(b.userId);
    await grant(id, a, "$remove_members");
    expect((await client(a, "DELETE", `/team-memberships/${id}/${b.userId}`)).json).toEqual({ success: true });
    expect((await client(a, "GET", `/team-member-profiles?team_id=${id}`)).json.items).toHaveLength(1);
  });
});

describe("the starter permissions of a new project", () => {
  it("let a team's creator manage it, and its members read and invite but not change or remove", async () => {
    const fx = await createProjectFixture(t);
    const creator = await signUpUser(t, fx.client);
    const member = await signUpUser(t, fx.client);
    const id = await teamWith([creator, member], fx);

    expect((await client(member, "GET", `/team-member-profiles?team_id=${id}`, undefined, fx)).json.items).toHaveLength(2);
    expect((await client(member, "GET", `/team-invitations?team_id=${id}`, undefined, fx)).json.items).toEqual([]);
    expect((await client(member, "PATCH", `/teams/${id}`, { display_name: "x" }, fx)).json.code).toBe("TEAM_PERMISSION_REQUIRED");
    expect((await client(member, "DELETE", `/team-memberships/${id}/${creator.userId}`, undefined, fx)).json.code).toBe("TEAM_PERMISSION_REQUIRED");

    expect((await client(creator, "PATCH", `/teams/${id}`, { display_name: "Renamed" }, fx)).json.display_name).toBe("Renamed");
    expect((await client(creator, "DELETE", `/team-memberships/${id}/${member.userId}`, undefined, fx)).json).toEqual({ success: true });
    expect((await client(creator, "DELETE", `/teams/${id}`, undefined, fx)).json).toEqual({ success: true });
  });
});

const ZERO = "00000000-0000-4000-8000-000000000000";

describeSecurity({ operationId: "listTeams", method: "GET", path: "/teams?user_id=me", access: ["client", "server", "admin"], userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER" });
describeSecurity({ operationId: "createTeam", method: "POST", path: "/teams", access: ["client", "server", "admin"], body: { display_name: "S" }, userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({
  operationId: "getTeam",
  method: "GET",
  path: `/teams/${ZERO}`,
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/teams/${await foreignTeam(ctx)}`, creds: asProjectUser(ctx), code: "TEAM_MEMBERSHIP_NOT_FOUND" }),
});
describeSecurity({
  operationId: "updateTeam",
  method: "PATCH",
  path: `/teams/${ZERO}`,
  access: ["client", "server", "admin"],
  body: { display_name: "S" },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({
    path: `/teams/${await foreignTeam(ctx)}`,
    body: { display_name: "S" },
    creds: asProjectUser(ctx),
    code: "TEAM_MEMBERSHIP_NOT_FOUND",
  }),
  memberWithoutPermission: async (ctx) => ({
    path: `/teams/${(await teamWithoutPermissions(ctx)).teamId}`,
    body: { display_name: "S" },
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({
  operationId: "deleteTeam",
  method: "DELETE",
  path: `/teams/${ZERO}`,
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/teams/${await foreignTeam(ctx)}`, creds: asProjectUser(ctx), code: "TEAM_MEMBERSHIP_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => ({ path: `/teams/${(await teamWithoutPermissions(ctx)).teamId}`, creds: asProjectUser(ctx), code: "TEAM_PERMISSION_REQUIRED" }),
});
describeSecurity({ operationId: "createTeamMembership", method: "POST", path: `/team-memberships/${ZERO}/${ZERO}`, access: ["server", "admin"], body: {} });
describeSecurity({
  operationId: "deleteTeamMembership",
  method: "DELETE",
  path: `/team-memberships/${ZERO}/me`,
  access: ["client", "server", "admin"],
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: `/team-memberships/${await foreignTeam(ctx)}/${ctx.otherProject.user.userId}`, creds: asProjectUser(ctx), code: "TEAM_MEMBERSHIP_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => {
    const { teamId, otherUserId } = await teamWithoutPermissions(ctx);
    return { path: `/team-memberships/${teamId}/${otherUserId}`, creds: asProjectUser(ctx), code: "TEAM_PERMISSION_REQUIRED" };
  },
});
describeSecurity({
  operationId: "listTeamMemberProfiles",
  method: "GET",
  path: `/team-member-profiles?team_id=${ZERO}`,
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({
    path: `/team-member-profiles?team_id=${await foreignTeam(ctx)}`,
    creds: asProjectUser(ctx),
    code: "TEAM_MEMBERSHIP_NOT_FOUND",
  }),
  memberWithoutPermission: async (ctx) => ({
    path: `/team-member-profiles?team_id=${(await teamWithoutPermissions(ctx)).teamId}`,
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({ operationId: "getTeamMemberProfile", method: "GET", path: `/team-member-profiles/${ZERO}/me`, access: ["client", "server", "admin"], userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER" });
describeSecurity({
  operationId: "updateTeamMemberProfile",
  method: "PATCH",
  path: `/team-member-profiles/${ZERO}/me`,
  access: ["client", "server", "admin"],
  body: { display_name: "S" },
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
});
