/**
 * `npm run bench:scale [-- --users 1000000]`: the user list and user search at scale on
 * PostgreSQL, through the API beside the same SQL run raw in the same run.
 *
 * A project is created over the HTTP API, then N users (default 100,000) with a primary
 * e-mail each, 100,000 teams and one team of 10,000 members are seeded straight into its
 * tables with set-based SQL (seed-at-scale.ts, shared with the metrics bench). Each case is
 * timed BENCH_SCALE_CALLS times (5) after one warm-up call, median printed:
 *
 *   api       the HTTP request with the project's secret server key, end to end;
 *   raw sql   the query functions the service calls for it (db/queries), on a bare pg.Pool;
 *   / first   the API time over the first page of the same sort: a deep page should stay
 *             near 1x (the issue's bound is 2x).
 *
 * "Deep" pages start at a cursor 90 % of the way through the list in that order. Writes
 * .bench/scale.json. DATABASE_URL as for `npm run bench`; `--keep` leaves the database in place
 * (and says its name) to profile the queries with EXPLAIN.
 */
import { mkdir, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import type { Queryable } from "../../server/src/db/db";
import { listTeamMemberProfiles, listTeams } from "../../server/src/db/queries/teams";
import { listUserPage, type UserListFilter } from "../../server/src/db/queries/user-list";
import { findUsersByIds } from "../../server/src/db/queries/users";
import { createProjectFixture } from "../../server/src/testing/fixtures";
import { ROOT, stopAllChildren } from "./children";
import { adminDatabaseUrl, createDatabase, startGatehouse } from "./gatehouse-process";
import { analyze, seedTeams, seedUsers } from "./seed-at-scale";

const { values: args } = parseArgs({ options: { users: { type: "string" }, calls: { type: "string" }, keep: { type: "boolean" } } });
const USERS = Number(args.users ?? process.env.BENCH_SCALE_USERS ?? 100_000);
const CALLS = Number(args.calls ?? process.env.BENCH_SCALE_CALLS ?? 5);
const TEAMS = 100_000;
const MEMBERS = 10_000;
const PAGE = 100;
const RESULTS_PATH = `${ROOT}.bench/scale.json`;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function timed(work: () => Promise<unknown>): Promise<number> {
  await work();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return median(times);
}

interface Case {
  name: string;
  /** The first page this case is compared with, by name. */
  first?: string;
  path: string;
  raw: () => Promise<unknown>;
}

async function main(): Promise<void> {
  if (!Number.isInteger(USERS) || USERS < 1000) throw new Error("--users takes a whole number of at least 1000");
  const database = await createDatabase(adminDatabaseUrl());
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  try {
    const gatehouse = await startGatehouse(database.url);
    const fixture = await createProjectFixture({ request: (path, init) => fetch(`${gatehouse.url}${path}`, init) });
    const tenant = { projectId: fixture.projectId, branchId: "main" };

    const seedStarted = performance.now();
    await seedUsers(pool, tenant.projectId, { users: USERS, emails: true, metrics: false });
    const bigTeam = await seedTeams(pool, tenant.projectId, { teams: TEAMS, members: Math.min(MEMBERS, USERS / 2) });
    await analyze(pool);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    console.log(`seeded ${USERS.toLocaleString("en")} users, ${TEAMS.toLocaleString("en")} teams in ${seedSeconds.toFixed(1)} s`);

    const raw: Queryable = { query: async (sql, params) => (await pool.query(sql, params as unknown[])).rows };
    const headers = { "x-stack-project-id": tenant.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": fixture.keys.secretKey };
    const viaApi = (path: string) => async () => {
      const response = await fetch(`${gatehouse.url}/api/v1${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}: ${await response.text()}`);
      return response.json();
    };
    const base: UserListFilter = { orderBy: "signed_up_at", desc: false, limit: PAGE, anonymous: "exclude", includeRestricted: false };
    const rawPage = (filter: Partial<UserListFilter>) => () => listUserPage(raw, tenant, { ...base, ...filter });

    // The id 90 % of the way through each order, as a client paging that far would hold it.
    const deepCursor = async (column: string, desc: boolean, teamId?: string) => {
      const direction = desc ? "DESC" : "ASC";
      const [{ total }] = (await pool.query<{ total: string }>(
        `SELECT count(*) AS total FROM users u WHERE project_id = $1 AND NOT is_anonymous
           AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.project_id = $1 AND m.team_id = $2 AND m.user_id = u.id))`,
        [tenant.projectId, teamId ?? null],
      )).rows as [{ total: string }];
      const [{ id }] = (await pool.query<{ id: string }>(
        `SELECT id FROM users u WHERE project_id = $1 AND NOT is_anonymous
           AND ($2::uuid IS NULL OR EXISTS (SELECT 1 FROM team_members m WHERE m.project_id = $1 AND m.team_id = $2 AND m.user_id = u.id))
         ORDER BY ${column} ${direction}, id ${direction} OFFSET $3 LIMIT 1`,
        [tenant.projectId, teamId ?? null, Math.floor(Number(total) * 0.9)],
      )).rows as [{ id: string }];
      return id;
    };

    const cases: Case[] = [];
    for (const orderBy of ["signed_up_at", "last_active_at"] as const) {
      for (const desc of [false, true]) {
        const sort = `order_by=${orderBy}${desc ? "&desc=true" : ""}`;
        const first = `users ${sort}, first page`;
        const cursor = await deepCursor(orderBy, desc);
        cases.push({ name: first, path: `/users?limit=${PAGE}&${sort}`, raw: rawPage({ orderBy, desc }) });
        cases.push({ name: `users ${sort}, page at 90 %`, first, path: `/users?limit=${PAGE}&${sort}&cursor=${cursor}`, raw: rawPage({ orderBy, desc, cursor }) });
      }
    }
    const someone = Math.floor(USERS * 0.123457) || 1;
    const [{ id: someId }] = (await pool.query<{ id: string }>("SELECT id FROM users WHERE project_id = $1 AND display_name = $2", [tenant.projectId, `Person ${someone}`]))
      .rows as [{ id: string }];
    const searches: Array<[string, string]> = [
      ["search by e-mail (match)", `person-${someone}@`],
      ["search by name (match)", `Person ${Math.floor(USERS * 0.099999) || 2}`],
      ["search by id prefix (match)", someId.slice(0, 13)],
      ["search (no match)", "nobody-by-this-name"],
      ["search matching every user", "person"],
    ];
    for (const [name, query] of searches) cases.push({ name: `${name}: ${query}`, path: `/users?limit=${PAGE}&query=${encodeURIComponent(query)}`, raw: rawPage({ query }) });

    const teamFirst = `users of a ${MEMBERS.toLocaleString("en")}-member team, first page`;
    const teamCursor = await deepCursor("signed_up_at", false, bigTeam);
    cases.push({ name: teamFirst, path: `/users?limit=${PAGE}&team_id=${bigTeam}`, raw: rawPage({ teamId: bigTeam }) });
    cases.push({ name: `users of that team, page at 90 %`, first: teamFirst, path: `/users?limit=${PAGE}&team_id=${bigTeam}&cursor=${teamCursor}`, raw: rawPage({ teamId: bigTeam, cursor: teamCursor }) });
    cases.push({ name: "teams of one user", path: `/teams?user_id=${teamCursor}`, raw: () => listTeams(raw, tenant, teamCursor) });
    cases.push({
      name: `member profiles of that team (unpaged, ${MEMBERS.toLocaleString("en")})`,
      path: `/team-member-profiles?team_id=${bigTeam}`,
      raw: async () => {
        const profiles = await listTeamMemberProfiles(raw, tenant, { teamId: bigTeam });
        return findUsersByIds(raw, tenant, profiles.map((p) => p.userId));
      },
    });
    cases.push({ name: `all teams (unpaged, ${TEAMS.toLocaleString("en")})`, path: "/teams", raw: () => listTeams(raw, tenant) });

    const results: Array<{ name: string; apiMs: number; rawMs: number; overFirst?: number }> = [];
    for (const c of cases) {
      const apiMs = await timed(viaApi(c.path));
      const rawMs = await timed(c.raw);
      const firstMs = c.first === undefined ? undefined : results.find((r) => r.name === c.first)?.apiMs;
      results.push({ name: c.name, apiMs, rawMs, ...(firstMs === undefined ? {} : { overFirst: apiMs / firstMs }) });
    }

    console.log(`\nusers ${USERS.toLocaleString("en")}, PostgreSQL ${database.version}, median of ${CALLS} calls each\n`);
    console.log(`${"case".padEnd(64)} ${"api".padStart(10)} ${"raw sql".padStart(10)}  / first`);
    for (const r of results) {
      const ratio = r.overFirst === undefined ? "" : `${r.overFirst.toFixed(2)}x`;
      console.log(`${r.name.padEnd(64)} ${`${r.apiMs.toFixed(1)} ms`.padStart(10)} ${`${r.rawMs.toFixed(1)} ms`.padStart(10)}  ${ratio}`);
    }
    await mkdir(dirname(RESULTS_PATH), { recursive: true });
    await writeFile(RESULTS_PATH, `${JSON.stringify({ date: new Date().toISOString(), users: USERS, teams: TEAMS, calls: CALLS, postgres: database.version, seedSeconds, results }, null, 2)}\n`);
  } finally {
    await pool.end();
    await stopAllChildren();
    if (args.keep) console.log(`kept the database for EXPLAIN: ${database.name}`);
    else await database.drop();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
