/**
 * `npm run bench`: the requests of scripts/bench/cases.ts on PostgreSQL-backed Gatehouse,
 * each measured in one run beside its references (scripts/bench/references.ts) with the
 * same request, connections and duration, all with client access (publishable key and the
 * user's access token):
 *
 *   users/me          GET /api/v1/users/me
 *   team-permissions  GET /api/v1/team-permissions?team_id=<team>&user_id=me&recursive=true,
 *                     four direct grants expanded through 30 definitions six levels deep
 *   teams             GET /api/v1/teams?user_id=me, 10 of the project's 20 teams
 *   refresh           POST /api/v1/auth/sessions/current/refresh
 *   password-sign-in  POST /api/v1/auth/password/sign-in, the right password
 *   api-key-check     POST /api/v1/user-api-keys/check (server access)
 *   update-quantity   POST /api/v1/payments/items/custom/<id>/api_calls/update-quantity (server access)
 *   cold-start        `node dist/server.js` to its first 200 against `node -e ''`, on PGlite and
 *                     PostgreSQL (scripts/bench/cold-start.ts; needs `npm run build` first)
 *
 * The references: for the GET cases a bare Hono route returning the same JSON and a "floor"
 * that verifies the same token with jose and makes the one pg query the request needs; for
 * the POST cases a floor of the least work the request needs (references.ts). The data is
 * created over Gatehouse's HTTP API first (scripts/bench/fixtures.ts). Prints a table with
 * the ratios Gatehouse / reference per case and every server's event-loop delay, and writes
 * .bench/results.json. Fails if any request is answered with anything but a 2xx.
 *
 * Each server of a case is warmed up, then measured in BENCH_ROUNDS rounds interleaved
 * (Gatehouse, its references, Gatehouse, ...), so noise from a shared machine falls on all
 * of them alike. Gatehouse runs with RATE_LIMIT_MULTIPLIER lifting every rate limit out of
 * reach, so the sign-in figures measure the work, not the limiter (whose counting still runs).
 *
 * Every server runs in its own child process and autocannon runs here. On a 2-core machine
 * a server sharing this process would share one event loop (and one core) with the load
 * generator, and its figures would measure autocannon as much as the server. Gatehouse is
 * started through its real entry point, server/src/main.ts, configured only by environment
 * variables like a deployment (NODE_ENV=production, PostgreSQL at DATABASE_URL).
 *
 * Settings: DATABASE_URL (a role allowed to CREATE DATABASE; when unset, the local cluster
 * is started the way CI does, with `bash .ci/run postgres`), BENCH_CONNECTIONS (10),
 * BENCH_DURATION (10 s per server, split over the rounds), BENCH_ROUNDS (2), BENCH_WARMUP (2 s),
 * BENCH_CASES (comma-separated case names; all by default), BENCH_CPU_PROF (a directory: every
 * server writes a V8 CPU profile there, `node --cpu-prof`).
 */
import autocannon from "autocannon";
import { cpus } from "node:os";
import { benchCases, type BenchCase, type BenchRequest } from "./cases";
import { readEventLoop, resetEventLoop, ROOT, startChild, stopAllChildren, stopChild, waitUntilListening, type Child } from "./children";
import { adminDatabaseUrl, createDatabase, startGatehouse } from "./gatehouse-process";
// The test server module itself, which loads no vitest (vitest cannot be imported outside a test run).
import { freePort } from "../../server/src/testing/test-server";
import { measureColdStart, type ColdStart } from "./cold-start";
import { createBenchFixture } from "./fixtures";
import type { ReferenceConfig } from "./references";
import { printTable, ratios, summarize, writeResults, type CaseResult, type Round } from "./report";

const RESULTS_PATH = `${ROOT}.bench/results.json`;

const numberSetting = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};
const settings = {
  connections: numberSetting("BENCH_CONNECTIONS", 10),
  durationSeconds: numberSetting("BENCH_DURATION", 10),
  warmupSeconds: numberSetting("BENCH_WARMUP", 2),
  rounds: Math.round(numberSetting("BENCH_ROUNDS", 2)),
  cases: process.env.BENCH_CASES?.split(",").map((name) => name.trim()).filter(Boolean),
};

async function send(baseUrl: string, request: BenchRequest): Promise<{ status: number; json: any }> {
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  const response = await fetch(`${baseUrl}${request.path}`, { method: request.method, headers: request.headers, body });
  return { status: response.status, json: await response.json() };
}

interface Server {
  name: string;
  baseUrl: string;
  child: Child;
}

function load(server: Server, request: BenchRequest, duration: number) {
  const { connections } = settings;
  const body = request.body === undefined ? undefined : JSON.stringify(request.body);
  return autocannon({ url: `${server.baseUrl}${request.path}`, method: request.method, headers: request.headers, body, connections, duration });
}

/** One measured round of `server`, its event-loop delay sampled over the same window. */
async function measureRound(label: string, server: Server, request: BenchRequest, duration: number): Promise<Round> {
  console.log(`${label}: ${duration} s with ${settings.connections} connections`);
  const latenciesMs: number[] = [];
  resetEventLoop(server.child);
  const run = load(server, request, duration);
  run.on("response", (_client, _status, _bytes, responseTimeMs) => latenciesMs.push(responseTimeMs));
  const result = await run;
  return { result, latenciesMs, eventLoop: await readEventLoop(server.child) };
}

/**
 * Starts the case's references, checks that every server answers correctly, warms each up,
 * then measures them in interleaved rounds.
 */
