/**
 * The ClickHouse functions the built-in engine answers, each as the PostgreSQL it becomes.
 * A function not listed here is refused: the translated statement can only call what this
 * table emits, never a name taken from the query.
 *
 * Arguments arrive already translated (as SQL text built by translate.ts from the parsed
 * query), so an entry only arranges them.
 */

export interface FunctionContext {
  /** The statement's parameter for a constant value (bound, never spliced). */
  bind(value: unknown, pgType: string): string;
  projectParam: string;
  branchParam: string;
  engine: "pglite" | "postgres";
}

type Emit = (args: string[], ctx: FunctionContext) => string;

interface FunctionSpec {
  /** Allowed argument counts: [min, max]. */
  arity: [number, number];
  emit: Emit;
}

const fixed = (n: number, emit: Emit): FunctionSpec => ({ arity: [n, n], emit });
const call = (pg: string, min: number, max = min): FunctionSpec => ({ arity: [min, max], emit: (a) => `${pg}(${a.join(", ")})` });
const cast = (pgType: string): FunctionSpec => fixed(1, ([x]) => `(${x})::${pgType}`);
const truncTo = (unit: string): FunctionSpec => ({ arity: [1, 2], emit: ([x]) => `date_trunc('${unit}', (${x})::timestamptz)` });
const part = (field: string): FunctionSpec => fixed(1, ([x]) => `extract(${field} FROM (${x})::timestamptz)::int`);

/** Plain (non-aggregate) functions, by ClickHouse's name (case-sensitive, as ClickHouse is). */
const SCALAR: Record<string, FunctionSpec> = {
  // Text
  lower: call("lower", 1),
  upper: call("upper", 1),
  length: fixed(1, ([x]) => `length((${x})::text)`),
  lengthUTF8: fixed(1, ([x]) => `char_length((${x})::text)`),
  concat: { arity: [1, 64], emit: (a) => `concat(${a.join(", ")})` },
  substring: { arity: [2, 3], emit: ([s, from, len]) => (len ? `substr((${s})::text, ${from}, ${len})` : `substr((${s})::text, ${from})`) },
  trim: fixed(1, ([x]) => `btrim((${x})::text)`),
  startsWith: fixed(2, ([s, p]) => `starts_with((${s})::text, (${p})::text)`),
  endsWith: fixed(2, ([s, p]) => `(right((${s})::text, length((${p})::text)) = (${p})::text)`),
  position: fixed(2, ([s, p]) => `strpos((${s})::text, (${p})::text)`),
  replaceAll: fixed(3, ([s, a, b]) => `replace((${s})::text, (${a})::text, (${b})::text)`),
  domain: fixed(1, ([x]) => `substring((${x})::text from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#]*)')`),
  path: fixed(1, ([x]) => `coalesce(substring((${x})::text from '^[a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]*([^?#]*)'), '')`),
  // Null handling and conditions
  coalesce: { arity: [1, 64], emit: (a) => `coalesce(${a.join(", ")})` },
  ifNull: call("coalesce", 2),
  nullIf: call("nullif", 2),
  isNull: fixed(1, ([x]) => `((${x}) IS NULL)`),
  isNotNull: fixed(1, ([x]) => `((${x}) IS NOT NULL)`),
  if: fixed(3, ([c, a, b]) => `CASE WHEN ${c} THEN ${a} ELSE ${b} END`),
  greatest: { arity: [1, 64], emit: (a) => `greatest(${a.join(", ")})` },
  least: { arity: [1, 64], emit: (a) => `least(${a.join(", ")})` },
  // Numbers
  abs: call("abs", 1),
  round: { arity: [1, 2], emit: ([x, d]) => (d ? `round((${x})::numeric, ${d})` : `round((${x})::numeric)`) },
  floor: call("floor", 1),
  ceil: call("ceil", 1),
  intDiv: fixed(2, ([a, b]) => `div((${a})::numeric, (${b})::numeric)::bigint`),
  // Conversions
  toString: cast("text"),
  toInt32: cast("int"),
  toInt64: cast("bigint"),
  toUInt32: cast("bigint"),
  toUInt64: cast("bigint"),
  toFloat64: cast("double precision"),
  toDate: fixed(1, ([x]) => `((${x})::timestamptz AT TIME ZONE 'UTC')::date`),
  toDateTime: cast("timestamptz"),
  toDateTime64: { arity: [1, 3], emit: ([x]) => `(${x})::timestamptz` },
  toUnixTimestamp: fixed(1, ([x]) => `extract(epoch FROM (${x})::timestamptz)::bigint`),
  toJSONString: fixed(1, ([x]) => `to_jsonb(${x})::text`),
  // Time
  now: fixed(0, () => "now()"),
  now64: { arity: [0, 1], emit: () => "now()" },
  today: fixed(0, () => "(now() AT TIME ZONE 'UTC')::date"),
  yesterday: fixed(0, () => "((now() AT TIME ZONE 'UTC')::date - 1)"),
  toStartOfMinute: truncTo("minute"),
  toStartOfHour: truncTo("hour"),
  toStartOfDay: truncTo("day"),
  toStartOfWeek: truncTo("week"),
  toStartOfMonth: fixed(1, ([x]) => `date_trunc('month', (${x})::timestamptz)::date`),
  toStartOfYear: fixed(1, ([x]) => `date_trunc('year', (${x})::timestamptz)::date`),
  toYear: part("year"),
  toMonth: part("month"),
  toDayOfMonth: part("day"),
  toHour: part("hour"),
  dateDiff: fixed(3, ([unit, a, b]) => `(extract(epoch FROM (${b})::timestamptz - (${a})::timestamptz) / (CASE ${unit} WHEN 'second' THEN 1 WHEN 'minute' THEN 60 WHEN 'hour' THEN 3600 WHEN 'day' THEN 86400 WHEN 'week' THEN 604800 END))::bigint`),
  // JSON, over a JSON column or JSON text
  JSONExtractString: fixed(2, ([j, k]) => `((${j})::jsonb ->> (${k})::text)`),
  JSONExtractInt: fixed(2, ([j, k]) => `((${j})::jsonb ->> (${k})::text)::bigint`),
  JSONExtractFloat: fixed(2, ([j, k]) => `((${j})::jsonb ->> (${k})::text)::double precision`),
  JSONExtractBool: fixed(2, ([j, k]) => `((${j})::jsonb ->> (${k})::text)::boolean`),
  JSONExtractRaw: fixed(2, ([j, k]) => `((${j})::jsonb -> (${k})::text)::text`),
  JSONHas: fixed(2, ([j, k]) => `((${j})::jsonb ? (${k})::text)`),
  // Arrays
  arrayJoin: fixed(1, ([a]) => `unnest(${a})`),
  has: fixed(2, ([a, x]) => `(${x} = ANY(${a}))`),
  // Who and where a query runs: fixed answers, like the restricted ClickHouse user Stack Auth uses.
  currentDatabase: fixed(0, (_a, ctx) => ctx.bind("default", "text")),
  currentUser: fixed(0, (_a, ctx) => ctx.bind("limited_user", "text")),
  currentRoles: fixed(0, () => "ARRAY[]::text[]"),
};

