/**
 * What every bench script needs from PostgreSQL and Gatehouse: a database of its own for the
 * run (dropped at the end), and Gatehouse started through its real entry point on it, in
 * production mode, configured only by environment variables like a deployment.
 */
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import pg from "pg";
// The test server module itself, which loads no vitest (vitest cannot be imported outside a test run).
import { freePort, TEST_INTERNAL_KEYS } from "../../server/src/testing/test-server";
import { ROOT, startChild, waitUntilListening, type Child } from "./children";

export function adminDatabaseUrl(): string {
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
export async function createDatabase(adminUrl: string) {
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

/** Gatehouse on `databaseUrl`, listening on a free loopback port, with every rate limit out of reach. */
export async function startGatehouse(databaseUrl: string, extraEnv: Record<string, string> = {}): Promise<{ url: string; child: Child }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = startChild("server/src/main.ts", {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_URL: url,
    DATABASE_URL: databaseUrl,
    STACK_SERVER_SECRET: randomBytes(32).toString("base64url"),
    // The test fixtures sign up in `internal` with these keys.
    STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
    STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: TEST_INTERNAL_KEYS.secretServerKey,
    STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: TEST_INTERNAL_KEYS.superSecretAdminKey,
    ACCESS_TOKEN_TTL_SECONDS: "3600",
    LOG_REQUESTS: "false",
    // Every rate limit a million times its default: the bench measures the work, not the limiter.
    RATE_LIMIT_MULTIPLIER: "1000000",
    ...extraEnv,
  });
  await waitUntilListening("Gatehouse", url, child);
  return { url, child };
}
