import { copyFile, mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { startServer } from "./main";
import { createPgliteDataDir } from "./testing/pglite-template";
import { createPostgresDatabase, testDbKind } from "./testing/test-db";

const BASE_ENV = { HOST: "127.0.0.1", PORT: "0", SERVE_WEB: "false" };

describe("start-up with a server secret the database was not set up with", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });
  const folder = async () => {
    const dir = await mkdtemp(join(tmpdir(), "gatehouse-secret-"));
    cleanup.push(() => rm(dir, { recursive: true, force: true }));
    return dir;
  };

  it.runIf(testDbKind() === "postgres")(
    "refuses the second of two development data folders on one PostgreSQL, naming its secret file, until it has the first one's secret",
    async () => {
      const database = await createPostgresDatabase();
      cleanup.push(database.drop);
      const [first, second] = [await folder(), await folder()];
      const env = (dataDir: string) => ({ ...BASE_ENV, NODE_ENV: "development", DATABASE_URL: database.url, DATA_DIR: dataDir });

      const running = await startServer(env(first));
      await running.stop();
      await expect(startServer(env(second))).rejects.toThrow(
        `This server generated a new secret in ${join(second, "server-secret")}. Set STACK_SERVER_SECRET to the secret the database was set up with`,
      );
      await expect(startServer(env(second))).rejects.toThrow(`This server read its secret from ${join(second, "server-secret")}`);

      await copyFile(join(first, "server-secret"), join(second, "server-secret"));
      const again = await startServer(env(second));
      await again.stop();
    },
  );

  it.runIf(testDbKind() === "pglite")("refuses another STACK_SERVER_SECRET on a PGlite data folder, and starts again with the right one", async () => {
    const dataDir = await folder();
    await createPgliteDataDir(dataDir);
    const env = (secret: string) => ({ ...BASE_ENV, NODE_ENV: "production", DATA_DIR: dataDir, STACK_SERVER_SECRET: secret });

    const running = await startServer(env("the-first-secret-of-this-folder-0123456789"));
    await running.stop();
    await expect(startServer(env("a-different-secret-entirely-0123456789"))).rejects.toThrow(/Set STACK_SERVER_SECRET to the secret the database was set up with/);
    const again = await startServer(env("the-first-secret-of-this-folder-0123456789"));
    await again.stop();
  });
});
