/**
 * A throwaway PostgreSQL cluster of our own, for tests that stop and restart the database
 * server: the shared cluster other tests run on is never touched. initdb into a temporary
 * folder, listen on a free loopback port with trust authentication, and stop and remove it
 * all at the end. As root (CI), the binaries run as the `postgres` user, since PostgreSQL
 * refuses to run as root.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./tools";

const run = promisify(execFile);

const BIN_DIRS = ["/usr/lib/postgresql/17/bin", "/usr/lib/postgresql/16/bin", "/usr/lib/postgresql/15/bin"];

/** Where the given PostgreSQL programs are (by default initdb and pg_ctl), or why this machine lacks them. */
export function findPostgresBinaries(programs: string[] = ["initdb", "pg_ctl"]): { binDir: string } | { missing: string } {
  const binDir = BIN_DIRS.find((dir) => programs.every((program) => existsSync(join(dir, program))));
  if (!binDir) return { missing: `PostgreSQL programs (${programs.join(", ")}) were not found in ${BIN_DIRS.join(", ")}; install the postgresql package` };
  return { binDir };
}

export interface PrivatePostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  port: number;
  /** Fast shutdown: open sessions are terminated (57P01), then the port refuses connections. */
  stop(): Promise<void>;
  /** Starts it and resolves once it accepts connections. */
  start(): Promise<void>;
  /** Stops it for good and removes its folder. */
  destroy(): Promise<void>;
  log(): Promise<string>;
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const found = findPostgresBinaries();
  if ("missing" in found) throw new Error(found.missing);
  const asRoot = process.getuid?.() === 0;
  const dir = await mkdtemp(join(tmpdir(), "gatehouse-pg-"));
  const dataDir = join(dir, "data");
  const logFile = join(dir, "server.log");
  if (asRoot) {
    const { stdout } = await run("id", ["-u", "postgres"]);
    const { stdout: group } = await run("id", ["-g", "postgres"]);
    await chown(dir, Number(stdout.trim()), Number(group.trim()));
  }
  /** Runs a PostgreSQL binary, as the postgres user when we are root. */
  const pg = async (binary: string, args: string[]) => {
    const command = join(found.binDir, binary);
    const [file, argv] = asRoot ? ["runuser", ["-u", "postgres", "--", command, ...args]] : [command, args];
    await run(file, argv, { cwd: dir, timeout: 60_000 });
  };

  const port = await freePort();
  await pg("initdb", ["-D", dataDir, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"]);
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50`;
  const start = () => pg("pg_ctl", ["-D", dataDir, "-l", logFile, "-o", options, "-w", "-t", "60", "start"]);
  await start();

  let destroyed = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop: () => pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "-t", "60", "stop"]),
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await pg("pg_ctl", ["-D", dataDir, "-m", "immediate", "-w", "stop"]).catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    log: () => readFile(logFile, "utf8").catch(() => ""),
  };
}
