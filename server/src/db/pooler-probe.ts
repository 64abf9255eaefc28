/**
 * Finds out at start whether a connection string leads through a transaction pooler (PgBouncer
 * in transaction mode, and the like), where a client's statements may run on a different
 * server connection after every transaction. Two clients are enough: A runs a named prepared
 * statement, B opens a transaction (a pooler hands it A's idle server connection), and A runs
 * the statement again. Straight to PostgreSQL, or through a session pooler, each client keeps
 * its own backend throughout; behind a transaction pooler the backends are shared, and the
 * second run fails with 26000 unless the pooler itself tracks prepared statements (PgBouncer
 * 1.21+ with max_prepared_statements), in which case prepared statements are safe after all.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export interface PoolerProbe {
  /** Backends are shared between client connections: LISTEN cannot hold a session here. */
  transactionPooled: boolean;
  /** A named prepared statement vanished between two transactions of one client. */
  preparedStatementsLost: boolean;
}

export async function probePooler(connectionString: string, connectTimeoutMs: number): Promise<PoolerProbe> {
  const a = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
  const b = new pg.Client({ connectionString, connectionTimeoutMillis: connectTimeoutMs });
  // A broken probe connection must not end the process through an unhandled 'error'.
  a.on("error", () => undefined);
  b.on("error", () => undefined);
  const statement = { name: `gh_probe_${randomBytes(6).toString("hex")}`, text: "SELECT pg_backend_pid() AS pid" };
  const pid = async (client: pg.Client, query: string | typeof statement) => ((await client.query<{ pid: number }>(query)).rows[0]!.pid);
  try {
    await a.connect();
    await b.connect();
    const first = await pid(a, statement);
    await b.query("BEGIN");
    const other = await pid(b, "SELECT pg_backend_pid() AS pid");
    let again: number | undefined;
    let preparedStatementsLost = false;
    try {
      again = await pid(a, statement);
    } catch (error) {
      if ((error as { code?: string }).code !== "26000") throw error;
      preparedStatementsLost = true;
    }
    await b.query("ROLLBACK");
    return { transactionPooled: preparedStatementsLost || other === first || again !== first, preparedStatementsLost };
  } finally {
    await Promise.all([a.end().catch(() => undefined), b.end().catch(() => undefined)]);
  }
}
