import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import type { Db } from "./db";

const migrationsDir = fileURLToPath(new URL("./migrations/", import.meta.url));

// Any fixed number works; it only has to be the same on every node so that two nodes
// starting together apply the migrations once.
const MIGRATION_LOCK_KEY = 4_242_001;

/** Applies every migration file not yet recorded, in name order, in one transaction. */
export async function migrate(db: Db): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  return db.transaction(async (tx) => {
    // The table is created under the lock too: two nodes creating it at once collide in
    // PostgreSQL's catalog even with IF NOT EXISTS.
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_KEY]);
    await tx.query(`CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = new Set(
      (await tx.query<{ name: string }>("SELECT name FROM schema_migrations")).map((row) => row.name),
    );
    const pending = files.filter((name) => !applied.has(name));
    for (const name of pending) {
      const script = await readFile(migrationsDir + name, "utf8");
      for (const statement of splitStatements(script)) await tx.query(statement);
      await tx.query("INSERT INTO schema_migrations (name) VALUES ($1)", [name]);
    }
    return pending;
  });
}

/**
 * Migrations are plain DDL: statements end with a semicolon at the end of a line. Inside a
 * dollar-quoted body (a trigger function) such a semicolon belongs to the body instead.
 */
function splitStatements(script: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inDollarQuote = false;
  for (const line of script.replace(/^\s*--.*$/gm, "").split("\n")) {
    current.push(line);
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inDollarQuote = !inDollarQuote;
    if (!inDollarQuote && /;\s*$/.test(line)) {
      statements.push(current.join("\n").replace(/;\s*$/, ""));
      current = [];
    }
  }
  statements.push(current.join("\n"));
  return statements.map((statement) => statement.trim()).filter((statement) => statement.length > 0);
}

/** The migration files this version has that the database has not recorded as applied. */
export async function pendingMigrations(db: Pick<Db, "query">): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((name) => /^\d{4}_[a-z0-9_]+\.sql$/.test(name)).sort();
  const [table] = await db.query<{ exists: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS exists");
  if (!table?.exists) return files;
  const applied = new Set((await db.query<{ name: string }>("SELECT name FROM schema_migrations")).map((row) => row.name));
  return files.filter((name) => !applied.has(name));
}
