/**
 * Two processes of one deployment (one PostgreSQL database) with different PUBLIC_URLs sign
 * tokens the other refuses; each now logs it once, naming the setting and both values.
 */
import { afterAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../harness";
import { startServerProcess, type ServerProcess } from "../harness/server-process";

describe.skipIf(testDbKind() !== "postgres")("processes of one database with different PUBLIC_URLs", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("each logs once that the other's PUBLIC_URL differs", async () => {
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    const a: ServerProcess = await startServerProcess({ databaseUrl: database.url, env: { PUBLIC_URL: "https://auth-a.example.com" } });
    cleanup.push(() => a.kill("SIGTERM"));
    const b: ServerProcess = await startServerProcess({ databaseUrl: database.url, env: { PUBLIC_URL: "https://auth-b.example.com" } });
    cleanup.push(() => b.kill("SIGTERM"));
    const complaints = (server: ServerProcess) => server.output().split("\n").filter((line) => line.includes("Set the same PUBLIC_URL"));
    await expect.poll(() => complaints(b).length).toBe(1);
    await expect.poll(() => complaints(a).length).toBe(1);
    expect(complaints(a)[0]).toContain("PUBLIC_URL=https://auth-b.example.com, this one with PUBLIC_URL=https://auth-a.example.com");
    expect(JSON.parse(complaints(b)[0]!)).toMatchObject({ level: "error" });
  }, 180_000);
});
