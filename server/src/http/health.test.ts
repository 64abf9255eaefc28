import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAdminUrl, testDbKind } from "../testing/test-db";
import { createTestApp, type TestApp } from "../testing/test-server";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function ready() {
  const res = await t.request("/health/ready");
  return { status: res.status, body: (await res.json()) as { status: string; checks: Record<string, { status: string; reason?: string; pending?: string[] }> } };
}

/** Runs `sql` as the role that owns the test databases, outside the app's pool. */
async function asAdmin(sql: string, params: unknown[] = []) {
  const admin = new pg.Client({ connectionString: postgresAdminUrl() });
  await admin.connect();
  try {
    return (await admin.query(sql, params)).rows;
  } finally {
    await admin.end();
  }
}

describe("health probes", () => {
  it("keeps /health as it was: ok with the database's kind", async () => {
    const res = await t.request("/health");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: testDbKind() });
  });

  it("answers liveness without the database, and readiness with every check passing", async () => {
    const live = await t.request("/health/live");
    expect(live.status).toBe(200);
    expect(await live.json()).toEqual({ status: "ok" });
    expect(await ready()).toEqual({ status: 200, body: expect.objectContaining({ status: "ready", checks: { database: { status: "ok" }, migrations: { status: "ok" } } }) });
  });

  it("is not ready, naming the migration, while one this version has is not applied", async () => {
    const [last] = await t.db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name DESC LIMIT 1");
    await t.db.query("DELETE FROM schema_migrations WHERE name = $1", [last!.name]);
    try {
      const { status, body } = await ready();
      expect(status).toBe(503);
      expect(body.status).toBe("not ready");
      expect(body.checks.database).toEqual({ status: "ok" });
      expect(body.checks.migrations).toMatchObject({ status: "failing", pending: [last!.name] });
    } finally {
      await t.db.query("INSERT INTO schema_migrations (name) VALUES ($1)", [last!.name]);
    }
    expect((await ready()).status).toBe(200);
  });

  it("is not ready while the database refuses connections, and ready again once it accepts them, while liveness stays up", async () => {
    if (testDbKind() === "postgres") {
      const [{ name }] = (await t.db.query<{ name: string }>("SELECT current_database() AS name")) as [{ name: string }];
      await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS false`);
      await asAdmin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()", [name]);
      try {
        const { status, body } = await ready();
        expect(status).toBe(503);
        expect(body.checks.database).toEqual({ status: "failing", reason: "DATABASE_UNAVAILABLE" });
        expect((await t.request("/health/live")).status).toBe(200);
      } finally {
        await asAdmin(`ALTER DATABASE ${name} ALLOW_CONNECTIONS true`);
      }
      expect((await ready()).status).toBe(200);
    } else {
      // PGlite is in the process: the one way it stops answering is being closed.
      const own = await createTestApp();
      await own.db.close();
      const res = await own.app.request("/health/ready");
      expect(res.status).toBe(503);
      expect(((await res.json()) as { checks: { database: { status: string } } }).checks.database.status).toBe("failing");
      expect((await own.app.request("/health/live")).status).toBe(200);
      await own.close().catch(() => undefined);
    }
  });
});
