import type { Db, Queryable } from "../db/db";

/**
 * Counts the SQL statements a Db runs, in and out of transactions, by wrapping the methods
 * of the very object the services hold (deps.db), so nothing else has to be rewired.
 * `BEGIN`/`COMMIT` of a transaction count as one statement each on PostgreSQL's wire; here
 * a transaction counts its statements plus one for the transaction itself.
 */
export interface QueryCounter {
  /** Statements run since the last reset, newest last. */
  readonly statements: string[];
  reset(): void;
  restore(): void;
}

export function countQueries(db: Db): QueryCounter {
  const statements: string[] = [];
  const original = { query: db.query, transaction: db.transaction };
  const counted = (target: Queryable): Queryable => ({
    query: (sql, params) => {
      statements.push(sql.replace(/\s+/g, " ").trim());
      return target.query(sql, params);
    },
  });
  const mutable = db as { -readonly [K in keyof Db]: Db[K] };
  mutable.query = (sql, params) => counted({ query: original.query.bind(db) }).query(sql, params);
  mutable.transaction = <T>(work: (tx: Queryable) => Promise<T>): Promise<T> => {
    statements.push("(transaction)");
    return original.transaction.call(db, (tx) => work(counted(tx))) as Promise<T>;
  };
  return {
    statements,
    reset: () => void statements.splice(0),
    restore: () => {
      mutable.query = original.query;
      mutable.transaction = original.transaction;
    },
  };
}

/** The revocation poll runs on a timer, not per request; should it fall inside a request, it is not the request's. */
export const isBackgroundPoll = (sql: string) => /^(SELECT seq::text AS seq, session_id, revoked_at|DELETE) FROM revoked_sessions/.test(sql);
