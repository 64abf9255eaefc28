/**
 * A server behind PgBouncer in transaction mode that was not told so used to start and then
 * answer 500 to every request (prepared statements lost between transactions), or start with a
 * LISTEN session the pooler cannot hold. It now refuses to start and names the setting.
 * PostgreSQL with Debian's pgbouncer only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPostgresDatabase, testDbKind } from "../harness";
import { hasPgBouncer, startPgBouncer, type PgBouncer } from "../harness/pgbouncer";
import { startServerProcess } from "../harness/server-process";

describe.skipIf(testDbKind() !== "postgres" || !hasPgBouncer())("a transaction pooler the settings do not mention", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let direct: string;
  let bouncer: PgBouncer;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    direct = database.url;
    bouncer = await startPgBouncer(database.url);
    cleanup.push(() => bouncer.stop());
  });
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  const start = (env: Record<string, string>) => startServerProcess({ databaseUrl: bouncer.through(direct), env, startTimeoutMs: 60_000 });

  it("refuses to start without DATABASE_POOLER=transaction, naming it and DATABASE_DIRECT_URL", async () => {
    const failure = await start({}).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toContain("exited");
    expect(failure).toContain("set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL");
    expect(failure).not.toContain(direct);
  });

  it("refuses to start when LISTEN would go through the pooler, naming DATABASE_DIRECT_URL", async () => {
    const failure = await start({ DATABASE_POOLER: "transaction" }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).toContain("set DATABASE_DIRECT_URL to a connection straight to PostgreSQL");
    const pointedAtPooler = await start({ DATABASE_POOLER: "transaction", DATABASE_DIRECT_URL: bouncer.through(direct) }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(pointedAtPooler).toContain("DATABASE_DIRECT_URL leads through a transaction pooler");
  });

  it("starts and answers when both are set", async () => {
    const server = await start({ DATABASE_POOLER: "transaction", DATABASE_DIRECT_URL: direct });
    try {
      const ready = await fetch(`${server.url}/health/ready`);
      expect(ready.status).toBe(200);
    } finally {
      await server.kill("SIGTERM");
    }
  });
});
