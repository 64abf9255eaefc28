import type { Db } from "./db";
import { openPgliteDb } from "./pglite";
import { openPostgresDb, type PostgresOptions } from "./postgres";

/** PostgreSQL when a connection string is given, otherwise embedded PGlite in `dataDir`. */
export async function openDb(
  options: { databaseUrl: string | undefined; databaseDirectUrl?: string; databasePooler?: "none" | "transaction"; dataDir: string },
  log?: PostgresOptions["log"],
): Promise<Db> {
  if (options.databaseUrl) {
    return openPostgresDb(options.databaseUrl, {
      log,
      directUrl: options.databaseDirectUrl,
      preparedStatements: options.databasePooler !== "transaction",
    });
  }
  return openPgliteDb(options.dataDir);
}
