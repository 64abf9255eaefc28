/**
 * The ClickHouse engine against a real ClickHouse: chDB in this process. chDB is optional (an
 * operator installs it with `npm install chdb`), so without it these tests are skipped.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClickHouseAnalyticsEngine } from "./clickhouse-engine";
import type { AnalyticsEngine } from "./engine";
import { AnalyticsQueryProblem } from "./sql/problem";

const moduleName = "chdb";
const available = await import(moduleName).then(
  () => true,
  () => false,
);

describe.skipIf(!available)("the ClickHouse engine, on chDB", () => {
  let dir: string;
  let engine: AnalyticsEngine;
  const a = { projectId: "project-a", branchId: "main" };
  const b = { projectId: "project-b", branchId: "main" };
  const event = (userId: string) => ({
    eventType: "$token-refresh",
    eventAt: new Date(),
    data: { refresh_token_id: "s1", is_anonymous: false },
    userId,
    teamId: null,
    refreshTokenId: "s1",
    sessionReplayId: null,
    sessionReplaySegmentId: null,
  });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "gatehouse-chdb-"));
    engine = createClickHouseAnalyticsEngine({ engine: "chdb", clickhouseUrl: undefined, chdbPath: dir });
    await engine.insertEvents(a, [event("user-a")]);
    await engine.insertEvents(b, [event("user-b"), event("user-b")]);
  });
  afterAll(async () => {
    await engine?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const run = (tenant: typeof a, sql: string, params: Record<string, unknown> = {}) => engine.query(tenant, { sql, params, timeoutMs: 5_000 });

  it("answers ClickHouse's SQL over the project's events only", async () => {
    expect((await run(a, "SELECT 1 AS value")).rows).toEqual([{ value: 1 }]);
    const rows = (await run(a, "SELECT event_type, user_id, toJSONString(data) AS data FROM events WHERE user_id = {u:Nullable(String)}", { u: "user-a" })).rows;
    expect(rows).toEqual([{ event_type: "$token-refresh", user_id: "user-a", data: expect.stringContaining("refresh_token_id") }]);
    expect((await run(a, "SELECT count() AS n FROM events AS e WHERE 1 OR project_id != ''")).rows).toEqual([{ n: expect.anything() }]);
    expect(Number((await run(a, "SELECT count() AS n FROM default.events")).rows[0]!.n)).toBe(1);
    expect(Number((await run(b, "WITH x AS (SELECT * FROM events) SELECT count() AS n FROM x")).rows[0]!.n)).toBe(2);
  });

  it("reads the overview's figures: page views and referrers by visitor, online users and the top region", async () => {
    const c = { projectId: "project-c", branchId: "main" };
    const now = new Date();
    const row = (eventType: string, userId: string, data: unknown) => ({ ...event(userId), eventType, eventAt: new Date(now.getTime() - 1_000), data });
    const refresh = (userId: string, isAnonymous: boolean, country: string | null) =>
      row("$token-refresh", userId, { refresh_token_id: "s", is_anonymous: isAnonymous, ip_info: { ip: "127.0.0.1", country_code: country, region_code: null } });
    await engine.insertEvents(c, [
      refresh("u1", false, "DE"),
      refresh("u2", false, null),
      refresh("anon", true, "FR"),
      row("$page-view", "u1", { path: "/", referrer: "https://news.example/" }),
      row("$page-view", "u1", { path: "/b", referrer: "https://news.example/" }),
      row("$click", "u1", { tag_name: "a" }),
      row("$page-view", "u2", { path: "/" }),
      row("$page-view", "anon", { path: "/", referrer: "https://anonymous.example/" }),
    ]);
    const today = now.toISOString().slice(0, 10);
    const window = (includeAnonymous: boolean) => ({
      since: new Date(now.getTime() - 86_400_000),
      until: new Date(now.getTime() + 86_400_000),
      onlineSince: new Date(now.getTime() - 300_000),
      includeAnonymous,
      topReferrers: 10,
    });
    expect(await engine.trafficOverview(c, window(false))).toEqual({
      days: [{ day: today, pageViews: 3, clicks: 1, visitors: 2 }],
      visitors: 2,
      // Ties by name; an unknown country before a known one.
      topReferrers: [
        { referrer: "(direct)", visitors: 1 },
        { referrer: "https://news.example/", visitors: 1 },
      ],
      onlineLive: 2,
      topRegion: { countryCode: null, regionCode: null, count: 1 },
    });
    const withAnonymous = await engine.trafficOverview(c, window(true));
    expect(withAnonymous).toMatchObject({ visitors: 3, onlineLive: 3 });
    expect(withAnonymous.topReferrers).toContainEqual({ referrer: "https://anonymous.example/", visitors: 1 });
    expect((await engine.trafficOverview(a, window(false))).visitors).toBe(0);
  });

  it("refuses every other table, table functions, unknown functions, settings and writes", async () => {
    for (const sql of [
      "SELECT * FROM gatehouse_analytics.events",
      "SELECT * FROM system.tables",
      "SELECT * FROM file('/etc/passwd', 'CSV', 'line String')",
      "SELECT * FROM numbers(10)",
      "SELECT * FROM events SETTINGS readonly = 0",
      "SELECT getSetting('readonly')",
      "INSERT INTO events (event_type) VALUES ('x')",
      "DROP TABLE events",
      "SELECT 1; SELECT 2",
    ]) {
      await expect(run(a, sql), sql).rejects.toBeInstanceOf(AnalyticsQueryProblem);
    }
  });
});
