/**
 * The one storage seam. Queries take positional `$n` parameters and return plain rows;
 * the same SQL runs on embedded PGlite and on PostgreSQL.
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

/** What a `listen` subscriber is told. */
export interface NotificationHandlers {
  /** The payload of one NOTIFY on the channel. */
  notify(payload: string): void;
  /**
   * The listening connection is established, at start and after every reconnect. Whatever
   * was sent while it was down is lost, so a subscriber drops what it cached.
   */
  connected(): void;
  /** The listening connection broke; it is being re-established with backoff. */
  disconnected(): void;
}

export interface NotificationListener {
  readonly isConnected: boolean;
  close(): Promise<void>;
}

/** How the connections are used right now, and how long callers have waited for one, for /metrics. */
export interface PoolStats {
  /** Connections the pool may open (1 for PGlite: one connection in process). */
  max: number;
  /** Connections open now. */
  open: number;
  /** Connections running a query or transaction now. */
  inUse: number;
  /** Callers waiting for a connection now. */
  waiting: number;
  /** Connections handed out since start, and the seconds callers waited for them in all (PostgreSQL only). */
  acquired: number;
  acquireWaitSeconds: number;
}

export interface Db extends Queryable {
  readonly kind: "pglite" | "postgres";
  poolStats(): PoolStats;
  /** Runs `work` in one transaction; it commits when `work` resolves and rolls back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Runs a script of several statements (migrations only). */
  exec(script: string): Promise<void>;
  /** Subscribes to NOTIFY on `channel` (a plain lower-case identifier) for as long as the Db is open. */
  listen(channel: string, handlers: NotificationHandlers): NotificationListener;
  close(): Promise<void>;
}
