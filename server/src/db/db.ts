/**
 * The one storage seam. Queries take positional `$n` parameters and return plain rows;
 * the same SQL runs on embedded PGlite and on PostgreSQL.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations only). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}
