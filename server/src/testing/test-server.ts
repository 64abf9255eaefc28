import { serve } from "@hono/node-server";
import { createApp, type AppOptions } from "../app";
import { loadConfig, type AppConfig } from "../config/env";
import type { Db } from "../db/db";
import { silentLogger } from "../logger";
import { startCacheSync } from "../services/cache-sync";
import { createDeps } from "../services/create-deps";
import { startEmailWorker } from "../services/emails/queue";
import type { ServiceDeps } from "../services/deps";
import { ensureInternalProject } from "../services/projects/internal-project";
import { freePort } from "./free-port";
import { TEST_INTERNAL_KEYS, TEST_SERVER_SECRET } from "./seed-keys";
import { createTestDb } from "./test-db";

export { freePort } from "./free-port";
export { TEST_INTERNAL_KEYS, TEST_SERVER_SECRET } from "./seed-keys";

export interface TestApp {
  app: ReturnType<typeof createApp>["app"];
  /** The published OpenAPI document, built on first call. */
  openApiDocument: ReturnType<typeof createApp>["openApiDocument"];
  deps: ServiceDeps;
  db: Db;
  /** In-process request, as `app.request`. */
  request: (path: string, init?: RequestInit) => Promise<Response>;
  close: () => Promise<void>;
}

export interface TestAppOptions extends AppOptions {
  publicUrl?: string;
  env?: Record<string, string>;
  /** A migrated database to run on (closed with the app) instead of a fresh one. */
  db?: Db;
  /** Runs the outbox worker (services/emails/queue.ts) as a server does: needed for mail sent by POST /emails/send-email. */
  emailWorker?: boolean;
}

function testSettings(options: TestAppOptions): AppConfig {
  return loadConfig({
    NODE_ENV: "test",
    PUBLIC_URL: options.publicUrl ?? "http://localhost:8102",
    SERVE_WEB: options.webDistDir ? "true" : "false",
    STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
    STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY: TEST_INTERNAL_KEYS.secretServerKey,
    STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY: TEST_INTERNAL_KEYS.superSecretAdminKey,
    ...options.env,
  });
}

/** A whole app on a fresh database, bootstrapped like a first start; requests run in process. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const db = options.db ?? (await createTestDb());
  const deps = createDeps(db, testSettings(options), TEST_SERVER_SECRET, silentLogger);
  const cacheSync = await startCacheSync(deps);
  await ensureInternalProject(deps);
  const emailWorker = options.emailWorker ? startEmailWorker(deps) : null;
  const { app, openApiDocument } = createApp(deps, options);
  return {
    app,
    openApiDocument,
    deps,
    db,
    request: async (path, init) => app.request(path, init),
    close: async () => {
      await emailWorker?.stop();
      await cacheSync.stop();
      await deps.emailRenderer.close();
      deps.geo.close();
      await db.close();
    },
  };
}

export interface RunningTestServer extends TestApp {
  url: string;
  port: number;
}

/** The same app listening on a free localhost port, for SDKs, Prism and browsers. */
export async function startTestServer(options: TestAppOptions = {}): Promise<RunningTestServer> {
  const port = await freePort();
  const url = `http://localhost:${port}`;
  const testApp = await createTestApp({ ...options, publicUrl: url });
  const server = serve({ fetch: testApp.app.fetch, hostname: "127.0.0.1", port });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    ...testApp,
    url,
    port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await testApp.close();
    },
  };
}
