import { beforeAll, describe, expect, it } from "vitest";
import { hashSecret } from "../../crypto/secret-hash";
import { verifyAuditChain } from "../../services/audit-log/verify";
import { call, callUntyped, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { describeScimSecurity, describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
beforeAll(() => {
  t = app();
});

const asAdmin = (project: ProjectFixture, method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown) =>
  callUntyped(t, method, path, { creds: project.admin, body });

async function teamOf(project: ProjectFixture, name = "Acme"): Promise<string> {
  return (await call(t, "POST", "/teams", { creds: project.server, body: { display_name: name } })).json.id;
}

async function directoryFor(project: ProjectFixture, teamId: string) {
  const created = await asAdmin(project, "POST", "/internal/scim-directories", { team_id: teamId, display_name: "Okta" });
  expect(created.status, created.text).toBe(201);
  return created.json as { id: string; token: string; base_url: string };
}

/** A SCIM request as an identity provider sends it. */
async function scim(token: string | null, method: string, path: string, body?: unknown) {
  const res = await t.request(`/api/v1/scim/v2${path}`, {
    method,
    headers: { ...(token === null ? {} : { authorization: `Bearer ${token}` }), ...(body === undefined ? {} : { "content-type": "application/scim+json" }) },
    body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, type: res.headers.get("content-type"), json: text ? JSON.parse(text) : null, text };
}

const scimUser = (userName: string, extra: Record<string, unknown> = {}) => ({
  schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"],
  userName,
  name: { givenName: "Ada", familyName: "Lovelace" },
  emails: [{ value: userName, type: "work", primary: true }],
  active: true,
  ...extra,
});

describe("SCIM directories (admin API)", () => {
  it("shows the token once, keeps its digest only, rotates and revokes it, and removes the directory", async () => {
    const project = await createProjectFixture(t);
    const teamId = await teamOf(project);
    const directory = await directoryFor(project, teamId);
    expect(directory).toMatchObject({ team_id: teamId, display_name: "Okta", has_token: true, token: expect.stringMatching(/^scim_[A-Za-z0-9]{43}$/) });
    expect(directory.base_url).toMatch(/\/api\/v1\/scim\/v2$/);
    const stored = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM scim_directories WHERE id = $1", [directory.id]);
    expect(stored[0]!.token_hash).toBe(hashSecret(directory.token));
    expect(JSON.stringify(await t.db.query("SELECT * FROM scim_directories WHERE id = $1", [directory.id]))).not.toContain(directory.token);
    expect((await asAdmin(project, "GET", `/internal/scim-directories/${directory.id}`)).json).not.toHaveProperty("token");
    expect((await scim(directory.token, "GET", "/Users")).status).toBe(200);

    const rotated = await asAdmin(project, "POST", `/internal/scim-directories/${directory.id}/rotate-token`);
    expect(rotated.json.token).not.toBe(directory.token);
    expect((await scim(directory.token, "GET", "/Users")).status).toBe(401);
    expect((await scim(rotated.json.token, "GET", "/Users")).status).toBe(200);

    const revoked = await asAdmin(project, "POST", `/internal/scim-directories/${directory.id}/revoke-token`);
    expect(revoked.json).toMatchObject({ has_token: false, token_hint: null });
    expect((await scim(rotated.json.token, "GET", "/Users")).status).toBe(401);

    const listed = await asAdmin(project, "GET", `/internal/scim-directories?team_id=${teamId}`);
    expect(listed.json.items.map((d: { id: string }) => d.id)).toEqual([directory.id]);
    expect((await asAdmin(project, "DELETE", `/internal/scim-directories/${directory.id}`)).status).toBe(200);
    expect((await asAdmin(project, "GET", `/internal/scim-directories/${directory.id}`)).json.code).toBe("SCIM_DIRECTORY_NOT_FOUND");
  });

  it("refuses a team of another project, and an unknown team", async () => {
    const project = await createProjectFixture(t);
    const other = await createProjectFixture(t);
    const foreignTeam = await teamOf(other);
    const res = await asAdmin(project, "POST", "/internal/scim-directories", { team_id: foreignTeam, display_name: "Okta" });
    expect(res.json.code).toBe("TEAM_NOT_FOUND");
  });

  it("maps a group to team permissions: members get them, lose them when they leave the group, and keep grants they had before", async () => {
    const project = await createProjectFixture(t);
    const teamId = await teamOf(project);
    const directory = await directoryFor(project, teamId);
    const ada = await scim(directory.token, "POST", "/Users", scimUser(uniqueEmail("ada")));
    expect(ada.status, ada.text).toBe(201);
    const group = await scim(directory.token, "POST", "/Groups", { displayName: "Engineering", members: [{ value: ada.json.id }] });
    expect(group.status, group.text).toBe(201);
    const permissions = async () =>
      ((await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=${ada.json.id}&recursive=false`, { creds: project.server })).json.items as Array<{ id: string }>)
        .map((p) => p.id)
        .sort();
    const before = await permissions();
    expect(before).toEqual(["team_member"]);

    const mapped = await asAdmin(project, "PUT", `/internal/scim-directories/${directory.id}/groups/${group.json.id}/permissions`, { permission_ids: ["team_admin", "team_member"] });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.json).toMatchObject({ display_name: "Engineering", member_count: 1, permission_ids: ["team_admin", "team_member"] });
    expect(await permissions()).toEqual(["team_admin", "team_member"]);

    const removed = await scim(directory.token, "PATCH", `/Groups/${group.json.id}`, {
      schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"],
      Operations: [{ op: "remove", path: `members[value eq "${ada.json.id}"]` }],
    });
    expect(removed.status, removed.text).toBe(200);
    // `team_member` was the team's default before the group mapped it: the directory never takes it back.
    expect(await permissions()).toEqual(["team_member"]);

    const unknown = await asAdmin(project, "PUT", `/internal/scim-directories/${directory.id}/groups/${group.json.id}/permissions`, { permission_ids: ["no_such_permission"] });
    expect(unknown.json.code).toBe("PERMISSION_NOT_FOUND");
    const groups = await asAdmin(project, "GET", `/internal/scim-directories/${directory.id}/groups`);
    expect(groups.json.items).toEqual([{ id: group.json.id, display_name: "Engineering", external_id: null, member_count: 0, permission_ids: ["team_admin", "team_member"] }]);
  });
});

describe("SCIM's audit events", () => {
  it("records the admin's and the identity provider's actions in the same transactions, in a chain that verifies", async () => {
    const project = await createProjectFixture(t);
    const teamId = await teamOf(project);
    const directory = await directoryFor(project, teamId);
    const ada = await scim(directory.token, "POST", "/Users", scimUser(uniqueEmail("ada")));
    const patch = (Operations: unknown[]) => scim(directory.token, "PATCH", `/Users/${ada.json.id}`, { Operations });
    await patch([{ op: "replace", path: "displayName", value: "Ada L." }]);
    await patch([{ op: "replace", value: { active: false } }]);
    // A refused change is not on record: it rolled back with its transaction.
    expect((await patch([{ op: "replace", path: "id", value: "x" }])).status).toBe(400);
    const group = await scim(directory.token, "POST", "/Groups", { displayName: "Ops", members: [{ value: ada.json.id }] });
    await asAdmin(project, "PUT", `/internal/scim-directories/${directory.id}/groups/${group.json.id}/permissions`, { permission_ids: ["team_member"] });
    await scim(directory.token, "PATCH", `/Groups/${group.json.id}`, { Operations: [{ op: "remove", path: `members[value eq "${ada.json.id}"]` }] });
    await scim(directory.token, "DELETE", `/Groups/${group.json.id}`);
    await scim(directory.token, "DELETE", `/Users/${ada.json.id}`);
    await asAdmin(project, "POST", `/internal/scim-directories/${directory.id}/rotate-token`);
    await asAdmin(project, "POST", `/internal/scim-directories/${directory.id}/revoke-token`);
    await asAdmin(project, "DELETE", `/internal/scim-directories/${directory.id}`);

    const events = await t.db.query<{ action: string; actor_type: string; actor_id: string | null; target_id: string | null; team_id: string | null }>(
      "SELECT action, actor_type, actor_id, target_id, team_id FROM audit_events WHERE project_id = $1 AND action LIKE 'scim.%' ORDER BY seq",
      [project.projectId],
    );
    expect(events.map((e) => `${e.action} by ${e.actor_type}`)).toEqual([
      "scim.directory.created by admin",
      "scim.user.created by scim",
      "scim.user.updated by scim",
      "scim.user.deactivated by scim",
      "scim.group.created by scim",
      "scim.group.updated by admin",
      "scim.group.updated by scim",
      "scim.group.deleted by scim",
      "scim.user.deleted by scim",
      "scim.directory.token_rotated by admin",
      "scim.directory.token_revoked by admin",
      "scim.directory.deleted by admin",
    ]);
    for (const event of events) expect(event.team_id).toBe(teamId);
    expect(events.filter((e) => e.actor_type === "scim").every((e) => e.actor_id === directory.id)).toBe(true);
    expect(events[1]!.target_id).toBe(ada.json.id);
    expect((await verifyAuditChain(t.db, { projectId: project.projectId, branchId: "main" })).valid).toBe(true);
  });
});

describe("SCIM protocol endpoints", () => {
  it("answer a missing, malformed or unknown token with 401 in SCIM's error schema", async () => {
    for (const token of [null, "nonsense", `scim_${"A".repeat(43)}`]) {
      const res = await scim(token, "GET", "/Users");
      expect(res.status).toBe(401);
      expect(res.type).toMatch(/^application\/scim\+json/);
      expect(res.json).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "401" });
    }
  });

  it("keep a directory's token inside its own project and team", async () => {
    const project = await createProjectFixture(t);
    const a = await directoryFor(project, await teamOf(project, "A"));
    const b = await directoryFor(project, await teamOf(project, "B"));
    const userOfB = await scim(b.token, "POST", "/Users", scimUser(uniqueEmail("b")));
    const groupOfB = await scim(b.token, "POST", "/Groups", { displayName: "B people" });
    const plainUser = await signUpUser(t, project.client);
    for (const id of [userOfB.json.id, plainUser.userId]) {
      expect((await scim(a.token, "GET", `/Users/${id}`)).status).toBe(404);
      expect((await scim(a.token, "PUT", `/Users/${id}`, scimUser(uniqueEmail("x")))).status).toBe(404);
      expect((await scim(a.token, "PATCH", `/Users/${id}`, { Operations: [{ op: "replace", value: { active: false } }] })).status).toBe(404);
      expect((await scim(a.token, "DELETE", `/Users/${id}`)).status).toBe(404);
    }
    expect((await scim(a.token, "GET", "/Users")).json.totalResults).toBe(0);
    expect((await scim(a.token, "GET", `/Groups/${groupOfB.json.id}`)).status).toBe(404);
    // B's user cannot be made a member of A's groups either.
    const group = await scim(a.token, "POST", "/Groups", { displayName: "A people", members: [{ value: userOfB.json.id }] });
    expect(group.json).toMatchObject({ status: "400", scimType: "invalidValue" });
    expect((await scim(b.token, "GET", `/Users/${userOfB.json.id}`)).json.active).toBe(true);
  });

  it("answer bad input with SCIM errors, never a 500", async () => {
    const project = await createProjectFixture(t);
    const { token } = await directoryFor(project, await teamOf(project));
    const cases: Array<[string, string, unknown, string, string | undefined]> = [
      ["GET", "/Users?filter=userName%20eq", undefined, "400", "invalidFilter"],
      ["GET", "/Users?filter=title%20eq%20%22x%22", undefined, "400", "invalidFilter"],
      ["GET", "/Users?filter=meta.lastModified%20gt%20%222020-01-01%22", undefined, "400", "invalidFilter"],
      ["GET", "/Users?startIndex=abc", undefined, "400", "invalidValue"],
      ["GET", "/Users/not-a-uuid", undefined, "404", undefined],
      ["GET", "/Users?filter=userName%20eq%20%22%00%22", undefined, "400", "invalidValue"],
      ["GET", "/Users?filter=userName%20eq%20%22%ED%A0%80%22", undefined, "400", "invalidFilter"],
      ["GET", "/Groups?filter=displayName%20eq%20%22a%00%22", undefined, "400", "invalidValue"],
      ["POST", "/Users", "{not json", "400", "invalidSyntax"],
      ["POST", "/Users", { name: { givenName: "x" } }, "400", "invalidValue"],
      ["POST", "/Users", { userName: "a\u0000b" }, "400", "invalidValue"],
      ["POST", "/Users", { userName: "x", emails: [{ value: "not an address" }] }, "400", "invalidValue"],
      ["POST", "/Users", { userName: "x", active: "maybe" }, "400", "invalidValue"],
      ["POST", "/Users", { userName: "x".repeat(300) }, "400", "invalidValue"],
      ["PATCH", "/Users/00000000-0000-4000-8000-000000000000", { Operations: [] }, "400", "invalidSyntax"],
      ["POST", "/Groups", { members: [] }, "400", "invalidValue"],
      ["POST", "/Bulk", {}, "501", undefined],
      ["GET", "/Nothing", undefined, "404", undefined],
    ];
    for (const [method, path, body, status, scimType] of cases) {
      const res = await scim(token, method, path, body);
      expect(res.json, `${method} ${path}: ${res.text}`).toMatchObject({ status, ...(scimType ? { scimType } : {}) });
      expect(res.status).toBe(Number(status));
    }
    const ada = await scim(token, "POST", "/Users", scimUser(uniqueEmail("ada")));
    const patch = (Operations: unknown[]) => scim(token, "PATCH", `/Users/${ada.json.id}`, { schemas: ["urn:ietf:params:scim:api:messages:2.0:PatchOp"], Operations });
    expect((await patch([{ op: "remove" }])).json).toMatchObject({ status: "400", scimType: "noTarget" });
    expect((await patch([{ op: "replace", path: "id", value: "x" }])).json).toMatchObject({ status: "400", scimType: "mutability" });
    expect((await patch([{ op: "move", path: "userName", value: "x" }])).json).toMatchObject({ status: "400", scimType: "invalidSyntax" });
    expect((await patch([{ op: "replace", path: "emails[type eq", value: "x" }])).json).toMatchObject({ status: "400", scimType: "invalidPath" });
    const big = await scim(token, "POST", "/Users", { userName: "big", title: "x".repeat(300_000) });
    expect(big.status).toBe(413);
    // Nesting as deep as the body limit allows: refused, not a stack overflow.
    for (const depth of [20, 100_000]) {
      const deep = await scim(token, "POST", "/Users", `{"userName":"deep${depth}","x":${"[".repeat(depth)}${"]".repeat(depth)}}`);
      expect(deep.json, deep.text.slice(0, 200)).toMatchObject({ status: "400" });
      const deepPatch = await scim(token, "PATCH", `/Users/${ada.json.id}`, `{"Operations":[{"op":"add","path":"x","value":${"[".repeat(depth)}${"]".repeat(depth)}}]}`);
      expect(deepPatch.json, deepPatch.text.slice(0, 200)).toMatchObject({ status: "400" });
    }
  });

  it("answer concurrent writes of one resource with success or a SCIM error, never a 500", async () => {
    const project = await createProjectFixture(t);
    const teamId = await teamOf(project);
    const { id: directoryId, token } = await directoryFor(project, teamId);
    const statuses = (answers: Array<{ status: number }>) => answers.map((answer) => answer.status).sort();
    const texts = (answers: Array<{ text: string }>) => answers.map((answer) => answer.text).join("\n");

    // The same userName twice at once: one is made, the other is refused as a duplicate. (Without
    // e-mails: two users made at once with one sign-in address can deadlock in user creation itself,
    // where the unique address waits while user_counts' randomly sharded rows are taken in turn.)
    for (let round = 0; round < 3; round++) {
      const userName = `twin-${crypto.randomUUID()}`;
      const twin = (name: string) => ({ schemas: ["urn:ietf:params:scim:schemas:core:2.0:User"], userName: name, displayName: "Twin" });
      const both = await Promise.all([scim(token, "POST", "/Users", twin(userName)), scim(token, "POST", "/Users", twin(userName.toUpperCase()))]);
      expect(statuses(both), texts(both)).toEqual([201, 409]);
      expect(both.find((answer) => answer.status === 409)!.json).toMatchObject({ scimType: "uniqueness" });
    }
    const twins = await scim(token, "GET", "/Users?count=0");
    expect(twins.json.totalResults).toBe(3);

    // Two mapped groups whose members are added at once, in opposite orders, by one PATCH each.
    const people: string[] = [];
    for (let i = 0; i < 6; i++) people.push((await scim(token, "POST", "/Users", scimUser(uniqueEmail(`member${i}`)))).json.id);
    const groups: string[] = [];
    for (const name of ["Engineering", "Support"]) {
      const group = (await scim(token, "POST", "/Groups", { displayName: name })).json.id as string;
      expect((await asAdmin(project, "PUT", `/internal/scim-directories/${directoryId}/groups/${group}/permissions`, { permission_ids: ["team_admin"] })).status).toBe(200);
      groups.push(group);
    }
    const add = (group: string, ids: string[]) =>
      scim(token, "PATCH", `/Groups/${group}`, { schemas: [PATCH_OP], Operations: ids.map((id) => ({ op: "add", path: "members", value: [{ value: id }] })) });
    const added = await Promise.all([add(groups[0]!, people), add(groups[1]!, [...people].reverse()), ...people.map((id) => add(groups[0]!, [id]))]);
    expect(statuses(added), texts(added)).toEqual(added.map(() => 200));
    for (const group of groups) {
      expect(((await scim(token, "GET", `/Groups/${group}`)).json.members as Array<{ value: string }>).map((m) => m.value).sort()).toEqual([...people].sort());
    }

    // A user deleted while being changed: each request succeeds or finds the user gone.
    for (const id of people.slice(0, 3)) {
      const raced = await Promise.all([
        scim(token, "DELETE", `/Users/${id}`),
        scim(token, "PATCH", `/Users/${id}`, { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] }),
        scim(token, "PATCH", `/Groups/${groups[0]}`, { schemas: [PATCH_OP], Operations: [{ op: "remove", path: `members[value eq "${id}"]` }] }),
      ]);
      expect(raced[0]!.status, texts(raced)).toBe(204);
      expect([200, 404], texts(raced)).toContain(raced[1]!.status);
      expect(raced[2]!.status, texts(raced)).toBe(200);
      expect((await scim(token, "GET", `/Users/${id}`)).status).toBe(404);
    }
  });

  it("limits each directory's token to its rate, answering 429 in SCIM's error schema with Retry-After, without touching another directory", async () => {
    const project = await createProjectFixture(t, { config: { rate_limits: { scim_per_directory: { max: 3 } } } });
    const busy = await directoryFor(project, await teamOf(project, "Busy"));
    const calm = await directoryFor(project, await teamOf(project, "Calm"));
    for (let i = 0; i < 3; i++) expect((await scim(busy.token, "GET", "/Users")).status).toBe(200);
    const refused = await t.request("/api/v1/scim/v2/Users", { headers: { authorization: `Bearer ${busy.token}` } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ schemas: ["urn:ietf:params:scim:api:messages:2.0:Error"], status: "429" });
    expect((await scim(calm.token, "GET", "/Users")).status).toBe(200);
  });

  it("answers the discovery endpoints", async () => {
    const project = await createProjectFixture(t);
    const { token } = await directoryFor(project, await teamOf(project));
    const config = await scim(token, "GET", "/ServiceProviderConfig");
    expect(config.json).toMatchObject({ patch: { supported: true }, filter: { supported: true, maxResults: 200 }, bulk: { supported: false } });
    expect((await scim(token, "GET", "/ResourceTypes")).json.Resources.map((r: { id: string }) => r.id)).toEqual(["User", "Group"]);
    expect((await scim(token, "GET", "/Schemas")).json.totalResults).toBe(2);
    expect((await scim(token, "GET", "/Schemas/urn:ietf:params:scim:schemas:core:2.0:User")).json.name).toBe("User");
  });
});

const DIRECTORY_ID = "6f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
const GROUP_ID = "7f1c2b7e-3a4d-4e5f-8a9b-0c1d2e3f4a5b";
describeSecurity({ operationId: "listScimDirectories", method: "GET", path: "/internal/scim-directories", access: ["admin"] });
describeSecurity({
  operationId: "createScimDirectory",
  method: "POST",
  path: "/internal/scim-directories",
  access: ["admin"],
  body: { team_id: DIRECTORY_ID, display_name: "Okta" },
});
describeSecurity({ operationId: "getScimDirectory", method: "GET", path: `/internal/scim-directories/${DIRECTORY_ID}`, access: ["admin"] });
describeSecurity({ operationId: "deleteScimDirectory", method: "DELETE", path: `/internal/scim-directories/${DIRECTORY_ID}`, access: ["admin"] });
describeSecurity({ operationId: "rotateScimDirectoryToken", method: "POST", path: `/internal/scim-directories/${DIRECTORY_ID}/rotate-token`, access: ["admin"] });
describeSecurity({ operationId: "revokeScimDirectoryToken", method: "POST", path: `/internal/scim-directories/${DIRECTORY_ID}/revoke-token`, access: ["admin"] });
describeSecurity({ operationId: "listScimDirectoryGroups", method: "GET", path: `/internal/scim-directories/${DIRECTORY_ID}/groups`, access: ["admin"] });
describeSecurity({
  operationId: "setScimGroupPermissions",
  method: "PUT",
  path: `/internal/scim-directories/${DIRECTORY_ID}/groups/${GROUP_ID}/permissions`,
  access: ["admin"],
  body: { permission_ids: [] },
});

// The SCIM endpoints themselves: their bearer-token matrix (security-table.ts, describeScimSecurity).
const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
describeScimSecurity({ method: "GET", path: "/ServiceProviderConfig" });
describeScimSecurity({ method: "GET", path: "/ResourceTypes" });
describeScimSecurity({ method: "GET", path: "/Schemas" });
describeScimSecurity({ method: "GET", path: "/Users" });
describeScimSecurity({ method: "POST", path: "/Users", body: { userName: "intruder@example.com" } });
describeScimSecurity({ method: "GET", path: "/Users/{user}" });
describeScimSecurity({ method: "PUT", path: "/Users/{user}", body: { userName: "intruder@example.com", active: false } });
describeScimSecurity({ method: "PATCH", path: "/Users/{user}", body: { schemas: [PATCH_OP], Operations: [{ op: "replace", value: { active: false } }] } });
describeScimSecurity({ method: "DELETE", path: "/Users/{user}" });
describeScimSecurity({ method: "GET", path: "/Groups" });
describeScimSecurity({ method: "POST", path: "/Groups", body: { displayName: "Intruders" } });
describeScimSecurity({ method: "GET", path: "/Groups/{group}" });
describeScimSecurity({ method: "PUT", path: "/Groups/{group}", body: { displayName: "Intruders", members: [] } });
describeScimSecurity({ method: "PATCH", path: "/Groups/{group}", body: { schemas: [PATCH_OP], Operations: [{ op: "replace", path: "members", value: [] }] } });
describeScimSecurity({ method: "DELETE", path: "/Groups/{group}" });
