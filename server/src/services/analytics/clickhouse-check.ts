/**
 * The check and rewrite of a query for the ClickHouse engine (clickhouse-engine.ts). The parse
 * tree is walked whole: the statement must be one SELECT without SETTINGS or FORMAT; every
 * table it names must be `events` (or `default.events`) or one of its own WITH names; no table
 * function; every function must be on the allow-list. Then each `events` reference is replaced,
 * by its position in the text, with a subquery of the events of the project and branch, whose
 * values are ClickHouse query parameters. Everything else of the text is sent as written.
 */
import { AnalyticsQueryProblem } from "./sql/problem";

/* eslint-disable @typescript-eslint/no-explicit-any -- the parser's tree is plain JSON */
type Node = any;

const refuse = (message: string): never => {
  throw new AnalyticsQueryProblem(message);
};

/** ClickHouse functions without side effects or access beyond their arguments. */
const ALLOWED_FUNCTIONS = new Set(
  `count countIf sum sumIf avg avgIf min max minIf maxIf uniq uniqExact uniqIf any anyLast argMin argMax groupArray groupUniqArray
   quantile quantiles median topK lower upper length lengthUTF8 concat substring trim startsWith endsWith position replaceAll
   replaceOne splitByChar arrayJoin has arrayMap arrayFilter arraySlice arrayElement indexOf empty notEmpty coalesce ifNull nullIf
   isNull isNotNull if multiIf greatest least abs round floor ceil intDiv toString toInt32 toInt64 toUInt8 toUInt32 toUInt64
   toFloat64 toDate toDateTime toDateTime64 toUnixTimestamp toJSONString now now64 today yesterday toStartOfMinute toStartOfHour
   toStartOfDay toStartOfWeek toStartOfMonth toStartOfYear toYear toMonth toDayOfMonth toHour toDayOfWeek dateDiff dateAdd
   dateSub addDays addHours subtractDays formatDateTime JSONExtractString JSONExtractInt JSONExtractFloat JSONExtractBool
   JSONExtractRaw JSONHas domain path cutQueryString extractURLParameter lowerUTF8 upperUTF8 toTypeName currentDatabase
   tuple tupleElement CAST`.split(/\s+/).filter(Boolean),
);

interface Options {
  database: string;
  projectParam: string;
  branchParam: string;
}

interface Replacement {
  start: { line: number; column: number };
  end: { line: number; column: number };
  hasAlias: boolean;
}

export function checkClickHouseQuery(statement: Node, text: string, options: Options): string {
  if (!statement?.Query) refuse("Only SELECT queries can be run here.");
  const replacements: Replacement[] = [];
  const ctes = new Set<string>();
  walk(statement.Query, (node, key) => {
    if (key === "settings" && node !== undefined && node !== null) refuse(`Cannot modify '${node[0]?.key?.value ?? "a"}' setting in readonly mode.`);
    if (key === "format_clause" && node !== undefined && node !== null) refuse("FORMAT cannot be given: results are always JSON rows.");
    if (key === "cte_tables" && Array.isArray(node)) for (const cte of node) ctes.add(cte.alias.name.value);
    if (key === "TableFunction" || key === "Function" && node?.name === undefined) refuse("Table functions are not available.");
    if (key === "Function" && node?.name) {
      const name = node.name.map((p: Node) => p.Identifier?.value).join(".");
      if (!ALLOWED_FUNCTIONS.has(name)) refuse(`The function ${name} is not available.`);
    }
    if (key === "Table" && node?.name) {
      if (node.args !== undefined && node.args !== null) refuse("Table functions are not available.");
      const parts: Node[] = node.name.map((p: Node) => p.Identifier ?? refuse("This table name is not supported."));
      const names = parts.map((p) => p.value as string);
      if (names.length === 1 && ctes.has(names[0]!)) return;
      if (!(names.join(".") === "events" || names.join(".") === "default.events")) refuse(`Unknown table expression identifier '${names.join(".")}': only events can be read.`);
      replacements.push({ start: parts[0].span.start, end: parts[parts.length - 1].span.end, hasAlias: node.alias !== undefined && node.alias !== null });
    }
  });
  const scoped = `(SELECT * FROM ${options.database}.events WHERE project_id = {${options.projectParam}:String} AND branch_id = {${options.branchParam}:String})`;
  return replaceSpans(text, replacements, (r) => (r.hasAlias ? scoped : `${scoped} AS events`)).replace(/[\s;]+$/, "");
}

function walk(node: Node, visit: (node: Node, key: string) => void): void {
  if (Array.isArray(node)) {
    for (const item of node) walk(item, visit);
    return;
  }
  if (node === null || typeof node !== "object") return;
  for (const [key, value] of Object.entries(node)) {
    visit(value, key);
    // A parameter's type (`{id:Nullable(String)}`) parses as a call; it is a type, not a function.
    if (key === "Dictionary") continue;
    walk(value, visit);
  }
}

/** Replaces line/column spans (1-based, counted in characters) of `text`, last first. */
function replaceSpans(text: string, spans: Replacement[], by: (r: Replacement) => string): string {
  const lines = text.split("\n").map((line) => Array.from(line));
  const offset = (p: { line: number; column: number }) => {
    let chars = 0;
    for (let i = 0; i < p.line - 1; i++) chars += lines[i]!.length + 1;
    return chars + p.column - 1;
  };
  const chars = Array.from(text);
  const sorted = [...spans].sort((a, b) => offset(b.start) - offset(a.start));
  for (const span of sorted) chars.splice(offset(span.start), offset(span.end) - offset(span.start), by(span));
  return chars.join("");
}
