import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, signUpUser, uniqueEmail, type Credentials, type ProjectFixture, type SignedInUser } from "../../testing/fixtures";
import { asProjectUser, describeSecurity, teamWithoutPermissions } from "../../testing/security-table";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { sweepOnce } from "../../services/retention/sweeper";

let t: TestApp;
let project: ProjectFixture;
const DEVICE = { "x-forwarded-for": "198.51.100.23", "user-agent": "AuditTest/2.0" };

beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: "true" } });
  project = await createProjectFixture(t);
});
afterAll(() => t?.close());

type Json = Record<string, any>;
const admin = async (path: string, fixture = project) => callUntyped(t, "GET", path, { creds: fixture.admin });
const adminEvents = async (query: string, fixture = project): Promise<Json[]> => {
  const res = await admin(`/internal/audit-log?limit=200&${query}`, fixture);
  expect(res.status, res.text).toBe(200);
  return res.json.items;
};
const as = (user: SignedInUser, fixture = project): Credentials => ({ ...fixture.client, accessToken: user.accessToken });
const signIn = (email: string, password: string, fixture = project) =>
  callUntyped(t, "POST", "/auth/password/sign-in", { creds: fixture.client, body: { email, password }, headers: DEVICE });

describe("what the audit log records", () => {
  it("a sign-up, a sign-in and a failed one, with the caller's IP and user agent, the failure kept although the request failed", async () => {
    const fixture = await createProjectFixture(t);
    const user = await signUpUser(t, fixture.client);
    expect((await signIn(user.email, "wrong password!", fixture)).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    expect((await signIn(user.email, user.password, fixture)).status).toBe(200);

    const mine = (await adminEvents(`user_id=${user.userId}`, fixture)).map((event) => [event.action, event.details.method]);
    expect(mine).toEqual([
      ["auth.sign_in.succeeded", "password"],
      ["auth.sign_in.failed", "password"],
      ["auth.sign_up.succeeded", "password"],
    ]);
    const [succeeded, failed] = await adminEvents(`user_id=${user.userId}&action_prefix=auth.sign_in`, fixture);
    expect(succeeded).toMatchObject({ actor: { type: "user", id: user.userId }, target: { type: "user", id: user.userId }, ip: "198.51.100.23", user_agent: "AuditTest/2.0" });
    expect(failed).toMatchObject({ actor: { type: "user", id: null }, target: { type: "user", id: user.userId }, details: { error: "EMAIL_PASSWORD_MISMATCH", email: user.email } });
  });

  it("records an unknown address's failed sign-in without a target", async () => {
    const email = uniqueEmail("nobody");
    await signIn(email, "whatever password");
    const [event] = await adminEvents("action=auth.sign_in.failed");
    expect(event).toMatchObject({ target: null, details: { email, method: "password" } });
  });

  it("records sign-out, session revocation, password change, second factor, keys, teams, permissions and admin changes with their actors", async () => {
    const user = await signUpUser(t, project.client);
    await callUntyped(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    const sessions = await callUntyped(t, "GET", "/auth/sessions?user_id=me", { creds: as(user) });
    const other = sessions.json.items.find((s: Json) => !s.is_current_session);
    expect((await callUntyped(t, "DELETE", `/auth/sessions/${other.id}?user_id=me`, { creds: as(user) })).status).toBe(200);
    await callUntyped(t, "POST", "/auth/password/update", { creds: as(user), body: { old_password: user.password, new_password: "another long password" } });
    const third = await callUntyped(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: "another long password" } });
    await callUntyped(t, "DELETE", "/auth/sessions/current", { creds: { ...project.client, accessToken: third.json.access_token } });
    await callUntyped(t, "PATCH", `/users/${user.userId}`, { creds: project.server, body: { totp_secret_base64: Buffer.alloc(20, 7).toString("base64"), display_name: "Changed" } });
    const team = await callUntyped(t, "POST", "/teams", { creds: project.server, body: { display_name: "Audited" } });
    await callUntyped(t, "POST", `/team-memberships/${team.json.id}/${user.userId}`, { creds: project.server, body: {} });
    await callUntyped(t, "POST", `/team-permissions/${team.json.id}/${user.userId}/$update_team`, { creds: project.server, body: {} });
    await callUntyped(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": true }) } });

    const events = await adminEvents(`user_id=${user.userId}`);
    const summary = events.map((event) => [event.action, event.actor.type]).reverse();
    expect(summary).toEqual([
      ["auth.sign_up.succeeded", "user"],
      ["auth.sign_in.succeeded", "user"],
      ["session.revoked", "user"],
      ["auth.password.changed", "user"],
      ["auth.sign_in.succeeded", "user"],
      ["auth.sign_out", "user"],
      ["auth.mfa.enabled", "server"],
      ["user.updated", "server"],
      ["team.member.added", "server"],
      ["permission.granted", "server"],
    ]);
    expect(events.find((event) => event.action === "user.updated")!.details.fields).toEqual(["displayName", "totpSecretBase64"]);
    expect(JSON.stringify(events)).not.toContain(Buffer.alloc(20, 7).toString("base64"));
    const teamEvents = await adminEvents(`team_id=${team.json.id}`);
    expect(teamEvents.map((event) => event.action).reverse()).toEqual(["team.created", "team.member.added", "permission.granted"]);
    const [config] = await adminEvents("action=project.config.updated");
    expect(config).toMatchObject({ actor: { type: "admin", id: null }, target: { type: "project", id: project.projectId }, details: { level: "environment", keys: ["teams.allowClientTeamCreation"] } });
  });

  it("records API keys, e-mail changes, passkeys switched off, a refused code, team changes and a user's deletion with their actors", async () => {
    const fixture = await createProjectFixture(t, { config: { allow_user_api_keys: true, magic_link_enabled: true } });
    const user = await signUpUser(t, fixture.client);
    const key = await callUntyped(t, "POST", "/user-api-keys", { creds: as(user, fixture), body: { description: "ci", expires_at_millis: null, user_id: "me" } });
    expect(key.status, key.text).toBe(200);
    await callUntyped(t, "PATCH", `/user-api-keys/${key.json.id}`, { creds: fixture.server, body: { revoked: true } });
    await callUntyped(t, "PATCH", `/users/${user.userId}`, { creds: fixture.server, body: { primary_email: uniqueEmail("moved") } });
    await callUntyped(t, "PATCH", `/users/${user.userId}`, { creds: fixture.server, body: { passkey_auth_enabled: false } });
    const team = await callUntyped(t, "POST", "/teams", { creds: fixture.server, body: { display_name: "Short-lived" } });
    await callUntyped(t, "POST", `/team-memberships/${team.json.id}/${user.userId}`, { creds: fixture.server, body: {} });
    await callUntyped(t, "PATCH", `/teams/${team.json.id}`, { creds: fixture.server, body: { display_name: "Renamed" } });
    await callUntyped(t, "DELETE", `/team-memberships/${team.json.id}/${user.userId}`, { creds: fixture.server });
    await callUntyped(t, "DELETE", `/teams/${team.json.id}`, { creds: fixture.server });
    await callUntyped(t, "DELETE", `/users/${user.userId}`, { creds: fixture.server });
    expect((await callUntyped(t, "POST", "/auth/otp/sign-in", { creds: fixture.client, body: { code: "A".repeat(45) } })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");

    const byUser = (await adminEvents(`user_id=${user.userId}`, fixture)).map((event) => [event.action, event.actor.type]).reverse();
    expect(byUser).toEqual([
      ["auth.sign_up.succeeded", "user"],
      ["api_key.created", "user"],
      ["auth.email.changed", "server"],
      ["user.updated", "server"],
      ["auth.passkey.removed", "server"],
      ["user.updated", "server"],
      ["team.member.added", "server"],
      ["team.member.removed", "server"],
      ["user.deleted", "server"],
    ]);
    const keys = (await adminEvents("action_prefix=api_key.", fixture)).reverse();
    expect(keys).toMatchObject([
      { action: "api_key.created", actor: { type: "user", id: user.userId }, target: { type: "api_key", id: key.json.id }, details: { owner_type: "user", user_id: user.userId } },
      { action: "api_key.revoked", actor: { type: "server", id: null }, target: { type: "api_key", id: key.json.id } },
    ]);
    expect((await adminEvents(`team_id=${team.json.id}`, fixture)).map((event) => event.action).reverse()).toEqual([
      "team.created",
      "team.member.added",
      "team.updated",
      "team.member.removed",
      "team.deleted",
    ]);
    const [refused] = await adminEvents("action=auth.sign_in.failed", fixture);
    expect(refused).toMatchObject({ actor: { type: "user", id: null }, target: null, details: { method: "otp", error: "VERIFICATION_CODE_NOT_FOUND" } });
  });

  it("rolls an event back with its action", async () => {
    const before = await adminEvents("action=team.created");
    await callUntyped(t, "POST", "/teams", { creds: project.server, body: { display_name: "x", creator_user_id: "00000000-0000-4000-8000-000000000000" } });
    expect(await adminEvents("action=team.created")).toHaveLength(before.length);
  });
});

describe("the admin list", () => {
  let fixture: ProjectFixture;
  let users: SignedInUser[];
  beforeAll(async () => {
    fixture = await createProjectFixture(t);
    users = [];
    for (let i = 0; i < 4; i++) users.push(await signUpUser(t, fixture.client));
  });

  it("pages with a cursor through every event once, newest first, never by offset", async () => {
    const all = await adminEvents("", fixture);
    const seen: number[] = [];
    let cursor = "";
    for (;;) {
      const res = await admin(`/internal/audit-log?limit=2${cursor ? `&cursor=${cursor}` : ""}`, fixture);
      seen.push(...res.json.items.map((event: Json) => event.seq));
      if (!res.json.pagination.next_cursor) break;
      cursor = res.json.pagination.next_cursor;
    }
    expect(seen).toEqual(all.map((event) => event.seq));
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it("filters by action, action prefix and time range, and keeps each project's log to itself", async () => {
    const signUps = await adminEvents("action=auth.sign_up.succeeded", fixture);
    expect(signUps.map((event) => event.target.id).sort()).toEqual([fixture.user.userId, ...users.map((u) => u.userId)].sort());
    expect(await adminEvents("action_prefix=auth.", fixture)).toHaveLength(signUps.length);
    expect(await adminEvents("action_prefix=scim.", fixture)).toEqual([]);
    const third = signUps[signUps.length - 3]!;
    const fromThird = await adminEvents(`action=auth.sign_up.succeeded&from_millis=${third.created_at_millis}`, fixture);
    expect(fromThird.every((event) => event.created_at_millis >= third.created_at_millis)).toBe(true);
    expect(fromThird.map((event) => event.seq)).toContain(third.seq);
    const untilThird = await adminEvents(`action=auth.sign_up.succeeded&to_millis=${third.created_at_millis}`, fixture);
    expect(untilThird.map((event) => event.seq)).toContain(third.seq);
    expect(untilThird.every((event) => event.created_at_millis <= third.created_at_millis)).toBe(true);
    expect(await adminEvents(`from_millis=${Date.now() + 60_000}`, fixture)).toEqual([]);
    // Another project's users are not in this project's log.
    expect(await adminEvents(`user_id=${project.user.userId}`, fixture)).toEqual([]);
  });

  it.each([
    ["an unknown action", "action=auth.sign_in.maybe", "AUDIT_LOG_FILTER_INVALID"],
    ["a malformed cursor", "cursor=abc", "AUDIT_LOG_FILTER_INVALID"],
    ["a start after the end", "from_millis=2000&to_millis=1000", "AUDIT_LOG_FILTER_INVALID"],
    ["a prefix with other characters", "action_prefix=auth%25", "SCHEMA_ERROR"],
    ["a page too large", "limit=201", "SCHEMA_ERROR"],
    ["a time that is not a number", "from_millis=yesterday", "SCHEMA_ERROR"],
  ])("refuses %s with a known error", async (_, query, code) => {
    const res = await admin(`/internal/audit-log?${query}`, fixture);
    expect([res.status, res.json?.code]).toEqual([400, code]);
  });
});

describe("verification", () => {
  it("verifies the chain, then finds an event changed in SQL and one deleted", async () => {
    const fixture = await createProjectFixture(t);
    for (let i = 0; i < 3; i++) await signUpUser(t, fixture.client);
    const ok = await admin("/internal/audit-log/verify", fixture);
    expect(ok.json).toMatchObject({ valid: true, checkpoint_seq: 0, first_broken: null });
    expect(ok.json.checked_events).toBe(ok.json.last_seq);

    const events = await adminEvents("", fixture);
    const victim = events[2]!;
    await t.db.query("UPDATE audit_events SET actor_id = 'someone-else' WHERE project_id = $1 AND seq = $2", [fixture.projectId, victim.seq]);
    expect((await admin("/internal/audit-log/verify", fixture)).json).toMatchObject({ valid: false, first_broken: { seq: victim.seq, event_id: victim.id, reason: "changed" } });
    await t.db.query("UPDATE audit_events SET actor_id = $3 WHERE project_id = $1 AND seq = $2", [fixture.projectId, victim.seq, victim.actor.id]);
    expect((await admin("/internal/audit-log/verify", fixture)).json.valid).toBe(true);

    await t.db.query("DELETE FROM audit_events WHERE project_id = $1 AND seq = $2", [fixture.projectId, victim.seq]);
    expect((await admin("/internal/audit-log/verify", fixture)).json).toMatchObject({ valid: false, first_broken: { seq: victim.seq, event_id: null, reason: "missing" } });
  });
});

describe("the JSON-lines export", () => {
  it("streams every matching event, one per line, as the list shows them", async () => {
    const fixture = await createProjectFixture(t);
    await signUpUser(t, fixture.client);
    const res = await t.request("/api/v1/internal/audit-log/export?action_prefix=auth.", {
      headers: { "x-stack-project-id": fixture.projectId, "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": fixture.keys.adminKey },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/x-ndjson");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-log-.*\.jsonl"$/);
    const lines = (await res.text()).trimEnd().split("\n").map((line) => JSON.parse(line));
    expect(lines).toEqual(await adminEvents("action_prefix=auth.", fixture));
  });

  it("refuses a bad filter before streaming", async () => {
    const res = await admin("/internal/audit-log/export?action=nope");
    expect([res.status, res.json.code]).toEqual([400, "AUDIT_LOG_FILTER_INVALID"]);
  });
});

describe("security activity and team logs", () => {
  it("shows users their own events only", async () => {
    const alice = await signUpUser(t, project.client);
    const bob = await signUpUser(t, project.client);
    await signIn(alice.email, "not alice's password");
    const own = await callUntyped(t, "GET", "/audit-log/me", { creds: as(alice) });
    expect(own.status).toBe(200);
    expect(own.json.items.map((event: Json) => event.action)).toEqual(["auth.sign_in.failed", "auth.sign_up.succeeded"]);
    const bobs = await callUntyped(t, "GET", "/audit-log/me", { creds: as(bob) });
    expect(bobs.json.items.every((event: Json) => event.actor.id === bob.userId || event.target?.id === bob.userId)).toBe(true);
    const anonymous = await callUntyped(t, "GET", "/audit-log/me", { creds: project.client });
    expect(anonymous.json.code).toBe("USER_AUTHENTICATION_REQUIRED");
  });

  it("shows the address and device of the user's own actions and of refused sign-ins on the account, never those of an admin or a key", async () => {
    const user = await signUpUser(t, project.client);
    expect((await signIn(user.email, "not the password")).status).toBe(400);
    const own = await signIn(user.email, user.password);
    const keyDevice = { "x-forwarded-for": "192.0.2.77", "user-agent": "ServerKey/1.0" };
    await callUntyped(t, "PATCH", `/users/${user.userId}`, { creds: project.server, body: { display_name: "Renamed" }, headers: keyDevice });
    const res = await callUntyped(t, "GET", "/audit-log/me?action_prefix=auth.sign_in", { creds: { ...project.client, accessToken: own.json.access_token } });
    expect(res.json.items.map((event: Json) => [event.action, event.ip, event.user_agent])).toEqual([
      ["auth.sign_in.succeeded", "198.51.100.23", "AuditTest/2.0"],
      ["auth.sign_in.failed", "198.51.100.23", "AuditTest/2.0"],
    ]);
    const [updated] = (await callUntyped(t, "GET", "/audit-log/me?action=user.updated", { creds: as(user) })).json.items;
    expect(updated).toMatchObject({ actor: { type: "server" }, ip: null, user_agent: null });
    // The admin's list keeps them.
    const [asAdmin] = await adminEvents(`user_id=${user.userId}&action=user.updated`);
    expect(asAdmin).toMatchObject({ ip: "192.0.2.77", user_agent: "ServerKey/1.0" });
  });

  it("shows a team's events to its admins and to the server, not to members without $update_team", async () => {
    const creator = await signUpUser(t, project.client);
    const team = await callUntyped(t, "POST", "/teams", { creds: project.server, body: { display_name: "Admins see", creator_user_id: creator.userId } });
    const member = await signUpUser(t, project.client);
    await callUntyped(t, "POST", `/team-memberships/${team.json.id}/${member.userId}`, { creds: project.server, body: {} });
    const byAdmin = await callUntyped(t, "GET", `/audit-log/teams/${team.json.id}`, { creds: as(creator) });
    expect(byAdmin.json.items.map((event: Json) => event.action).reverse()).toEqual(["team.created", "team.member.added"]);
    const byServer = await callUntyped(t, "GET", `/audit-log/teams/${team.json.id}`, { creds: project.server });
    expect(byServer.json.items).toEqual(byAdmin.json.items);
    const byMember = await callUntyped(t, "GET", `/audit-log/teams/${team.json.id}`, { creds: as(member) });
    expect(byMember.json.code).toBe("TEAM_PERMISSION_REQUIRED");
  });

  it("shows team admins the address and device of the team's own people, not of the app's server or admins", async () => {
    const creator = await signUpUser(t, project.client);
    const team = await callUntyped(t, "POST", "/teams", { creds: as(creator), body: { display_name: "Whose address", creator_user_id: "me" }, headers: DEVICE });
    expect(team.status, team.text).toBe(201);
    const keyDevice = { "x-forwarded-for": "192.0.2.88", "user-agent": "ServerKey/2.0" };
    await callUntyped(t, "PATCH", `/teams/${team.json.id}`, { creds: project.server, body: { display_name: "Renamed by the app" }, headers: keyDevice });
    const seen = (await callUntyped(t, "GET", `/audit-log/teams/${team.json.id}`, { creds: as(creator) })).json.items as Json[];
    expect(seen.map((event) => [event.action, event.actor.type, event.ip, event.user_agent]).reverse()).toEqual([
      ["team.created", "user", "198.51.100.23", "AuditTest/2.0"],
      ["team.updated", "server", null, null],
    ]);
    const byServer = (await callUntyped(t, "GET", `/audit-log/teams/${team.json.id}?action=team.updated`, { creds: project.server })).json.items as Json[];
    expect(byServer.map((event) => [event.ip, event.user_agent])).toEqual([["192.0.2.88", "ServerKey/2.0"]]);
  });
});

describe("audit_event.created webhooks", () => {
  it("are queued for endpoints that name the event, and not for endpoints that take every other event", async () => {
    const fixture = await createProjectFixture(t);
    const patch = (override: object) =>
      callUntyped(t, "PATCH", "/internal/config/override/environment", { creds: fixture.admin, body: { config_override_string: JSON.stringify(override) } });
    expect((await patch({ "webhooks.endpoints.audit": { url: "https://audit.example.com/hook", events: { audit_event: { created: true } } } })).status).toBe(200);
    expect((await patch({ "webhooks.endpoints.everything": { url: "https://all.example.com/hook" } })).status).toBe(200);
    const user = await signUpUser(t, fixture.client);
    const rows = await t.db.query<{ endpoint_id: string; event_type: string; body: string }>(
      "SELECT endpoint_id, event_type, body FROM webhook_deliveries WHERE project_id = $1 AND event_type = 'audit_event.created'",
      [fixture.projectId],
    );
    expect(new Set(rows.map((row) => row.endpoint_id))).toEqual(new Set(["audit"]));
    const signUp = rows.map((row) => JSON.parse(row.body)).find((body) => body.data.action === "auth.sign_up.succeeded");
    expect(signUp).toMatchObject({ type: "audit_event.created", data: { target: { type: "user", id: user.userId }, hash: expect.stringMatching(/^[0-9a-f]{64}$/) } });
  });
});

describe("retention", () => {
  it("deletes events older than the project's setting and leaves a chain that still verifies from its checkpoint", async () => {
    const fixture = await createProjectFixture(t);
    for (let i = 0; i < 3; i++) await signUpUser(t, fixture.client);
    const before = await adminEvents("", fixture);
    // The oldest events, moved ten days back (their hashes cover created_at, so rehashing is
    // what an honest clock would have produced: here the test stands in for time passing).
    const old = before.slice(-3);
    const { auditEventHash } = await import("../../services/audit-log/chain");
    let prevHash = "0".repeat(64);
    for (const event of [...before].reverse()) {
      const createdAtMillis = old.includes(event) ? event.created_at_millis - 10 * 86_400_000 : event.created_at_millis;
      const hash = auditEventHash({ projectId: fixture.projectId, branchId: "main" }, {
        seq: event.seq, id: event.id, createdAtMillis, action: event.action, actor: event.actor, target: event.target, teamId: event.team_id,
        ip: event.ip, userAgent: event.user_agent, details: event.details, prevHash,
      });
      await t.db.query("UPDATE audit_events SET created_at = $3, prev_hash = $4, hash = $5 WHERE project_id = $1 AND seq = $2", [fixture.projectId, event.seq, new Date(createdAtMillis), prevHash, hash]);
      prevHash = hash;
    }
    await t.db.query("UPDATE audit_chain_heads SET last_hash = $2 WHERE project_id = $1", [fixture.projectId, prevHash]);
    expect((await admin("/internal/audit-log/verify", fixture)).json.valid).toBe(true);

    const setting = await callUntyped(t, "PATCH", "/internal/config/override/environment", { creds: fixture.admin, body: { config_override_string: JSON.stringify({ "auditLog.retentionDays": 7 }) } });
    expect(setting.status, setting.text).toBe(200);
    const counts = await sweepOnce(t.deps, { retentionSeconds: 7 * 86_400, batch: 2 });
    expect(counts.audit_events).toBeGreaterThanOrEqual(3);
    const after = await adminEvents("", fixture);
    const cut = old[0]!.seq;
    expect(after.map((event) => event.seq)).toEqual(Array.from({ length: after[0]!.seq - cut }, (_, i) => after[0]!.seq - i));
    const verified = (await admin("/internal/audit-log/verify", fixture)).json;
    expect(verified).toMatchObject({ valid: true, checkpoint_seq: old[0]!.seq, first_broken: null });
    expect(verified.checked_events).toBe(verified.last_seq - old[0]!.seq);
  });

  it("refuses a retention that is not a whole number of days", async () => {
    const res = await callUntyped(t, "PATCH", "/internal/config/override/environment", { creds: project.admin, body: { config_override_string: JSON.stringify({ "auditLog.retentionDays": 0 }) } });
    expect(res.status).toBe(400);
  });
});

describe("the audit log's security", () => {
  const ZERO = "00000000-0000-4000-8000-000000000000";
  describeSecurity({ operationId: "listAuditEvents", method: "GET", path: "/internal/audit-log", access: ["admin"] });
  describeSecurity({ operationId: "verifyAuditLog", method: "GET", path: "/internal/audit-log/verify", access: ["admin"] });
  describeSecurity({ operationId: "exportAuditLog", method: "GET", path: "/internal/audit-log/export", access: ["admin"] });
  describeSecurity({ operationId: "listOwnSecurityActivity", method: "GET", path: "/audit-log/me", access: ["client", "server", "admin"], userRequired: "USER_AUTHENTICATION_REQUIRED" });
  describeSecurity({
    operationId: "listTeamAuditEvents",
    method: "GET",
    path: `/audit-log/teams/${ZERO}`,
    access: ["client", "server", "admin"],
    userRequired: "USER_AUTHENTICATION_REQUIRED",
    memberWithoutPermission: async (ctx) => ({ path: `/audit-log/teams/${(await teamWithoutPermissions(ctx)).teamId}`, creds: asProjectUser(ctx), code: "TEAM_PERMISSION_REQUIRED" }),
  });
});
