import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createApp } from "../../app";
import { loadConfig } from "../../config/env";
import { migrate } from "../../db/migrate";
import { openPgliteDb } from "../../db/pglite";
import { silentLogger } from "../../logger";
import { call, internalClient, signUpUser } from "../../testing/fixtures";
import { createTestDb, testDbKind } from "../../testing/test-db";
import { TEST_INTERNAL_KEYS } from "../../testing/test-server";
import { createDeps } from "../create-deps";
import type { Db } from "../../db/db";
import { ensureInternalProject } from "../projects/internal-project";

const SECRET = "restart-test-secret-restart-test-secret-0123";
const settings = loadConfig({
  NODE_ENV: "test",
  STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY: TEST_INTERNAL_KEYS.publishableClientKey,
});

async function boot(db: Db, secret = SECRET) {
  const deps = createDeps(db, settings, secret, silentLogger);
  await ensureInternalProject(deps);
  return createApp(deps).app;
}

describe("signing keys across restarts", () => {
  it("a restarted server (fresh caches, same database) accepts the tokens it issued", async () => {
    const db = await createTestDb();
    try {
      const first = await boot(db);
      const user = await signUpUser({ request: async (p, i) => first.request(p, i) }, internalClient);
      const second = await boot(db);
      const me = await call({ request: async (p, i) => second.request(p, i) }, "GET", "/users/me", {
        creds: { ...internalClient, accessToken: user.accessToken },
      });
      expect(me.status).toBe(200);
      expect(me.json.id).toBe(user.userId);
    } finally {
      await db.close();
    }
  });

  it("a server with another secret cannot open the sealed keys", async () => {
    const db = await createTestDb();
    try {
      const first = await boot(db);
      await signUpUser({ request: async (p, i) => first.request(p, i) }, internalClient);
      const stranger = createDeps(db, settings, `${SECRET}-other`, silentLogger);
      await expect(stranger.signingKeys.keysFor("internal")).rejects.toThrow();
    } finally {
      await db.close();
    }
  });

  it.runIf(testDbKind() === "pglite")("embedded data on disk survives a process restart", async () => {
    const dir = await mkdtemp(join(tmpdir(), "gatehouse-restart-"));
    try {
      const db1 = await openPgliteDb(dir);
      await migrate(db1);
      const app1 = await boot(db1);
      const user = await signUpUser({ request: async (p, i) => app1.request(p, i) }, internalClient);
      await db1.close();

      const db2 = await openPgliteDb(dir);
      expect(await migrate(db2)).toEqual([]);
      const app2 = await boot(db2);
      const me = await call({ request: async (p, i) => app2.request(p, i) }, "GET", "/users/me", {
        creds: { ...internalClient, accessToken: user.accessToken },
      });
      expect(me.json.primary_email).toBe(user.email);
      await db2.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
