import { randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { authHeaders, callUntyped, createProjectFixture, signUpUser, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let disabled: ProjectFixture;

beforeAll(async () => {
  t = app();
  [project, disabled] = await Promise.all([createProjectFixture(t), createProjectFixture(t)]);
  const enable = await callUntyped(t, "PATCH", "/internal/config/override/environment", {
    creds: project.admin,
    body: { config_override_string: JSON.stringify({ "apps.installed.analytics.enabled": true }) },
  });
  expect(enable.status, enable.text).toBe(200);
});

const batch = (events: unknown[], segment = randomUUID()) => ({ session_replay_segment_id: segment, batch_id: randomUUID(), sent_at_ms: Date.now(), events });
const pageView = (path = "/page", at = Date.now() - 10) => ({ event_type: "$page-view", event_at_ms: at, data: { url: `https://example.com${path}`, path } });
const signedIn = (p: ProjectFixture): Credentials => ({ ...p.client, accessToken: p.user.accessToken });

async function query(sql: string, params: Record<string, unknown>, creds = project.admin) {
  const res = await callUntyped(t, "POST", "/internal/analytics/query", { creds, body: { query: sql, params } });
  expect(res.status, res.text).toBe(200);
  return res.json.result as Array<Record<string, unknown>>;
}

describe("the SDK's analytics batches", () => {
  it("are stored for the signed-in user's session, as JSON and gzipped, and can be queried", async () => {
    const segment = randomUUID();
    // Distinct times, so that the query's ORDER BY event_at has one answer.
    const at = Date.now() - 1_000;
    const json = await callUntyped(t, "POST", "/analytics/events/batch", {
      creds: signedIn(project),
      body: batch([pageView("/a", at), { event_type: "$click", event_at_ms: at + 1, data: { tag_name: "a", text: "Link" } }], segment),
    });
    expect(json.status, json.text).toBe(200);
    expect(json.json).toEqual({ inserted: 2 });

    const gzipped = await t.request("/api/v1/analytics/events/batch", {
      method: "POST",
      headers: { ...authHeaders(signedIn(project)), "content-type": "application/octet-stream" },
      body: gzipSync(JSON.stringify(batch([pageView("/b", at + 2)], segment))),
    });
    expect(gzipped.status, await gzipped.clone().text()).toBe(200);
    expect(await gzipped.json()).toEqual({ inserted: 1 });

    const stored = await query(
      "SELECT event_type, user_id, data.path AS path FROM events WHERE session_replay_segment_id = {seg:String} ORDER BY event_at",
      { seg: segment },
    );
    expect(stored).toEqual([
      { event_type: "$page-view", user_id: project.user.userId, path: "/a" },
      { event_type: "$click", user_id: project.user.userId, path: null },
      { event_type: "$page-view", user_id: project.user.userId, path: "/b" },
    ]);
  });

  it("repair text that JSON storage would refuse: a lone surrogate and NUL", async () => {
    const segment = randomUUID();
    const res = await callUntyped(t, "POST", "/analytics/events/batch", {
      creds: signedIn(project),
      body: batch([{ event_type: "$click", event_at_ms: Date.now(), data: { text: `${"a".repeat(5)}\uD83C`, other: "x\u0000y" } }], segment),
    });
    expect(res.status, res.text).toBe(200);
    const [row] = await query("SELECT toJSONString(data) AS data FROM events WHERE session_replay_segment_id = {seg:String}", { seg: segment });
    expect(JSON.parse(row!.data as string)).toEqual({ text: "aaaaa\uFFFD", other: "x\uFFFDy" });
  });

  it("need the Analytics app and a signed-in user", async () => {
    const off = await callUntyped(t, "POST", "/analytics/events/batch", { creds: signedIn(disabled), body: batch([pageView()]) });
    expect(off.status).toBe(400);
    expect(off.json.code).toBe("ANALYTICS_NOT_ENABLED");
    const anonymous = await callUntyped(t, "POST", "/analytics/events/batch", { creds: project.client, body: batch([pageView()]) });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.code).toBe("USER_AUTHENTICATION_REQUIRED");
  });

  it("refuse malformed batches with SCHEMA_ERROR, never a 500", async () => {
    const cases: unknown[] = [
      batch([]),
      batch(Array.from({ length: 501 }, () => pageView())),
      { ...batch([pageView()]), session_replay_segment_id: "not-a-uuid" },
      { ...batch([pageView()]), batch_id: "not-a-uuid" },
      batch([{ event_type: "$invalid-type", event_at_ms: Date.now(), data: {} }]),
      batch([{ event_type: "$click", event_at_ms: -1, data: {} }]),
      batch([{ event_type: "$click", event_at_ms: Date.now(), data: { big: "x".repeat(20_000) } }]),
      "[1,2]",
    ];
    for (const body of cases) {
      const res = await callUntyped(t, "POST", "/analytics/events/batch", { creds: signedIn(project), body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json.code).toBe("SCHEMA_ERROR");
    }
    const notGzip = await t.request("/api/v1/analytics/events/batch", {
      method: "POST",
      headers: { ...authHeaders(signedIn(project)), "content-type": "application/octet-stream" },
      body: "plainly not gzip",
    });
    expect(notGzip.status).toBe(400);
    const plain = await t.request("/api/v1/analytics/events/batch", { method: "POST", headers: { ...authHeaders(signedIn(project)), "content-type": "text/plain" }, body: "{}" });
    expect(plain.status).toBe(400);
  });
});

describe("$token-refresh events", () => {
  it("are written once per sign-in and once per refresh, for the session's user, in its project only", async () => {
    const user = await signUpUser(t, project.client);
    const refresh = await t.request("/api/v1/auth/sessions/current/refresh", {
      method: "POST",
      headers: authHeaders({ ...project.client, refreshToken: user.refreshToken }),
    });
    expect(refresh.status).toBe(200);
    const sql = "SELECT event_type, project_id, branch_id, user_id, team_id FROM events WHERE user_id = {u:Nullable(String)} AND event_type = {kind:String}";
    const events = await query(sql, { u: user.userId, kind: "$token-refresh" });
    expect(events).toEqual(Array(2).fill({ event_type: "$token-refresh", project_id: project.projectId, branch_id: "main", user_id: user.userId, team_id: null }));
    expect(await query(sql, { u: user.userId, kind: "$token-refresh" }, disabled.admin)).toEqual([]);
  });
});

describeSecurity({
  operationId: "sendAnalyticsEvents",
  method: "POST",
  path: "/analytics/events/batch",
  access: ["client", "server", "admin"],
  body: batch([pageView()]),
});
