import type { Db } from "./db";
import { openPgliteDb } from "./pglite";
import { openPostgresDb } from "./postgres";

/** PostgreSQL when a connection string is given, otherwise embedded PGlite in `dataDir`. */
export async function openDb(options: { databaseUrl: string | undefined; dataDir: string }): Promise<Db> {
  if (options.databaseUrl) return openPostgresDb(options.databaseUrl);
  return openPgliteDb(options.dataDir);
}
