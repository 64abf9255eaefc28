import { beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, type Credentials, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;
let other: ProjectFixture;

beforeAll(async () => {
  t = app();
  [project, other] = await Promise.all([createProjectFixture(t), createProjectFixture(t)]);
});

async function query(creds: Credentials, body: Record<string, unknown>) {
  return callUntyped(t, "POST", "/internal/analytics/query", { creds, body });
}

async function rows(creds: Credentials, sql: string, params: Record<string, unknown> = {}) {
  const res = await query(creds, { query: sql, params });
  expect(res.status, res.text).toBe(200);
  return res.json.result as Array<Record<string, unknown>>;
}

async function refused(creds: Credentials, sql: string, params: Record<string, unknown> = {}) {
  const res = await query(creds, { query: sql, params });
  expect(res.status, res.text).toBe(400);
  expect(res.json.code).toBe("ANALYTICS_QUERY_ERROR");
  expect(typeof res.json.details.error).toBe("string");
  return res.json.details.error as string;
}

describe("analytics queries in ClickHouse's SQL", () => {
  it("answer constants, parameters and arrays as ClickHouse does, with a query id of the project", async () => {
    const res = await query(project.admin, { query: "SELECT 1 as value" });
    expect(res.json).toEqual({ result: [{ value: 1 }], query_id: expect.stringMatching(new RegExp(`^${project.projectId}:main:[0-9a-f-]{36}$`)) });
    expect(await rows(project.admin, "SELECT {a:String} AS a, {b:UInt32} * 2 AS b", { a: "'; DROP TABLE events; --", b: 21 })).toEqual([
      { a: "'; DROP TABLE events; --", b: 42 },
    ]);
    expect(await rows(project.admin, "SELECT arrayJoin([0, 1, 2]) AS number")).toEqual([{ number: 0 }, { number: 1 }, { number: 2 }]);
    expect(await rows(project.admin, "SELECT currentDatabase()")).toEqual([{ "currentDatabase()": "default" }]);
    expect(await rows(project.admin, "SELECT getSetting('SQL_project_id') AS p, getSetting('SQL_branch_id') AS b;")).toEqual([{ p: project.projectId, b: "main" }]);
    expect(await rows(project.admin, "SELECT 1 = 1 AS yes, 2 > 3 AS no")).toEqual([{ yes: 1, no: 0 }]);
  });

  it("read the project's own tables, with WHERE 1, joins, grouping and JSON paths", async () => {
    const users = await rows(project.admin, "SELECT id, primary_email, is_anonymous FROM users WHERE 1 AND id = {id:Nullable(String)}", { id: project.user.userId });
    expect(users).toEqual([{ id: project.user.userId, primary_email: project.user.email, is_anonymous: 0 }]);
    const events = await rows(
      project.admin,
      `SELECT e.event_type AS type, count() AS n, toJSONString(any(e.data)) AS data, max(u.primary_email) AS email
       FROM events AS e LEFT JOIN users u ON u.id = e.user_id
       WHERE e.user_id = {user:String} AND data.is_anonymous::String = 'false'
       GROUP BY type ORDER BY n DESC LIMIT 5`,
      { user: project.user.userId },
    );
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: "$token-refresh", n: 1, email: project.user.email });
    // No proxy named a country: the event carries no location, as Stack Auth's.
    expect(JSON.parse(events[0]!.data as string)).toEqual({
      is_anonymous: false,
      refresh_token_id: expect.any(String),
    });
    const tables = await rows(project.admin, "SHOW TABLES");
    expect(tables.map((r) => r.name)).toContain("events");
    expect(await rows(project.admin, "WITH x AS (SELECT count() AS n FROM users) SELECT n FROM x")).toEqual([{ n: 1 }]);
  });

  it("never see another project's rows, whatever the query says", async () => {
    const foreignUser = other.user.userId;
    expect(await rows(project.admin, "SELECT * FROM users WHERE id = {id:String}", { id: foreignUser })).toEqual([]);
    expect(await rows(project.admin, "SELECT count() AS n FROM events WHERE user_id = {id:String} OR 1 = 1 OR project_id <> ''", { id: foreignUser })).toEqual([{ n: 1 }]);
    expect(await rows(project.admin, "SELECT DISTINCT project_id FROM (SELECT project_id FROM users UNION ALL SELECT project_id FROM events)")).toEqual([
      { project_id: project.projectId },
    ]);
    expect(await rows(project.admin, "SELECT count() AS n FROM users WHERE id IN (SELECT user_id FROM refresh_tokens) AND EXISTS (SELECT 1 FROM teams)")).toEqual([{ n: 0 }]);
  });

  it("refuse the real tables, system tables, secret columns, table functions and settings", async () => {
    for (const sql of [
      "SELECT * FROM analytics_internal.users",
      "SELECT * FROM public.users",
      "SELECT * FROM sessions",
      "SELECT * FROM analytics_events",
      "SELECT * FROM pg_catalog.pg_user",
      "SELECT * FROM information_schema.tables",
      "SELECT * FROM system.users",
      "SELECT * FROM file('/etc/passwd', 'CSV', 'line String')",
      "SELECT * FROM numbers(1000000000)",
      "SELECT * FROM url('http://127.0.0.1/', 'CSV', 'x String')",
      "SELECT * FROM events SETTINGS SQL_project_id = 'other'",
      "SELECT password_hash FROM users",
      "SELECT totp_secret_encrypted FROM users",
      "SELECT refresh_token_hash FROM refresh_tokens",
      "SELECT code_hash FROM team_invitations",
      "SELECT pg_read_file('/etc/passwd')",
      "SELECT current_setting('is_superuser')",
      "SELECT \"current_user\"",
      "SELECT 1; SELECT 1",
      "INSERT INTO events (event_type) VALUES ('x')",
      "DROP TABLE events",
      "ALTER TABLE events DELETE WHERE 1=1",
      "CREATE TABLE x (id UUID) ENGINE = MergeTree() ORDER BY id",
      "KILL QUERY WHERE query_id = 'x'",
      "GRANT SELECT ON system.users TO limited_user",
      "INVALID SQL QUERY",
      "SELECT {missing:String}",
      "SELECT {x:String}::Int64",
    ]) {
      await refused(project.admin, sql, sql.includes("{x:") ? { x: "not a number" } : {});
    }
    expect(await refused(project.admin, "SELECT * FROM events SETTINGS max_memory_usage = 1")).toMatch(/max_memory_usage/);
  });

  it("bound the rows a query returns and how long it runs", async () => {
    expect(await refused(project.admin, "SELECT arrayJoin({many:Array(UInt32)}) AS n", { many: Array.from({ length: 10_001 }, (_, i) => i) })).toMatch(/10,000 rows/);
    const slow = await query(project.admin, { query: "SELECT sleep(3)", timeout_ms: 1000 });
    expect(slow.status).toBe(400);
    expect(slow.json.code).toBe("ANALYTICS_QUERY_ERROR");
    const tooLong = await query(project.admin, { query: "SELECT 1", timeout_ms: 120_001 });
    expect(tooLong.json.code).toBe("SCHEMA_ERROR");
    const many = Array.from({ length: 9 }, (_, i) => `users u${i}`).join(", ");
    expect(await refused(project.admin, `SELECT count() FROM ${many}`)).toMatch(/at most 8 tables/);
  });

  it("report what a query cost, to its own project only", async () => {
    const res = await query(project.admin, { query: "SELECT 1" });
    const timing = await callUntyped(t, "POST", "/internal/analytics/query/timing", { creds: project.server, body: { query_id: res.json.query_id } });
    expect(timing.status).toBe(200);
    expect(timing.json.stats).toEqual({ cpu_time: expect.any(Number), wall_clock_time: expect.any(Number) });
    const foreign = await callUntyped(t, "POST", "/internal/analytics/query/timing", { creds: other.server, body: { query_id: res.json.query_id } });
    expect(foreign.status).toBe(404);
    expect(foreign.json).toMatchObject({ code: "ITEM_NOT_FOUND", details: { item_id: res.json.query_id } });
  });
});

describeSecurity({
  operationId: "runAnalyticsQuery",
  method: "POST",
  path: "/internal/analytics/query",
  access: ["admin"],
  body: { query: "SELECT 1" },
});

describeSecurity({
  operationId: "getAnalyticsQueryTiming",
  method: "POST",
  path: "/internal/analytics/query/timing",
  access: ["server", "admin"],
  body: { query_id: "none" },
});
