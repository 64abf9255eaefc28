/**
 * PostgreSQL through a pg.Pool, built to ride out a restart or outage of the database server.
 *
 * While PostgreSQL is away every query fails at once with DATABASE_UNAVAILABLE (503) instead
 * of crashing the process or holding the request open:
 * - the pool and every checked-out client have an `error` listener: a connection the server
 *   terminates (57P01 on restart) would otherwise be an uncaught 'error' event, and Node exits;
 * - connecting, or waiting for a free connection, gives up after CONNECT_TIMEOUT_MS, and a
 *   query after QUERY_TIMEOUT_MS, so a silent network cannot hang a request;
 * - a connection that broke, or whose state is unknown after a failed ROLLBACK, is destroyed
 *   rather than handed back to the pool, so no later request inherits it.
 * Nothing has to be restarted when PostgreSQL returns: the next request opens a fresh
 * connection. Errors in the SQL itself (constraint violations...) pass through unchanged.
 */
import pg from "pg";
import { KnownError } from "../errors";
import type { Db, NotificationListener, Queryable } from "./db";
import { isConnectionFailure } from "./errors";
import { listenOnPostgres } from "./postgres-listener";
import { PreparedStatements } from "./prepared-statements";
import { probePooler } from "./pooler-probe";
import { withSqlSpan } from "./sql-span";

const CONNECT_TIMEOUT_MS = 5_000;
const QUERY_TIMEOUT_MS = 30_000;

interface ConnectionLog {
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
}

export interface PostgresOptions {
  max?: number;
  connectTimeoutMs?: number;
  queryTimeoutMs?: number;
  /** Told once when PostgreSQL becomes unreachable and once when it is back, not per failed request. */
  log?: ConnectionLog;
  /**
   * Where LISTEN connects: a session of its own, which a transaction pooler (PgBouncer in
   * transaction mode) cannot give. Defaults to `connectionString`.
   */
  directUrl?: string;
  /**
   * Whether statements are prepared once per connection (the default). Off behind a
   * transaction pooler: its server connections change under a client between transactions, so
   * a statement prepared on one would be missing on the next.
   */
  preparedStatements?: boolean;
}

