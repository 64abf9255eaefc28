/**
 * Cold start of the release build: from `node dist/server.js` to the first 200 on /health, on a
 * database already migrated (a second start, as a restarted deployment starts), against the bare
 * reference `node -e ''` timed the same way, interleaved round by round. Issue 28's goal: under
 * one second more than bare Node. Needs `npm run build` first.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../server/src/testing/test-server";
import { ROOT } from "./children";

const SERVER = join(ROOT, "dist", "server.js");
const SECRET = "cold-start-bench-secret-0123456789abcdefghij";

export interface ColdStart {
  database: "pglite" | "postgres";
  rounds: number;
  /** Median milliseconds from spawn to exit of `node -e ''`. */
  bareNodeMs: number;
  /** Median milliseconds from spawn to the first 200 on /health. */
  gatehouseMs: number;
  /** gatehouseMs - bareNodeMs. */
  overBareNodeMs: number;
}

export async function measureColdStart(options: { databaseUrl?: string; rounds?: number }): Promise<ColdStart> {
  if (!existsSync(SERVER)) throw new Error("dist/server.js is missing: run npm run build first");
  const rounds = options.rounds ?? 5;
  const dataDir = options.databaseUrl ? null : mkdtempSync(join(tmpdir(), "gatehouse-cold-start-"));
  const env = { NODE_ENV: "production", STACK_SERVER_SECRET: SECRET, ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: dataDir! }) };
  try {
    await timeToHealth(env); // the first start migrates; it is not measured
    const bare: number[] = [];
    const gatehouse: number[] = [];
    for (let round = 0; round < rounds; round++) {
      bare.push(await timeToExit());
      gatehouse.push(await timeToHealth(env));
    }
    const bareNodeMs = median(bare);
    const gatehouseMs = median(gatehouse);
    return { database: options.databaseUrl ? "postgres" : "pglite", rounds, bareNodeMs, gatehouseMs, overBareNodeMs: gatehouseMs - bareNodeMs };
  } finally {
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

function timeToExit(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(performance.now() - started));
  });
}

async function timeToHealth(env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER], {
    cwd: ROOT,
    env: { ...withoutDatabase(process.env), ...env, HOST: "127.0.0.1", PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}` },
    stdio: "ignore",
  });
  const gone = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const exited = gone.then((): never => {
    throw new Error(`dist/server.js exited (${child.exitCode}) before answering`);
  });
  exited.catch(() => undefined);
  try {
    const answered = (async () => {
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/health`).then((response) => response.status === 200, () => false);
        if (ok) return performance.now() - started;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    })();
    return await Promise.race([answered, exited]);
  } finally {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
    await gone;
  }
}

/** This shell's environment without its database settings: each measurement names its own. */
function withoutDatabase(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATABASE_DIRECT_URL: _direct, DATA_DIR: _dir, ...rest } = env;
  return rest;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]!);
}
