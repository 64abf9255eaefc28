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