/** Opens a connection pool to PostgreSQL at `connectionString`; fails at once if it is unreachable now. */
export async function openPostgresDb(connectionString: string, options: PostgresOptions = {}): Promise<Db> {
  let reachable = true;
  /** How many times PostgreSQL has been noted unreachable. */
  let outages = 0;
  /**
   * The outage count when each connection began to connect. A connection begun before the
   * outage was noted can still complete while PostgreSQL shuts down, so only one begun after
   * it shows that PostgreSQL is back (otherwise a restart can log "back" and "away" twice).
   */
  const outagesAtStart = new WeakMap<pg.Client, number>();
  class CountedClient extends pg.Client {
    constructor(config: pg.ClientConfig) {
      super(config);
      outagesAtStart.set(this, outages);
    }
  }

  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    connectionTimeoutMillis: options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS,
    query_timeout: options.queryTimeoutMs ?? QUERY_TIMEOUT_MS,
    keepAlive: true,
    // The pool constructs its clients with its own options; @types/pg declares no argument.
    Client: CountedClient as unknown as new () => pg.ClientBase,
  });

  const noteFailure = (error: unknown) => {
    if (!reachable) return;
    reachable = false;
    outages++;
    options.log?.warn("PostgreSQL is unreachable: requests answer DATABASE_UNAVAILABLE until it returns", { error: describe(error) });
  };
  // An idle connection closed by the server: the pool has already dropped it.
  pool.on("error", noteFailure);
  pool.on("connect", (client) => {
    if (reachable || outagesAtStart.get(client as pg.Client) !== outages) return;
    reachable = true;
    options.log?.info("PostgreSQL is reachable again");
  });

  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();
  try {
    await refuseMisconfiguredPooler(connectionString, options);
  } catch (error) {
    await pool.end();
    throw error;
  }

  const unavailable = (error: unknown) => {
    noteFailure(error);
    return new KnownError("DATABASE_UNAVAILABLE");
  };

  let acquired = 0;
  let acquireWaitSeconds = 0;
  const statementsOf = new WeakMap<pg.PoolClient, PreparedStatements>();

  /** A checked-out client that remembers whether its connection broke, and is released accordingly. */
  async function checkOut() {
    let client: pg.PoolClient;
    const asked = performance.now();
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
    acquired += 1;
    acquireWaitSeconds += (performance.now() - asked) / 1000;
    let broken: Error | undefined;
    const onError = (error: Error) => {
      broken ??= error;
    };
    client.on("error", onError);
    let statements = statementsOf.get(client);
    if (!statements) statementsOf.set(client, (statements = new PreparedStatements(options.preparedStatements ?? true)));
    return {
      async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
        if (broken) throw unavailable(broken);
        const name = statements.nameFor(sql, params);
        try {
          const result = await withSqlSpan("postgresql", sql, () => client.query({ name, text: sql, values: params as unknown[] }));
          return result.rows as Row[];
        } catch (error) {
          if (isLostPreparedStatement(error)) warnOnceAboutPooler(options.log);
          // A table a prepared statement reads changed its row type under it (a migration by
          // another process): this connection's statements are stale, so it is not reused.
          if (isStalePreparedStatement(error)) broken ??= error as Error;
          if (!isConnectionFailure(error)) throw error;
          broken ??= error as Error;
          throw unavailable(error);
        }
      },
      markBroken(error: Error) {
        broken ??= error;
      },
      get broken() {
        return broken !== undefined;
      },
      release() {
        client.off("error", onError);
        client.release(broken);
      },
    };
  }

  async function query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    for (let attempt = 1; ; attempt++) {
      const client = await checkOut();
      try {
        return await client.query<Row>(sql, params);
      } catch (error) {
        // Outside a transaction nothing has happened yet: a fresh connection plans it anew.
        if (attempt === 1 && isStalePreparedStatement(error)) continue;
        throw error;
      } finally {
        client.release();
      }
    }
  }

  const listeners = new Set<NotificationListener>();

  return {
    kind: "postgres",
    query,
    poolStats: () => ({
      max: pool.options.max,
      open: pool.totalCount,
      inUse: pool.totalCount - pool.idleCount,
      waiting: pool.waitingCount,
      acquired,
      acquireWaitSeconds,
    }),
    async transaction(work) {
      const client = await checkOut();
      try {
        await client.query("BEGIN");
        const tx: Queryable = { query: (sql, params) => client.query(sql, params) };
        const result = await work(tx);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        if (!client.broken) {
          // A connection whose ROLLBACK failed is in an unknown state: never reuse it.
          await client.query("ROLLBACK").catch((rollbackError: Error) => client.markBroken(rollbackError));
        }
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(script) {
      await query(script);
    },
    listen(channel, handlers) {
      const listener = listenOnPostgres(options.directUrl ?? connectionString, channel, handlers);
      listeners.add(listener);
      return listener;
    },
    async close() {
      await Promise.all([...listeners].map((listener) => listener.close()));
      await pool.end();
    },
  };
}

/**
 * Behind a transaction pooler without DATABASE_POOLER=transaction, every request fails on a
 * prepared statement prepared on another server connection (26000) or already there (42P05);
 * LISTEN through one hears nothing. Start-up refuses both, naming the setting to set.
 */
async function refuseMisconfiguredPooler(connectionString: string, options: PostgresOptions): Promise<void> {
  const connectTimeoutMs = options.connectTimeoutMs ?? CONNECT_TIMEOUT_MS;
  const preparing = options.preparedStatements ?? true;
  const main = await probePooler(connectionString, connectTimeoutMs);
  if (preparing && main.preparedStatementsLost) {
    throw new Error(
      "DATABASE_URL leads through a transaction pooler (PgBouncer in transaction mode or alike), which loses prepared statements between transactions: " +
        "set DATABASE_POOLER=transaction, and DATABASE_DIRECT_URL to a connection straight to PostgreSQL for LISTEN.",
    );
  }
  const listensThroughPooler = options.directUrl ? (await probePooler(options.directUrl, connectTimeoutMs)).transactionPooled : main.transactionPooled;
  if (listensThroughPooler) {
    throw new Error(
      options.directUrl
        ? "DATABASE_DIRECT_URL leads through a transaction pooler, which cannot hold the LISTEN session that carries sign-outs and cache news between processes: point it straight at PostgreSQL."
        : "DATABASE_URL leads through a transaction pooler, which cannot hold the LISTEN session that carries sign-outs and cache news between processes: set DATABASE_DIRECT_URL to a connection straight to PostgreSQL.",
    );
  }
}

let warnedAboutPooler = false;
function warnOnceAboutPooler(log: ConnectionLog | undefined): void {
  if (warnedAboutPooler) return;
  warnedAboutPooler = true;
  log?.warn("A prepared statement was lost or found twice on its connection: a transaction pooler is between this server and PostgreSQL. Set DATABASE_POOLER=transaction.");
}

function isLostPreparedStatement(error: unknown): boolean {
  const code = (error as { code?: unknown }).code;
  return (code === "26000" || code === "42P05") && /prepared statement "gh_/.test((error as Error).message);
}

function isStalePreparedStatement(error: unknown): boolean {
  return (error as { code?: unknown }).code === "0A000" && /cached plan/.test((error as Error).message);
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? `${code}: ${error.message}` : error.message;
}
