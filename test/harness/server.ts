/**
 * The server as the black-box suites see it: booted through createApp on a fresh database
 * (PostgreSQL when GATEHOUSE_TEST_DB says so), listening on a free port, and reached over
 * HTTP only. What is inside it (its database, its services) stays here: the few reaches a
 * test needs that the API does not offer on a test's clock are the named functions below,
 * and they are the harness's alone.
 */
import { serve } from "@hono/node-server";
import {
  createPostgresDatabase,
  createTestApp,
  deliverDueWebhooks,
  issueCode,
  openPooledTestDb,
  startTestServer,
  type RunningTestServer,
  type TestApp,
} from "@gatehouse/server/testing/boot";
import { freePort } from "./tools";
import { startPgBouncer } from "./pgbouncer";

export { createPgliteDataDir, createPostgresDatabase, postgresAdminUrl, TEST_SERVER_SECRET, testDbKind, type TestDbKind } from "@gatehouse/server/testing/boot";

export interface TestServer {
  url: string;
  port: number;
  /** A request over HTTP to a path of this server (e.g. `/api/v1/users/me`); redirects are answers, never followed. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

export interface ServerOptions {
  env?: Record<string, string>;
  /** The built web app to serve beside the API. */
  webDistDir?: string;
  /** Runs the outbox worker as a deployed server does (mail sent by POST /emails/send-email). */
  emailWorker?: boolean;
}

const inside = new WeakMap<TestServer, TestApp>();

function overHttp(url: string, port: number, app: TestApp, close: () => Promise<void>): TestServer {
  const server: TestServer = {
    url,
    port,
    request: (path, init) => fetch(`${url}${path}`, { redirect: "manual", ...init }),
    close,
  };
  inside.set(server, app);
  return server;
}

function appOf(server: TestServer): TestApp {
  const app = inside.get(server);
  if (!app) throw new Error("not a server started by the harness");
  return app;
}

/** The whole app on a fresh database, on a free localhost port. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const running: RunningTestServer = await startTestServer(options);
  return overHttp(running.url, running.port, running, () => running.close());
}

export const behindPooler = () => process.env.GATEHOUSE_CONTRACT_POOLER === "pgbouncer";

/**
 * The contract suite's server behind PgBouncer in transaction mode (issue 17): two app
 * instances, each with its own connection pool through the pooler, its own caches and its
 * own LISTEN session, take turns answering requests on one port, as two processes behind a
 * load balancer would. They share only the database. Used when GATEHOUSE_CONTRACT_POOLER is
 * `pgbouncer` (the `contract:pgbouncer` test project).
 */
export async function startPooledServers(env?: Record<string, string>): Promise<TestServer> {
  const database = await createPostgresDatabase();
  const bouncer = await startPgBouncer(database.url);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // One after the other: the second finds the first one's migrations and internal project.
  const first = await createTestApp({ env, publicUrl: url, db: await openPooledTestDb(bouncer.through(database.url), database.url) });
  const second = await createTestApp({ env, publicUrl: url, db: await openPooledTestDb(bouncer.through(database.url), database.url) });
  let turn = 0;
  const listener = serve({ fetch: (request) => (turn++ % 2 === 0 ? first : second).app.fetch(request), hostname: "127.0.0.1", port });
  await new Promise<void>((resolve) => listener.once("listening", () => resolve()));
  return overHttp(url, port, first, async () => {
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    await first.close();
    await second.close();
    await bouncer.stop();
    await database.drop();
  });
}

/**
 * One pass of the webhook delivery worker, which a test server does not run on its own, so a
 * test decides when deliveries (and retries) happen.
 */
export async function deliverWebhooksNow(server: TestServer, options: Parameters<typeof deliverDueWebhooks>[1]): Promise<void> {
  await deliverDueWebhooks(appOf(server).deps, options);
}

/**
 * A verification code issued straight into the database, for the state the API cannot reach
 * without waiting out its lifetime (an expired code: `expiresInMs` below zero).
 */
export async function issueCodeDirectly(server: TestServer, projectId: string, code: Parameters<typeof issueCode>[2]): ReturnType<typeof issueCode> {
  const app = appOf(server);
  return issueCode(app.db, await app.deps.tenancies.load(projectId), code);
}

/** Rows as the database holds them, for tests of what is stored (encrypted at rest, deleted for good). */
export function storedRows<Row>(server: TestServer, sql: string, params: unknown[] = []): Promise<Row[]> {
  return appOf(server).db.query<Row>(sql, params);
}

/** Which database the server runs on. */
export function databaseKindOf(server: TestServer): "pglite" | "postgres" {
  return appOf(server).db.kind;
}

/** PGlite's own dump of its data folder (with its write-ahead log), when the server runs on PGlite. */
export function pgliteDumpOf(server: TestServer): { dump(): Promise<Blob> } | undefined {
  const db = appOf(server).db;
  return db.kind === "pglite" ? (db as unknown as { dump(): Promise<Blob> }) : undefined;
}
