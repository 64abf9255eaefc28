import { PGlite } from "@electric-sql/pglite";
import type { Db, Queryable } from "./db";

/** Opens embedded Postgres in `dataDir`, or in memory when `dataDir` is undefined (tests). */
export async function openPgliteDb(dataDir: string | undefined): Promise<Db> {
  const pg = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await pg.waitReady;

  const asQueryable = (target: Pick<PGlite, "query">): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<Row>(sql, params as unknown[]);
      return result.rows;
    },
  });

  return {
    kind: "pglite",
    ...asQueryable(pg),
    transaction: (work) => pg.transaction((tx) => work(asQueryable(tx))),
    async exec(script) {
      await pg.exec(script);
    },
    close: () => pg.close(),
  };
}
