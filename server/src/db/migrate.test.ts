import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./db";
import { migrate } from "./migrate";
import { openPostgresDb } from "./postgres";
import { createPostgresDatabase, createTestDb, testDbKind } from "../testing/test-db";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());

describe("migrations", () => {
  it("records every migration once and applies nothing on a second run", async () => {
    const rows = await db.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name");
    expect(rows.map((r) => r.name)).toContain("0001_initial.sql");
    expect(await migrate(db)).toEqual([]);
  });

  it("gives every tenant table project_id as the first key column", async () => {
    const rows = await db.query<{ table_name: string }>(
      `SELECT c.table_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_name = c.table_name AND t.table_schema = c.table_schema
       WHERE c.table_schema = 'public' AND t.table_type = 'BASE TABLE' AND c.column_name = 'project_id'`,
    );
    const tenantTables = rows.map((r) => r.table_name);
    for (const table of ["users", "contact_channels", "sessions", "teams", "team_members", "api_key_sets", "signing_keys"]) {
      expect(tenantTables).toContain(table);
    }
  });

  it("rolls back a failing transaction completely", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query("INSERT INTO projects (id, display_name) VALUES ('rollback-probe', 'x')");
        await tx.query("SELECT * FROM no_such_table");
      }),
    ).rejects.toThrow();
    expect(await db.query("SELECT 1 FROM projects WHERE id = 'rollback-probe'")).toEqual([]);
  });

  it.skipIf(testDbKind() !== "postgres")("applies the migrations once when two nodes start on an empty database together", async () => {
    const database = await createPostgresDatabase();
    const nodes = await Promise.all([openPostgresDb(database.url), openPostgresDb(database.url)]);
    try {
      const appliedByEach = await Promise.all(nodes.map((node) => migrate(node)));
      expect(appliedByEach.filter((applied) => applied.length > 0)).toHaveLength(1);
      expect(appliedByEach.flat()).toContain("0001_initial.sql");
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await database.drop();
    }
  });
});
