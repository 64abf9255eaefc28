/**
 * Okta's SCIM 2.0 provisioning, replayed over HTTP against a real server: the requests and
 * bodies of Okta's "SCIM 2.0 protocol reference" (developer.okta.com, SCIM 2.0), in the order
 * Okta sends them when a user is assigned to the app, changed, deactivated and reactivated, and
 * when a group is pushed and its members change. Written from that documentation; no live Okta.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type TestServer } from "../harness";
import { api, GROUP_SCHEMA, LIST_RESPONSE, PATCH_OP, scimClient, sessionOf, teamsOf, teamWithDirectory, tokensWork, USER_SCHEMA } from "../support/scim-idp";

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
}, 120_000);
afterAll(() => server?.close());

const oktaUser = (userName: string, externalId: string) => ({
  schemas: [USER_SCHEMA],
  userName,
  name: { givenName: "Test", familyName: "User" },
  emails: [{ primary: true, value: userName, type: "work" }],
  displayName: "Test User",
  locale: "en-US",
  externalId,
  groups: [],
  // Okta sends a password when the app syncs them; Gatehouse never keeps it.
  password: "1mz050nq",
  active: true,
});

describe("Okta: users", () => {
  it("looks the user up, creates, reads, replaces, deactivates (signing them out at once) and reactivates them", async () => {
    const { teamId, token } = await teamWithDirectory(server, "Okta customer");
    const scim = scimClient(server, token);
    const userName = `test.user.${crypto.randomUUID().slice(0, 8)}@okta.local`;

    // 1. Okta checks whether the user exists.
    const lookup = await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}&startIndex=1&count=100`);
    expect(lookup.status).toBe(200);
    expect(lookup.contentType).toMatch(/^application\/scim\+json/);
    expect(lookup.json).toEqual({ schemas: [LIST_RESPONSE], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });

    // 2. It creates them.
    const created = await scim("POST", "/Users", oktaUser(userName, "00ujl29u0le5T6Aj10h7"));
    expect(created.status).toBe(201);
    const id: string = created.json.id;
    expect(created.location).toBe(created.json.meta.location);
    expect(created.json).toMatchObject({
      schemas: [USER_SCHEMA],
      userName,
      externalId: "00ujl29u0le5T6Aj10h7",
      active: true,
      name: { givenName: "Test", familyName: "User" },
      emails: [{ primary: true, value: userName, type: "work" }],
      meta: { resourceType: "User", location: expect.stringMatching(new RegExp(`/api/v1/scim/v2/Users/${id}$`)) },
    });
    expect(created.json).not.toHaveProperty("password");
    // A Gatehouse user of the project, in the directory's team, signing in with the work address.
    const user = await api(server, "server", "GET", `/users/${id}`);
    expect(user.json).toMatchObject({ display_name: "Test User", primary_email: userName, primary_email_verified: true, primary_email_auth_enabled: true });
    expect(await teamsOf(server, id)).toEqual([teamId]);

    // The same lookup now finds them; so do the other filters Okta and admins use.
    const found = await scim("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName.toUpperCase()}"`)}&startIndex=1&count=100`);
    expect(found.json.totalResults).toBe(1);
    expect(found.json.Resources[0].id).toBe(id);
    for (const filter of [
      'externalId eq "00ujl29u0le5T6Aj10h7"',
      `emails[type eq "work"].value eq "${userName}"`,
      'displayName eq "test user"',
      `userName eq "${userName}" and active eq true`,
      `userName eq "nobody@okta.local" or externalId eq "00ujl29u0le5T6Aj10h7"`,
      `id eq "${id.toUpperCase()}"`,
    ]) {
      const res = await scim("GET", `/Users?filter=${encodeURIComponent(filter)}`);
      expect(res.json.totalResults, filter).toBe(1);
    }
    for (const filter of [
      'externalId eq "00UJL29U0LE5T6AJ10H7"',
      `emails[type eq "home"].value eq "${userName}"`,
      `userName eq "${userName}" and active eq false`,
      'id eq "not-a-uuid"',
    ]) {
      expect((await scim("GET", `/Users?filter=${encodeURIComponent(filter)}`)).json.totalResults, filter).toBe(0);
    }

    // 3. It reads them back.
    const read = await scim("GET", `/Users/${id}`);
    expect(read.json).toMatchObject({ id, userName, active: true });

    // 4. A profile change arrives as a PUT of the whole user.
    const replaced = await scim("PUT", `/Users/${id}`, { ...oktaUser(userName, "00ujl29u0le5T6Aj10h7"), id, name: { givenName: "Another", familyName: "User" }, displayName: "Another User" });
    expect(replaced.status).toBe(200);
    expect(replaced.json).toMatchObject({ name: { givenName: "Another", familyName: "User" }, displayName: "Another User" });
    expect((await api(server, "server", "GET", `/users/${id}`)).json.display_name).toBe("Another User");

    // 5. Deactivation: out of the team, and every token stops at once.
    const tokens = await sessionOf(server, id);
    const second = await sessionOf(server, id);
    expect(await tokensWork(server, tokens)).toEqual({ me: 200, refresh: 200 });
    const deactivated = await scim("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] });
    expect(deactivated.status).toBe(200);
    expect(deactivated.json.active).toBe(false);
    expect(await teamsOf(server, id)).toEqual([]);
    expect(await tokensWork(server, tokens)).toEqual({ me: "ACCESS_TOKEN_EXPIRED", refresh: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" });
    expect(await tokensWork(server, second)).toEqual({ me: "ACCESS_TOKEN_EXPIRED", refresh: "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED" });
    expect((await scim("GET", `/Users?filter=${encodeURIComponent("active eq false")}`)).json.totalResults).toBe(1);

    // 6. Reactivation restores the membership.
    const reactivated = await scim("PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: true } }] });
    expect(reactivated.json.active).toBe(true);
    expect(await teamsOf(server, id)).toEqual([teamId]);
  });

  it("pages through users with startIndex and count", async () => {
    const { token } = await teamWithDirectory(server, "Paged");
    const scim = scimClient(server, token);
    const names = Array.from({ length: 5 }, (_, i) => `paged.${i}.${crypto.randomUUID().slice(0, 6)}@okta.local`);
    for (const name of names) expect((await scim("POST", "/Users", oktaUser(name, name))).status).toBe(201);
    const first = await scim("GET", "/Users?startIndex=1&count=2");
    expect(first.json).toMatchObject({ totalResults: 5, startIndex: 1, itemsPerPage: 2 });
    const third = await scim("GET", "/Users?startIndex=5&count=2");
    expect(third.json).toMatchObject({ totalResults: 5, startIndex: 5, itemsPerPage: 1 });
    const all = [...first.json.Resources, ...(await scim("GET", "/Users?startIndex=3&count=2")).json.Resources, ...third.json.Resources];
    expect(all.map((u: { userName: string }) => u.userName)).toEqual(names);
    expect((await scim("GET", "/Users?count=1000")).json.itemsPerPage).toBe(5);
    expect((await scim("GET", "/Users?startIndex=0&count=-3")).json).toMatchObject({ startIndex: 1, itemsPerPage: 0, totalResults: 5 });
  });

  it("refuses a duplicate userName with 409 uniqueness and a bad filter with 400 invalidFilter", async () => {
    const { token } = await teamWithDirectory(server, "Strict");
    const scim = scimClient(server, token);
    const userName = `dup.${crypto.randomUUID().slice(0, 8)}@okta.local`;
    expect((await scim("POST", "/Users", oktaUser(userName, "a"))).status).toBe(201);
    const again = await scim("POST", "/Users", { ...oktaUser(userName.toUpperCase(), "b"), emails: [] });
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "409", scimType: "uniqueness" });
    const bad = await scim("GET", `/Users?filter=${encodeURIComponent('userName eq "x" and')}`);
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({ status: "400", scimType: "invalidFilter" });
  });

  it("keeps one directory's token out of another team's users", async () => {
    const a = await teamWithDirectory(server, "Team A");
    const b = await teamWithDirectory(server, "Team B");
    const userName = `b.${crypto.randomUUID().slice(0, 8)}@okta.local`;
    const ofB = await scimClient(server, b.token)("POST", "/Users", oktaUser(userName, "b1"));
    const scimA = scimClient(server, a.token);
    expect((await scimA("GET", `/Users?filter=${encodeURIComponent(`userName eq "${userName}"`)}`)).json.totalResults).toBe(0);
    expect((await scimA("GET", "/Users")).json.totalResults).toBe(0);
    expect((await scimA("GET", `/Users/${ofB.json.id}`)).status).toBe(404);
    expect((await scimA("PATCH", `/Users/${ofB.json.id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] })).status).toBe(404);
    expect((await scimA("DELETE", `/Users/${ofB.json.id}`)).status).toBe(404);
    expect(await teamsOf(server, ofB.json.id)).toEqual([b.teamId]);
  });
});

describe("Okta: groups (Group Push)", () => {
  it("pushes a group, renames it, adds and removes members, and deletes it", async () => {
    const { directoryId, teamId, token } = await teamWithDirectory(server, "Group push");
    const scim = scimClient(server, token);
    const member = await scim("POST", "/Users", oktaUser(`member.${crypto.randomUUID().slice(0, 8)}@okta.local`, "m1"));
    const memberId: string = member.json.id;

    const name = `Test SCIMv2 ${crypto.randomUUID().slice(0, 6)}`;
    const lookup = await scim("GET", `/Groups?filter=${encodeURIComponent(`displayName eq "${name}"`)}&startIndex=1&count=100`);
    expect(lookup.json.totalResults).toBe(0);
    const created = await scim("POST", "/Groups", { schemas: [GROUP_SCHEMA], displayName: name, members: [] });
    expect(created.status).toBe(201);
    const groupId: string = created.json.id;
    expect(created.json).toMatchObject({ schemas: [GROUP_SCHEMA], displayName: name, members: [], meta: { resourceType: "Group" } });
    expect((await scim("GET", `/Groups/${groupId}`)).json.displayName).toBe(name);

    // The admin maps the group to a team permission in the dashboard.
    const mapped = await api(server, "admin", "PUT", `/internal/scim-directories/${directoryId}/groups/${groupId}/permissions`, { permission_ids: ["team_admin"] });
    expect(mapped.status, JSON.stringify(mapped.json)).toBe(200);

    // Okta renames with a replace whose value carries the id and the new name.
    const renamed = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { id: groupId, displayName: `${name} renamed` } }] });
    expect(renamed.status).toBe(200);
    expect(renamed.json.displayName).toBe(`${name} renamed`);

    const permissionsOf = async () =>
      ((await api(server, "server", "GET", `/team-permissions?team_id=${teamId}&user_id=${memberId}&recursive=false`)).json.items as Array<{ id: string }>).map((p) => p.id).sort();
    expect(await permissionsOf()).toEqual(["team_member"]);
    const added = await scim("PATCH", `/Groups/${groupId}`, {
      schemas: [PATCH_OP],
      Operations: [{ op: "add", path: "members", value: [{ value: memberId, display: member.json.userName }] }],
    });
    expect(added.status).toBe(200);
    expect(added.json.members.map((m: { value: string }) => m.value)).toEqual([memberId]);
    expect(await permissionsOf()).toEqual(["team_admin", "team_member"]);
    expect((await scim("GET", `/Users/${memberId}`)).json.groups).toEqual([expect.objectContaining({ value: groupId, display: `${name} renamed` })]);
    expect((await scim("GET", `/Groups?filter=${encodeURIComponent(`members[value eq "${memberId}"]`)}`)).json.totalResults).toBe(1);
    // Entra ID's membership check: the group by id, with the member by value.
    const membership = `id eq "${groupId}" and members[value eq "${memberId.toUpperCase()}"]`;
    expect((await scim("GET", `/Groups?excludedAttributes=members&filter=${encodeURIComponent(membership)}`)).json.totalResults).toBe(1);
    expect((await scim("GET", `/Groups?filter=${encodeURIComponent('members[value eq "not-a-uuid"]')}`)).json.totalResults).toBe(0);

    const removed = await scim("PATCH", `/Groups/${groupId}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${memberId}"]` }] });
    expect(removed.json.members).toEqual([]);
    expect(await permissionsOf()).toEqual(["team_member"]);

    expect((await scim("DELETE", `/Groups/${groupId}`)).status).toBe(204);
    expect((await scim("GET", `/Groups/${groupId}`)).status).toBe(404);
    expect((await scim("DELETE", `/Groups/${groupId}`)).status).toBe(404);
  });
});
