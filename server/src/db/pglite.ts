import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { Db, Queryable } from "./db";
import { withSqlSpan } from "./sql-span";

/**
 * Opens embedded Postgres in `dataDir`, or in memory when `dataDir` is undefined (tests).
 * `loadDataDir` starts from a dump instead of running initdb, which is several times faster.
 */
export interface PgliteDb extends Db {
  dump(): Promise<Blob | File>;
}

export async function openPgliteDb(dataDir: string | undefined, options: { loadDataDir?: Blob } = {}): Promise<PgliteDb> {
  // User search's trigram indexes (migration 0019) need the extension loaded in every session.
  const pg = new PGlite({ ...(dataDir === undefined ? {} : { dataDir }), ...options, extensions: { pg_trgm } });
  await pg.waitReady;

  // PGlite runs one statement at a time; what is in flight beyond the first waits for it.
  let inFlight = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    inFlight += 1;
    try {
      return await work();
    } finally {
      inFlight -= 1;
    }
  };

  const asQueryable = (target: Pick<PGlite, "query">): Queryable => ({
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await withSqlSpan("postgresql", sql, () => target.query<Row>(sql, params as unknown[]));
      return result.rows;
    },
  });

  const outside = asQueryable(pg);
  return {
    kind: "pglite",
    query: (sql, params) => counted(() => outside.query(sql, params)),
    transaction: (work) => counted(() => pg.transaction((tx) => work(asQueryable(tx)))),
    poolStats: () => ({ max: 1, open: 1, inUse: Math.min(1, inFlight), waiting: Math.max(0, inFlight - 1), acquired: 0, acquireWaitSeconds: 0 }),
    async exec(script) {
      await pg.exec(script);
    },
    // One process owns a PGlite database, so its listener is in process and never disconnects.
    listen(channel, handlers) {
      let connected = false;
      let closed = false;
      const subscribed = pg.listen(channel, (payload) => handlers.notify(payload)).then(async (unsubscribe) => {
        if (closed) {
          await unsubscribe();
          return undefined;
        }
        connected = true;
        handlers.connected();
        return unsubscribe;
      });
      return {
        get isConnected() {
          return connected;
        },
        async close() {
          closed = true;
          connected = false;
          await (await subscribed)?.();
        },
      };
    },
    close: () => pg.close(),
    dump: () => pg.dumpDataDir("none"),
  };
}
