import { randomBytes } from "node:crypto";
import pg from "pg";
import type { Db } from "../db/db";
import { migrate } from "../db/migrate";
import { openPgliteDb } from "../db/pglite";
import { openPostgresDb } from "../db/postgres";
import { migratedPgliteTemplate } from "./pglite-template";

export type TestDbKind = "pglite" | "postgres";

/** Which database this test run uses: the vitest project sets GATEHOUSE_TEST_DB. */
export function testDbKind(env: NodeJS.ProcessEnv = process.env): TestDbKind {
  return env.GATEHOUSE_TEST_DB === "postgres" ? "postgres" : "pglite";
}

/** The PostgreSQL server tests create their databases on (a role allowed to CREATE DATABASE). */
export function postgresAdminUrl(): string {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error("GATEHOUSE_TEST_DB=postgres needs DATABASE_URL");
  return adminUrl;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite, or a new database on the
 * PostgreSQL server at DATABASE_URL that is dropped again on close.
 */
export async function createTestDb(kind: TestDbKind = testDbKind()): Promise<Db> {
  if (kind === "pglite") {
    const db = await openPgliteDb(undefined, { loadDataDir: await migratedPgliteTemplate() });
    await migrate(db);
    return db;
  }
  const database = await createPostgresDatabase();
  const db = await openPostgresDb(database.url, { max: 5 });
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/**
 * A connection pool through a transaction pooler at `pooledUrl`, set up as a deployment behind
 * one would be (no prepared statements, LISTEN at `directUrl`), migrated through the pooler.
 */
export async function openPooledTestDb(pooledUrl: string, directUrl: string): Promise<Db> {
  const db = await openPostgresDb(pooledUrl, { max: 5, directUrl, preparedStatements: false });
  await migrate(db);
  return db;
}

/** An empty database of its own on the PostgreSQL server at DATABASE_URL, for a server process to migrate. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = postgresAdminUrl();
  const name = `gatehouse_test_${randomBytes(6).toString("hex")}`;
  const asAdmin = async (sql: string) => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await asAdmin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => dropDatabase(asAdmin, name) };
}

/**
 * WITH (FORCE) ends the test's own connections, but a role that is not superuser may not end
 * an autovacuum worker's (42501), which PostgreSQL may have started on the database meanwhile:
 * such a worker finishes or yields soon, so the drop is tried again for a while.
 */
async function dropDatabase(asAdmin: (sql: string) => Promise<void>, name: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await asAdmin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 20 || (code !== "42501" && code !== "55006")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}
