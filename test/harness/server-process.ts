/**
 * The real server as a child process (`server/src/main.ts` under tsx, production mode, or the
 * release artifact under plain Node), for tests that kill it or take its database away, and for
 * the contract suite run against the artifact. It listens on a free loopback port; start
 * resolves once the server logs that it is listening, and fails with the process's output
 * if it exits first.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "./tools";
import { createPgliteDataDir, createPostgresDatabase, testDbKind } from "./server";

const REPO_ROOT = fileURLToPath(new URL("../../", import.meta.url));
const MAIN = fileURLToPath(new URL("../../server/src/main.ts", import.meta.url));

export const PROCESS_KEYS = {
  publishableClientKey: "pck_operations_test_publishable",
  secretServerKey: "ssk_operations_test_secret",
  superSecretAdminKey: "sak_operations_test_admin",
};

export const PROCESS_SERVER_SECRET = "operations-test-server-secret-0123456789abcdef";

export interface ServerProcess {
  url: string;
  pid: number;
  /** Everything the process wrote so far (the last 200 lines). */
  output(): string;
  /** Whether the process has exited. */
  exited(): boolean;
  /** Sends `signal` and resolves when the process is gone. */
  kill(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export interface ServerProcessOptions {
  /** PGlite data folder, when `databaseUrl` is not given. */
  dataDir?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  startTimeoutMs?: number;
  /** A release artifact (scripts/build.mjs, production dependencies installed) to run instead of the sources under tsx. */
  artifactDir?: string;
}

/**
 * A database of its own for a server process, on the run's database kind: a migrated PGlite
 * data folder, or a new database on the PostgreSQL server. `cleanup` gets the step that removes it.
 */
export async function freshProcessDatabase(name: string, cleanup: Array<() => Promise<unknown>>): Promise<ServerProcessOptions> {
  if (testDbKind() === "pglite") {
    const dataDir = await mkdtemp(join(tmpdir(), `gatehouse-${name}-`));
    cleanup.push(() => rm(dataDir, { recursive: true, force: true }));
    await createPgliteDataDir(dataDir);
    return { dataDir };
  }
  const created = await createPostgresDatabase();
  cleanup.push(created.drop);
  return { databaseUrl: created.url };
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Nothing of the test run's own settings leaks in: the child gets exactly its database.
  for (const name of ["DATABASE_URL", "DATA_DIR", "GATEHOUSE_TEST_DB", "VITEST", "VITEST_POOL_ID", "VITEST_WORKER_ID"]) delete env[name];
  Object.assign(env, {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SERVE_WEB: "false",
    // Load from one machine looks like many clients, so that per-address rate limits do not refuse it.
    TRUST_PROXY: "true",
    STACK_SERVER_SECRET: PROCESS_SERVER_SECRET,
    STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: PROCESS_KEYS.publishableClientKey,
    STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: PROCESS_KEYS.secretServerKey,
    STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: PROCESS_KEYS.superSecretAdminKey,
    ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : { DATA_DIR: options.dataDir ?? "" }),
    ...options.env,
  });

  const child = options.artifactDir
    ? spawn(process.execPath, ["--enable-source-maps", join(options.artifactDir, "server.js")], { cwd: options.artifactDir, env, stdio: ["ignore", "pipe", "pipe"] })
    : spawn(process.execPath, ["--import", "tsx", MAIN], { cwd: REPO_ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  const exitPromise = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    });
  });
  const listening = new Promise<void>((resolve) => {
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString("utf8").split("\n")) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > 200) lines.shift();
        if (line.includes('"Gatehouse is listening"')) resolve();
      }
    };
    child.stdout!.on("data", collect);
    child.stderr!.on("data", collect);
  });

  const timeoutMs = options.startTimeoutMs ?? 90_000;
  let timer: NodeJS.Timeout | undefined;
  const outcome = await Promise.race([
    listening.then(() => "listening" as const),
    exitPromise.then(() => "exited" as const),
    new Promise<"timeout">((resolve) => (timer = setTimeout(() => resolve("timeout"), timeoutMs))),
  ]);
  clearTimeout(timer);
  if (outcome !== "listening") {
    if (outcome === "timeout") await killAndWait(child, exitPromise, "SIGKILL");
    throw new Error(`The server process ${outcome === "timeout" ? `did not listen within ${timeoutMs} ms` : `exited (${JSON.stringify(exit)})`}:\n${lines.join("\n")}`);
  }

  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => lines.join("\n"),
    exited: () => exit !== undefined,
    kill: (signal) => killAndWait(child, exitPromise, signal),
  };
}

async function killAndWait(
  child: ChildProcess,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
  signal: NodeJS.Signals,
) {
  if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  return exited;
}
