import { serve } from "@hono/node-server";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "./app";
import { loadConfig } from "./config/env";
import { resolveServerSecret } from "./config/server-secret";
import { loadArgon2 } from "./crypto/password";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open";
import { hasAnyUser } from "./db/queries/users";
import { startTracing } from "./tracing";
import { createConsoleLogger, defaultLogFormat } from "./logger";
import { startCacheSync } from "./services/cache-sync";
import { startDeploymentCheck } from "./services/deployment-check";
import { createDeps } from "./services/create-deps";
import { sealClearOutboxMessages } from "./services/emails/outbox";
import { startEmailWorker } from "./services/emails/queue";
import { DEV_PUBLISHABLE_CLIENT_KEY, ensureInternalProject } from "./services/projects/internal-project";
import { INTERNAL_TENANT } from "./services/projects/ownership";
import { checkServerSecret } from "./services/projects/server-secret-check";
import { startupBanner } from "./startup-banner";
import { startWebhookWorker } from "./services/webhooks/delivery-worker";
import { startRetentionSweeper } from "./services/retention/sweeper";

/** The built web app: beside the bundle in the release artifact (dist/web), else the repository's web/dist. */
const [BUNDLED_WEB_DIR, REPOSITORY_WEB_DIR] = [new URL("./web/", import.meta.url), new URL("../../web/dist/", import.meta.url)].map((url) => fileURLToPath(url));
const WEB_DIST_DIR = existsSync(join(BUNDLED_WEB_DIR!, "index.html")) ? BUNDLED_WEB_DIR! : REPOSITORY_WEB_DIR!;
/** The manual: beside the bundle in the release artifact (dist/docs), else the repository's docs/. */
const [BUNDLED_DOCS_DIR, REPOSITORY_DOCS_DIR] = [new URL("./docs/", import.meta.url), new URL("../../docs/", import.meta.url)].map((url) => fileURLToPath(url));
const DOCS_DIR = existsSync(join(BUNDLED_DOCS_DIR!, "index.md")) ? BUNDLED_DOCS_DIR! : REPOSITORY_DOCS_DIR!;

export async function startServer(env?: NodeJS.ProcessEnv) {
  const settings = loadConfig(env);
  // Before anything calls out, so that outbound requests are traced from the first.
  const tracing = await startTracing(settings.tracing);
  const log = createConsoleLogger({}, { debug: settings.logDebug, format: settings.logFormat ?? defaultLogFormat(settings.nodeEnv) });
  if (!settings.databaseUrl) await mkdir(settings.dataDir, { recursive: true });
  const { secret, source, file } = await resolveServerSecret(settings);
  if (source === "generated") log.warn("Generated a server secret in the data folder; set STACK_SERVER_SECRET in production");

  const db = await openDb(settings, log);
  const applied = await migrate(db);
  if (applied.length > 0) log.info("Applied migrations", { migrations: applied });
  try {
    await checkServerSecret(db, secret, { source, file });
  } catch (error) {
    await db.close();
    throw error;
  }

  const deps = createDeps(db, settings, secret, log);
  // The first render starts a worker and bundles the sandbox's libraries; do it before the first sign-up needs it.
  deps.emailRenderer.warm();
  const sealedMessages = await sealClearOutboxMessages(db, deps.outboxSeal);
  if (sealedMessages > 0) log.info("Sealed outbox messages stored in clear by an earlier version", { messages: sealedMessages });
  const cacheSync = await startCacheSync(deps);
  const deploymentCheck = startDeploymentCheck(deps);
  const bootstrap = await ensureInternalProject(deps);
  if (bootstrap.created) log.info("Created the internal project");
  if (!settings.seedInternalKeys.publishableClientKey && settings.nodeEnv !== "production") {
    log.warn(`The internal project accepts the development publishable client key "${DEV_PUBLISHABLE_CLIENT_KEY}"; set STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY in production`);
  }

  const webhookWorker = startWebhookWorker(deps, settings.webhooks);
  const emailWorker = startEmailWorker(deps);
  const retentionSweeper = startRetentionSweeper(deps, settings.retention);

  const { app } = createApp(deps, { webDistDir: WEB_DIST_DIR, docsDir: DOCS_DIR });
  const server = serve({ fetch: app.fetch, hostname: settings.host, port: settings.port });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : settings.port;
  log.info("Gatehouse is listening", {
    url: `http://localhost:${port}`,
    api: `${settings.publicUrl}/api/v1`,
    reference: `${settings.publicUrl}/api/docs`,
    docs: `${settings.publicUrl}/docs`,
    ...(settings.serveWeb ? { dashboard: `${settings.publicUrl}/dashboard`, handler: `${settings.publicUrl}/handler/sign-in` } : {}),
    database: db.kind === "pglite" ? `PGlite in ${settings.dataDir}` : "PostgreSQL",
  });
  // Loaded once the server answers, off the path to its first answer; a broken install still stops it at start.
  loadArgon2().catch((error: unknown) => {
    log.error("The argon2 addon could not be loaded, so passwords cannot be hashed or checked: reinstall the dependencies (npm ci)", { error: String(error) });
    process.exit(1);
  });
  if (settings.nodeEnv !== "production") {
    const hasAdmin = await hasAnyUser(db, INTERNAL_TENANT);
    process.stdout.write(
      startupBanner({
        publicUrl: settings.publicUrl,
        listenUrl: `http://localhost:${port}`,
        database: db.kind === "pglite" ? { kind: "pglite", dataDir: settings.dataDir } : { kind: "postgres" },
        servesWeb: settings.serveWeb,
        hasAdmin,
      }),
    );
  }

  const stop = async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await webhookWorker.stop();
    await emailWorker.stop();
    await retentionSweeper.stop();
    await cacheSync.stop();
    await deploymentCheck.close();
    await deps.emailRenderer.close();
    deps.geo.close();
    await db.close();
    await tracing?.shutdown();
  };
  return { port, stop, deps, retention: retentionSweeper };
}

const isEntryPoint = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isEntryPoint) {
  const running = await startServer();
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      void running.stop().then(() => process.exit(0));
    });
  }
}
