/**
 * Parses analytics queries with Apache DataFusion's SQL parser (sqlparser-rs, compiled to
 * WebAssembly) in its ClickHouse dialect: the queries are Stack Auth's, written for ClickHouse,
 * with `{name:Type}` parameters, `[1, 2]` arrays, `count()` and `SETTINGS`. The parser only
 * reads text into a tree; what may run is decided from that tree (translate.ts).
 */
import { init, parse } from "@guanmingchiu/sqlparser-ts";
import { AnalyticsQueryProblem } from "./problem";

let ready: Promise<void> | undefined;

/** Loads the parser's WebAssembly once per process. */
export function parserReady(): Promise<void> {
  ready ??= init();
  return ready;
}

/** The statements of `sql`, as the parser's JSON tree; a syntax error is a query problem. */
export async function parseClickHouse(sql: string): Promise<unknown[]> {
  await parserReady();
  try {
    return parse(sql, "clickhouse") as unknown[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    throw new AnalyticsQueryProblem(`Syntax error: ${message.replace(/^sql parser error:\s*/i, "")}`);
  }
}
