import pg from "pg";
import type { Db } from "./db";

/** Opens a connection pool to PostgreSQL at `connectionString`. */
export async function openPostgresDb(connectionString: string, options: { max?: number } = {}): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max: options.max ?? 10 });
  // Fail at start, not on the first request, when the database is unreachable.
  const probe = await pool.connect();
  probe.release();

  return {
    kind: "postgres",
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const result = await pool.query(sql, params as unknown[]);
      return result.rows as Row[];
    },
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        const result = await work({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            const r = await client.query(sql, params as unknown[]);
            return r.rows as Row[];
          },
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    async exec(script) {
      await pool.query(script);
    },
    close: () => pool.end(),
  };
}
