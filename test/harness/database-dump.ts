/**
 * Everything a database holds, as a stolen backup would show it, for the test that no secret
 * is stored in clear (test/operations/secrets-at-rest.test.ts).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { findPostgresBinaries } from "./private-postgres";
import { pgliteDumpOf, postgresAdminUrl, storedRows, type TestServer } from "./server";

/** Every table's rows as text, and the database's own dump: pg_dump, or PGlite's data folder with its write-ahead log. */
export async function dumpDatabase(server: TestServer): Promise<Record<string, string>> {
  const tables = await storedRows<{ name: string }>(
    server,
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1",
  );
  let text = "";
  for (const { name } of tables) {
    const rows = await storedRows<{ row: string }>(server, `SELECT t::text AS row FROM "${name}" t`);
    text += `\n-- ${name}\n${rows.map((r) => r.row).join("\n")}`;
  }

  const pglite = pgliteDumpOf(server);
  if (pglite) {
    const bytes = Buffer.from(await (await pglite.dump()).arrayBuffer());
    return { text, "data folder": bytes.toString("latin1") };
  }
  const binaries = findPostgresBinaries(["pg_dump"]);
  if ("missing" in binaries) throw new Error(binaries.missing);
  const [current] = await storedRows<{ name: string }>(server, "SELECT current_database() AS name");
  const url = new URL(postgresAdminUrl());
  url.pathname = `/${current!.name}`;
  const { stdout } = await promisify(execFile)(join(binaries.binDir, "pg_dump"), ["--data-only", url.toString()], { maxBuffer: 256 * 1024 * 1024 });
  return { text, pg_dump: stdout };
}
