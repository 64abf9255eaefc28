/**
 * `npm run bench`: GET /api/v1/users/me on PostgreSQL-backed Gatehouse, measured in one run
 * beside two references (scripts/bench/references.ts) with the same request, connections
 * and duration: a bare Hono route returning the same JSON, and a "floor" that verifies the
 * same token with jose and selects the user row with pg. Prints a table with the ratios and
 * writes .bench/results.json. Fails if any request is answered with anything but a 2xx.
 *
 * Every server runs in its own child process and autocannon runs here. On a 2-core machine
 * a server sharing this process would share one event loop (and one core) with the load
 * generator, and its figures would measure autocannon as much as the server. Gatehouse is
 * started through its real entry point, server/src/main.ts, configured only by environment
 * variables like a deployment (NODE_ENV=production, PostgreSQL at DATABASE_URL).
 *
 * Settings: DATABASE_URL (a role allowed to CREATE DATABASE; when unset, the local cluster
 * is started the way CI does, with `bash .ci/run postgres`), BENCH_CONNECTIONS (10),
 * BENCH_DURATION (10 s), BENCH_WARMUP (2 s).
 */
import autocannon from "autocannon";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { cpus } from "node:os";
import { fileURLToPath } from "node:url";
import pg from "pg";
// The harness modules themselves: the @gatehouse/server/testing index also exports
// vitest-only helpers, and vitest cannot be imported outside a test run.
import { authHeaders, createProjectFixture } from "../../server/src/testing/fixtures";
import { freePort, TEST_INTERNAL_KEYS } from "../../server/src/testing/test-server";
import type { ReferenceConfig } from "./references";
import { printTable, ratios, summarize, writeResults, type Measurement } from "./report";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
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
};

function adminDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  console.log("DATABASE_URL is not set: starting the local PostgreSQL cluster as CI does (bash .ci/run postgres)");
  try {
    const output = execFileSync("bash", [`${ROOT}.ci/run`, "postgres"], { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
    const last = output.trim().split("\n").pop() ?? "";
    if (last.startsWith("DATABASE_URL=")) return last.slice("DATABASE_URL=".length);
  } catch {
    // Fall through to the explanation below.
  }
  throw new Error(
    "npm run bench needs PostgreSQL. Set DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/postgres for a role " +
      "allowed to CREATE DATABASE; starting a local cluster automatically needs root and Debian's pg_ctlcluster.",
  );
}

/** A fresh database for this run, dropped again at the end, on the server at `adminUrl`. */
async function createDatabase(adminUrl: string) {
  const name = `gatehouse_bench_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect().catch((error: Error) => {
    throw new Error(`cannot connect to PostgreSQL at DATABASE_URL: ${error.message}`);
  });
  const [{ server_version: version }] = (await admin.query("SHOW server_version")).rows;
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await cleanup.end();
  };
  return { name, url: url.toString(), version: String(version), drop };
}

/** Every child started, so that no exit path (an error, Ctrl-C, a closed pipe) leaves one running. */
const children: Child[] = [];
process.on("exit", () => {
  for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGTERM");
});

interface Child {
  process: ChildProcess;
  /** The tail of what the child printed, shown when it fails. */
  output: () => string;
}

function startChild(script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, ["--import", "tsx", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const entry: Child = { process: child, output: () => output };
  children.push(entry);
  return entry;
}

async function waitUntilListening(name: string, baseUrl: string, child: Child): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) break;
    try {
      await fetch(`${baseUrl}/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${name} did not start listening at ${baseUrl}. Its output:\n${child.output()}`);
}

async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
}

async function getJson(url: string, headers: Record<string, string>): Promise<{ status: number; json: any }> {
  const response = await fetch(url, { headers });
  return { status: response.status, json: await response.json() };
}

async function measure(name: string, url: string, headers: Record<string, string>): Promise<Measurement> {
  const { connections, warmupSeconds, durationSeconds } = settings;
  console.log(`${name}: ${warmupSeconds} s warm-up, then ${durationSeconds} s with ${connections} connections`);
  await autocannon({ url, headers, connections, duration: warmupSeconds });
  const latenciesMs: number[] = [];
  const run = autocannon({ url, headers, connections, duration: durationSeconds });
  run.on("response", (_client, _status, _bytes, responseTimeMs) => latenciesMs.push(responseTimeMs));
  return summarize(name, await run, latenciesMs);
}

async function main(): Promise<void> {
  const database = await createDatabase(adminDatabaseUrl());
  let cleaned: Promise<void> | undefined;
  const cleanUp = () =>
    (cleaned ??= (async () => {
      for (const child of children) await stopChild(child);
      await database.drop();
    })());
  process.once("SIGINT", () => void cleanUp().finally(() => process.exit(130)));
  try {
    console.log(`database ${database.name} on PostgreSQL ${database.version}`);
    const gatehousePort = await freePort();
    const gatehouseUrl = `http://127.0.0.1:${gatehousePort}`;
    const gatehouse = startChild("server/src/main.ts", {
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(gatehousePort),
      PUBLIC_URL: gatehouseUrl,
      DATABASE_URL: database.url,
      STACK_SERVER_SECRET: randomBytes(32).toString("base64url"),
      // The test fixtures sign up in `internal` with these keys.
      STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
      STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: TEST_INTERNAL_KEYS.secretServerKey,
      STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: TEST_INTERNAL_KEYS.superSecretAdminKey,
      ACCESS_TOKEN_TTL_SECONDS: "3600",
      LOG_REQUESTS: "false",
    });
    await waitUntilListening("Gatehouse", gatehouseUrl, gatehouse);

    // The admin bootstrap over real HTTP: an owner signs up in `internal`, creates a project
    // and its keys, and a user signs up in that project.
    const fixture = await createProjectFixture({ request: (path, init) => fetch(`${gatehouseUrl}${path}`, init) });
    const headers = authHeaders({ ...fixture.client, accessToken: fixture.user.accessToken });
    const me = await getJson(`${gatehouseUrl}/api/v1/users/me`, headers);
    if (me.status !== 200) throw new Error(`GET /users/me answered ${me.status}: ${JSON.stringify(me.json)}`);

    const referenceConfigs: ReferenceConfig[] = [
      { kind: "bare", port: await freePort(), body: me.json },
      { kind: "floor", port: await freePort(), gatehouseUrl, projectId: fixture.projectId, databaseUrl: database.url },
    ];
    const referenceUrls: string[] = [];
    for (const config of referenceConfigs) {
      const child = startChild("scripts/bench/references.ts", { BENCH_REFERENCE: JSON.stringify(config) });
      const url = `http://127.0.0.1:${config.port}`;
      await waitUntilListening(`the ${config.kind} reference`, url, child);
      referenceUrls.push(`${url}/api/v1/users/me`);
    }
    const [bareUrl, floorUrl] = referenceUrls as [string, string];

    // Each server answers the benchmark request correctly before it is timed.
    const bare = await getJson(bareUrl, headers);
    if (bare.status !== 200 || JSON.stringify(bare.json) !== JSON.stringify(me.json)) throw new Error("the bare reference answers differently");
    const floor = await getJson(floorUrl, headers);
    if (floor.status !== 200 || floor.json.id !== fixture.user.userId) throw new Error(`the floor reference answers ${floor.status}`);

    const measurements = [
      await measure("gatehouse", `${gatehouseUrl}/api/v1/users/me`, headers),
      await measure("bare", bareUrl, headers),
      await measure("floor", floorUrl, headers),
    ];
    const [g, b, f] = measurements as [Measurement, Measurement, Measurement];
    const vsBare = ratios(g, b);
    const vsFloor = ratios(g, f);
    printTable(measurements, vsBare, vsFloor);
    await writeResults(RESULTS_PATH, {
      date: new Date().toISOString(),
      request: "GET /api/v1/users/me (client access, publishable key and access token)",
      machine: { node: process.version, cpus: cpus().length, cpuModel: cpus()[0]?.model, postgres: database.version },
      settings,
      measurements,
      ratios: { gatehouseOverBare: vsBare, gatehouseOverFloor: vsFloor },
    });

    const failed = measurements.filter((m) => m.non2xx > 0 || m.errors > 0 || m.timeouts > 0);
    if (failed.length > 0) {
      const details = failed.map((m) => `${m.name}: ${m.non2xx} non-2xx ${JSON.stringify(m.statusCodes)}, ${m.errors} errors, ${m.timeouts} timeouts`);
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
