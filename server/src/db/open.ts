import type { Db } from "./db";
import { openPgliteDb } from "./pglite";
import { openPostgresDb, type PostgresOptions } from "./postgres";

/** PostgreSQL when a connection string is given, otherwise embedded PGlite in `dataDir`. */
export async function openDb(
  options: { databaseUrl: string | undefined; dataDir: string },
  log?: PostgresOptions["log"],
): Promise<Db> {
  if (options.databaseUrl) return openPostgresDb(options.databaseUrl, { log });
  return openPgliteDb(options.dataDir);
}