/** Aggregates; `distinct` is count(DISTINCT x) and friends, `filter` the *If combinators' condition. */
const AGGREGATE: Record<string, { arity: [number, number]; emit: (args: string[], distinct: boolean) => string; conditional?: boolean }> = {
  count: { arity: [0, 1], emit: (a, d) => (a.length === 0 ? "count(*)" : `count(${d ? "DISTINCT " : ""}${a[0]})`) },
  countIf: { arity: [1, 1], conditional: true, emit: () => "count(*)" },
  sum: { arity: [1, 1], emit: (a, d) => `sum(${d ? "DISTINCT " : ""}${a[0]})` },
  sumIf: { arity: [2, 2], conditional: true, emit: (a) => `sum(${a[0]})` },
  avg: { arity: [1, 1], emit: (a, d) => `avg(${d ? "DISTINCT " : ""}${a[0]})` },
  avgIf: { arity: [2, 2], conditional: true, emit: (a) => `avg(${a[0]})` },
  min: { arity: [1, 1], emit: (a) => `min(${a[0]})` },
  max: { arity: [1, 1], emit: (a) => `max(${a[0]})` },
  uniq: { arity: [1, 1], emit: (a) => `count(DISTINCT ${a[0]})` },
  uniqExact: { arity: [1, 1], emit: (a) => `count(DISTINCT ${a[0]})` },
  uniqIf: { arity: [2, 2], conditional: true, emit: (a) => `count(DISTINCT ${a[0]})` },
  any: { arity: [1, 1], emit: (a) => `(array_agg(${a[0]}))[1]` },
  groupArray: { arity: [1, 1], emit: (a, d) => `array_agg(${d ? "DISTINCT " : ""}${a[0]})` },
};

export type FunctionKind =
  | { kind: "scalar"; spec: FunctionSpec }
  | { kind: "aggregate"; arity: [number, number]; conditional: boolean; emit: (args: string[], distinct: boolean) => string };

export function findFunction(name: string, engine: "pglite" | "postgres"): FunctionKind | undefined {
  if (Object.hasOwn(AGGREGATE, name)) {
    const spec = AGGREGATE[name]!;
    return { kind: "aggregate", arity: spec.arity, conditional: spec.conditional === true, emit: spec.emit };
  }
  if (Object.hasOwn(SCALAR, name)) return { kind: "scalar", spec: SCALAR[name]! };
  // sleep() exists to test timeouts. PostgreSQL cancels it at the statement timeout; PGlite
  // cannot cancel a running statement, so there it is refused rather than let it hold the database.
  if (name === "sleep" && engine === "postgres") return { kind: "scalar", spec: fixed(1, ([x]) => `(pg_sleep(least((${x})::double precision, 3)))::text`) };
  return undefined;
}

/** ClickHouse types named in casts and parameters, as the PostgreSQL types they become. */
export function pgTypeFor(clickhouseType: string): string | undefined {
  const t = clickhouseType.replace(/\s+/g, "");
  const inner = /^(?:Nullable|LowCardinality)\((.*)\)$/.exec(t);
  if (inner) return pgTypeFor(inner[1]!);
  if (/^(String|FixedString\(\d+\)|UUID|Enum(8|16)?\(.*\))$/.test(t)) return "text";
  if (/^(Int8|Int16|Int32|UInt8|UInt16)$/.test(t)) return "int";
  if (/^(Int64|UInt32|UInt64|Int128|UInt128)$/.test(t)) return "bigint";
  if (/^(Float32|Float64|Decimal.*)$/.test(t)) return "double precision";
  if (/^Bool(ean)?$/.test(t)) return "boolean";
  if (/^(Date|Date32)$/.test(t)) return "date";
  if (/^DateTime(64)?(\(.*\))?$/.test(t)) return "timestamptz";
  if (/^JSON$/.test(t)) return "jsonb";
  const array = /^Array\((.*)\)$/.exec(t);
  if (array) {
    const element = pgTypeFor(array[1]!);
    return element && !element.endsWith("[]") ? `${element}[]` : undefined;
  }
  return undefined;
}
