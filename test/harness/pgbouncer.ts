/**
 * Debian's PgBouncer in transaction mode in front of the test PostgreSQL, on a free loopback
 * port, for tests of servers behind a pooler. Clients are trusted (loopback only); PgBouncer
 * logs in to PostgreSQL as the CI role. As root (CI) it runs as the `postgres` user, since
 * PgBouncer refuses to run as root.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { chown, mkdtemp, rm, writeFile } from "node:fs/promises";
import { Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { freePort } from "./tools";

const run = promisify(execFile);
export const PGBOUNCER = "/usr/sbin/pgbouncer";

export interface PgBouncer {
  port: number;
  /** `url` with its host and port replaced by PgBouncer's. */
  through(url: string): string;
  stop(): Promise<void>;
}

export const hasPgBouncer = () => existsSync(PGBOUNCER);

export async function startPgBouncer(upstream: string): Promise<PgBouncer> {
  const target = new URL(upstream);
  const port = await freePort();
  const dir = await mkdtemp(join(tmpdir(), "gatehouse-pgbouncer-"));
  const ini = join(dir, "pgbouncer.ini");
  // With trust, PgBouncer still admits only the users its auth file names.
  await writeFile(join(dir, "userlist.txt"), `"${decodeURIComponent(target.username)}" ""\n`);
  await writeFile(
    ini,
    [
      "[databases]",
      `* = host=${target.hostname} port=${target.port || 5432} user=${decodeURIComponent(target.username)} password=${decodeURIComponent(target.password)}`,
      "[pgbouncer]",
      "listen_addr = 127.0.0.1",
      `listen_port = ${port}`,
      "unix_socket_dir =",
      "auth_type = trust",
      `auth_file = ${join(dir, "userlist.txt")}`,
      "pool_mode = transaction",
      "max_client_conn = 500",
      "default_pool_size = 20",
      `logfile = ${join(dir, "pgbouncer.log")}`,
      "",
    ].join("\n"),
  );
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number((await run("id", ["-u", "postgres"])).stdout.trim());
    const gid = Number((await run("id", ["-g", "postgres"])).stdout.trim());
    for (const path of [dir, ini, join(dir, "userlist.txt")]) await chown(path, uid, gid);
  }
  const child: ChildProcess = asRoot ? spawn("runuser", ["-u", "postgres", "--", PGBOUNCER, ini], { stdio: "ignore" }) : spawn(PGBOUNCER, [ini], { stdio: "ignore" });
  // Ready once it accepts connections.
  const started = Date.now();
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once("connect", () => resolve(true)).once("error", () => resolve(false));
      socket.connect(port, "127.0.0.1");
      setTimeout(() => socket.destroy(), 500);
    });
    if (open) break;
    if (child.exitCode !== null || Date.now() - started > 10_000) throw new Error(`PgBouncer did not start on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    port,
    through(url) {
      const via = new URL(url);
      via.hostname = "127.0.0.1";
      via.port = String(port);
      return via.toString();
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => (child.exitCode !== null ? resolve(undefined) : child.once("exit", resolve)));
      await rm(dir, { recursive: true, force: true });
    },
  };
}
