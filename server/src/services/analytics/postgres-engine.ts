/**
 * The built-in analytics engine: events live in the `analytics_events` table of the database
 * Gatehouse already has, and queries in ClickHouse's SQL are parsed, checked and translated
 * into one PostgreSQL SELECT over project-scoped views (sql/translate.ts), then run in a
 * read-only transaction.
 *
 * Bounds: at most MAX_RESULT_ROWS rows and MAX_RESULT_BYTES bytes, else an error; the timeout
 * is PostgreSQL's statement_timeout. PGlite runs in this process and cannot cancel a
 * statement, so there the timeout is checked when the statement ends, sleep() is refused and
 * the number of tables a query may name is capped (translate.ts) to keep statements short.
 */
import { randomUUID } from "node:crypto";
import type { Db } from "../../db/db";
import { insertAnalyticsEvents, runReadOnlyQuery } from "../../db/queries/analytics";
import { readTrafficOverview } from "../../db/queries/analytics-overview";
import type { Tenant } from "../../db/queries/tenant";
import {
  MAX_RESULT_BYTES,
  MAX_RESULT_ROWS,
  type AnalyticsEngine,
  type AnalyticsEvent,
  type AnalyticsQueryRequest,
  type AnalyticsQueryResult,
  type TrafficWindow,
} from "./engine";
import { parseClickHouse } from "./sql/parse";
import { AnalyticsQueryProblem } from "./sql/problem";
import { translateStatement } from "./sql/translate";

export const timeoutProblem = (timeoutMs: number, elapsedMs: number) =>
  new AnalyticsQueryProblem(`Timeout exceeded: the query ran ${Math.round(elapsedMs)} ms, longer than its limit of ${timeoutMs} ms.`);

export const tooManyRowsProblem = () =>
  new AnalyticsQueryProblem(`Limit for result exceeded: a query may return at most ${MAX_RESULT_ROWS.toLocaleString("en")} rows; add a LIMIT or aggregate.`);

export const tooManyBytesProblem = () =>
  new AnalyticsQueryProblem(`Limit for result exceeded: a query may return at most ${MAX_RESULT_BYTES / 1024 / 1024} MiB.`);

/** Parses and checks a query, and names a single statement's problem the way the author wrote it. */
export async function parseSingleStatement(sql: string): Promise<unknown> {
  const statements = await parseClickHouse(sql);
  if (statements.length === 0) throw new AnalyticsQueryProblem("Syntax error: the query is empty.");
  if (statements.length > 1) throw new AnalyticsQueryProblem("Syntax error: multi-statements are not allowed; send one query at a time.");
  return statements[0];
}

/** ClickHouse answers UInt8 where PostgreSQL answers a boolean; top-level values follow ClickHouse. */
function clickHouseValue(value: unknown): unknown {
  return typeof value === "boolean" ? (value ? 1 : 0) : value;
}

export function createPostgresAnalyticsEngine(db: Db): AnalyticsEngine {
  return {
    name: "builtin",
    async insertEvents(tenant: Tenant, events: readonly AnalyticsEvent[]) {
      await insertAnalyticsEvents(db, tenant, events.map((event) => ({ id: randomUUID(), ...event })));
    },
    async query(tenant: Tenant, request: AnalyticsQueryRequest): Promise<AnalyticsQueryResult> {
      const statement = await parseSingleStatement(request.sql);
      const translation = translateStatement(statement, tenant, { params: request.params, engine: db.kind });
      const started = performance.now();
      const cpuStarted = process.cpuUsage();
      let texts: string[];
      try {
        texts = await runReadOnlyQuery(db, {
          sql: translation.sql,
          params: translation.params,
          maxRows: MAX_RESULT_ROWS + 1,
          timeoutMs: db.kind === "postgres" ? request.timeoutMs : null,
        });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        if (code === "57014") throw timeoutProblem(request.timeoutMs, performance.now() - started);
        // A database error about the translated statement: its message names only the query's own
        // columns and values, all of this project's readable tables.
        if (typeof code === "string" && !code.startsWith("08") && !code.startsWith("53") && !code.startsWith("57") && !code.startsWith("58") && !code.startsWith("XX")) {
          throw new AnalyticsQueryProblem(`Error during execution of this query: ${(error as Error).message}`);
        }
        throw error;
      }
      const wallClockMs = performance.now() - started;
      const cpu = process.cpuUsage(cpuStarted);
      if (wallClockMs > request.timeoutMs) throw timeoutProblem(request.timeoutMs, wallClockMs);
      if (texts.length > MAX_RESULT_ROWS) throw tooManyRowsProblem();
      let bytes = 0;
      const rows = texts.map((text) => {
        bytes += text.length;
        if (bytes > MAX_RESULT_BYTES) throw tooManyBytesProblem();
        const raw = JSON.parse(text) as Record<string, unknown>;
        const row: Record<string, unknown> = {};
        for (const column of translation.columns) row[column.name] = clickHouseValue(raw[column.alias]);
        return row;
      });
      return { rows, wallClockMs, cpuMs: (cpu.user + cpu.system) / 1000 };
    },
    trafficOverview: (tenant: Tenant, window: TrafficWindow) => readTrafficOverview(db, tenant, window),
    async close() {},
  };
}
