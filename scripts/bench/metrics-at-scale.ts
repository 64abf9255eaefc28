/**
 * `npm run bench:metrics`: GET /api/v1/internal/metrics at one million users on PostgreSQL,
 * against the same SQL run raw in the same run.
 *
 * A project is created over the HTTP API, then 1,000,000 users are seeded straight into its
 * tables by seed-at-scale.ts (their activity days and the metrics counters are written as
 * the triggers would have, in one statement each). After VACUUM ANALYZE each is
 * timed BENCH_METRICS_CALLS times (7) after one warm-up call:
 *
 *   gatehouse  the HTTP request with the project's admin key, end to end;
 *   raw sql    the user statements of db/queries/metrics.ts it sends, run on a bare pg.Pool the
 *              way the service runs them (the aggregates concurrently, then the user reads);
 *              the payments, e-mail and analytics groups read empty tables here;
 *   each statement alone, to show where the time goes.
 *
 * Prints medians and writes .bench/metrics-at-scale.json. BENCH_METRICS_USERS changes the
 * count; DATABASE_URL as for `npm run bench`.
 */
import { writeFile, mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import pg from "pg";
import type { Queryable } from "../../server/src/db/db";
import { countActiveUsersByDay, countActiveUsersSince, countSignUpsByDay, countTeams, countUsers, countUsersByCountry, findRecentUserIds } from "../../server/src/db/queries/metrics";
import { findUsersByIds } from "../../server/src/db/queries/users";
import { createProjectFixture } from "../../server/src/testing/fixtures";
import { ROOT, stopAllChildren } from "./children";
import { adminDatabaseUrl, createDatabase, startGatehouse } from "./gatehouse-process";
import { analyze, seedUsers } from "./seed-at-scale";

const USERS = Number(process.env.BENCH_METRICS_USERS ?? 1_000_000);
const CALLS = Number(process.env.BENCH_METRICS_CALLS ?? 7);
const RESULTS_PATH = `${ROOT}.bench/metrics-at-scale.json`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(calls: number, work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < calls; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

async function main(): Promise<void> {
  const database = await createDatabase(adminDatabaseUrl());
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  try {
    const gatehouse = await startGatehouse(database.url);
    const fixture = await createProjectFixture({ request: (path, init) => fetch(`${gatehouse.url}${path}`, init) });
    await seedUsers(pool, fixture.projectId, { users: USERS, emails: false, metrics: true });
    await analyze(pool);

    const headers = { "x-stack-project-id": fixture.projectId, "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": fixture.keys.adminKey };
    const viaHttp = async () => {
      const response = await fetch(`${gatehouse.url}/api/v1/internal/metrics`, { headers });
      if (!response.ok) throw new Error(`GET /internal/metrics answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    const body = (await viaHttp()) as { total_users: number };
    console.log(`GET /internal/metrics: total_users ${body.total_users}`);

    const raw: Queryable = { query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows };
    const tenant = { projectId: fixture.projectId, branchId: "main" };
    const since = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    const statements: Record<string, () => Promise<unknown>> = {
      "user totals": () => countUsers(raw, tenant),
      "sign-ups by day": () => countSignUpsByDay(raw, tenant, since, false),
      "active users by day": () => countActiveUsersByDay(raw, tenant, since, false),
      "monthly active users": () => countActiveUsersSince(raw, tenant, since, false),
      "teams": () => countTeams(raw, tenant),
      "users by country": () => countUsersByCountry(raw, tenant, false),
      "recent user ids": () => findRecentUserIds(raw, tenant, "signed_up_at", 100),
    };
    const rawSql = async () => {
      const results = await Promise.all(Object.values(statements).map((run) => run()));
      await findUsersByIds(raw, tenant, results[6] as string[]);
    };

    const gatehouseMs = await timed(CALLS, viaHttp);
    const rawMs = await timed(CALLS, rawSql);
    const perStatement: Record<string, number> = {};
    for (const [name, run] of Object.entries(statements)) perStatement[name] = await timed(CALLS, run);

    console.log(`\nusers ${USERS.toLocaleString("en")}, median of ${CALLS} calls each`);
    console.log(`  GET /internal/metrics   ${gatehouseMs.toFixed(1)} ms`);
    console.log(`  the same SQL, raw       ${rawMs.toFixed(1)} ms   (gatehouse / raw ${(gatehouseMs / rawMs).toFixed(2)}x)`);
    for (const [name, ms] of Object.entries(perStatement)) console.log(`    ${name.padEnd(22)} ${ms.toFixed(1)} ms`);
    await mkdir(dirname(RESULTS_PATH), { recursive: true });
    await writeFile(RESULTS_PATH, `${JSON.stringify({ date: new Date().toISOString(), users: USERS, calls: CALLS, postgres: database.version, gatehouseMs, rawMs, perStatement }, null, 2)}\n`);
  } finally {
    await pool.end();
    await stopAllChildren();
    await database.drop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