async function runCase(benchCase: BenchCase, run: { gatehouse: Server; projectId: string; databaseUrl: string }): Promise<CaseResult> {
  const { name, request } = benchCase;
  const expected = await send(run.gatehouse.baseUrl, request);
  if (expected.status !== 200 || (benchCase.answers && !benchCase.answers(expected.json))) {
    throw new Error(`${name}: Gatehouse answered ${expected.status}: ${JSON.stringify(expected.json)}`);
  }
  const items = Array.isArray(expected.json.items) ? `, ${expected.json.items.length} items` : "";
  console.log(`${name}: ${request.method} ${request.path} answers ${JSON.stringify(expected.json).length} bytes of JSON${items}`);
  const pathname = new URL(request.path, run.gatehouse.baseUrl).pathname;

  const servers: Server[] = [run.gatehouse];
  try {
    for (const spec of benchCase.references) {
      const port = await freePort();
      const config: ReferenceConfig =
        spec.kind === "bare"
          ? { kind: "bare", port, path: pathname, body: expected.json }
          : {
              kind: "floor",
              port,
              path: pathname,
              work: spec.work,
              definitions: spec.definitions,
              userId: spec.userId,
              gatehouseUrl: run.gatehouse.baseUrl,
              projectId: run.projectId,
              databaseUrl: run.databaseUrl,
            };
      const child = startChild("scripts/bench/references.ts", { BENCH_REFERENCE: JSON.stringify(config) });
      const server = { name: spec.kind, baseUrl: `http://127.0.0.1:${port}`, child };
      servers.push(server);
      await waitUntilListening(`the ${spec.kind} reference of ${name}`, server.baseUrl, child);
      const answer = await send(server.baseUrl, request);
      const correct =
        answer.status === 200 &&
        (spec.kind === "floor" && spec.answers ? spec.answers(answer.json, expected.json) : JSON.stringify(answer.json) === JSON.stringify(expected.json));
      if (!correct) throw new Error(`${name}: the ${spec.kind} reference answers differently (${answer.status}): ${JSON.stringify(answer.json)}`);
    }

    for (const server of servers) {
      console.log(`${name} ${server.name}: ${settings.warmupSeconds} s warm-up`);
      await load(server, request, settings.warmupSeconds);
    }
    const roundSeconds = Math.max(1, Math.round(settings.durationSeconds / settings.rounds));
    const rounds = new Map<Server, Round[]>(servers.map((server) => [server, []]));
    for (let round = 1; round <= settings.rounds; round++) {
      for (const server of servers) {
        rounds.get(server)!.push(await measureRound(`${name} ${server.name} round ${round}/${settings.rounds}`, server, request, roundSeconds));
      }
    }
    const [gatehouse, ...references] = servers.map((server) => summarize(server.name, rounds.get(server)!));
    const caseRatios: CaseResult["ratios"] = {};
    for (const reference of references) caseRatios[reference.name] = ratios(gatehouse!, reference);
    return { name, request: benchCase.description, measurements: [gatehouse!, ...references], ratios: caseRatios };
  } finally {
    for (const server of servers.slice(1)) await stopChild(server.child);
  }
}

/** The release build's cold start on each database (scripts/bench/cold-start.ts), printed as it is measured. */
async function measureColdStarts(databaseUrl: string): Promise<ColdStart[]> {
  if (settings.cases && !settings.cases.includes("cold-start")) return [];
  const measured: ColdStart[] = [];
  for (const target of [{}, { databaseUrl }]) {
    const result = await measureColdStart(target);
    console.log(
      `cold start (${result.database}, median of ${result.rounds}): node dist/server.js to the first 200 ${result.gatehouseMs} ms, node -e '' ${result.bareNodeMs} ms, ${result.overBareNodeMs} ms more than bare Node`,
    );
    measured.push(result);
  }
  return measured;
}

async function main(): Promise<void> {
  const database = await createDatabase(adminDatabaseUrl());
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      await stopAllChildren();
      await database.drop();
    })());
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    console.log(`database ${database.name} on PostgreSQL ${database.version}`);
    const { url: gatehouseUrl, child: gatehouse } = await startGatehouse(database.url);

    const fixture = await createBenchFixture((path, init) => fetch(`${gatehouseUrl}${path}`, init));
    const run = { gatehouse: { name: "gatehouse", baseUrl: gatehouseUrl, child: gatehouse }, projectId: fixture.projectId, databaseUrl: database.url };
    const cases = benchCases(fixture).filter((c) => !settings.cases || settings.cases.includes(c.name));
    if (cases.length === 0) throw new Error(`BENCH_CASES names no case; the cases: ${benchCases(fixture).map((c) => c.name).join(", ")}`);
    const results: CaseResult[] = [];
    for (const benchCase of cases) results.push(await runCase(benchCase, run));

    printTable(results);
    const coldStarts = await measureColdStarts(database.url);
    await writeResults(RESULTS_PATH, {
      date: new Date().toISOString(),
      machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, postgres: database.version },
      settings,
      cases: results,
      coldStarts,
    });

    const failed = results.flatMap((c) => c.measurements.map((m) => ({ ...m, name: `${c.name} ${m.name}` })));
    const invalid = failed.filter((m) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0);
    if (invalid.length > 0) {
      const details = invalid.map((m) => `${m.name}: ${m.non2xx} non-2xx ${JSON.stringify(m.statusCodes)}, ${m.errors} errors, ${m.timeouts} timeouts`);
      throw new Error(`BENCHMARK INVALID: not every request succeeded.\n  ${details.join("\n  ")}`);
    }
  } finally {
    await cleanUp();
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
}
