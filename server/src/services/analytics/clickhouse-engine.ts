/**
 * The ClickHouse analytics engine (ANALYTICS_ENGINE=clickhouse or chdb): events are kept in
 * ClickHouse, the engine a deployment that outgrows PostgreSQL wants for them, and queries run
 * there in ClickHouse's own SQL, with all its functions.
 *
 * Scoping does not rely on ClickHouse's users and row policies, which the in-process chDB does
 * not have. Instead the query is parsed (sql/parse.ts) and checked (clickhouse-check.ts): one
 * SELECT, tables only `events` (or its WITH names), no table functions, only allow-listed
 * functions, no SETTINGS or FORMAT. Each `events` in the text is then replaced by a subquery
 * filtered to the project and branch, bound as query parameters, and the query runs with
 * readonly=1, a max_execution_time and a result-row limit. Against a ClickHouse server, give
 * ANALYTICS_CLICKHOUSE_URL a user that can read and write only the gatehouse_analytics database.
 *
 * chDB is an optional package (about 550 MB with its engine), loaded only when chosen.
 */
import type { AppConfig } from "../../config/env";
import type { Tenant } from "../../db/queries/tenant";
import { checkClickHouseQuery } from "./clickhouse-check";
import { readClickHouseTrafficOverview } from "./clickhouse-overview";
import {
  DEFAULT_QUERY_TIMEOUT_MS,
  MAX_RESULT_BYTES,
  MAX_RESULT_ROWS,
  type AnalyticsEngine,
  type AnalyticsEvent,
  type AnalyticsQueryRequest,
  type AnalyticsQueryResult,
  type TrafficWindow,
} from "./engine";
import { parseSingleStatement } from "./postgres-engine";
import { AnalyticsQueryProblem } from "./sql/problem";

export const CLICKHOUSE_DATABASE = "gatehouse_analytics";

const SETUP = [
  `CREATE DATABASE IF NOT EXISTS ${CLICKHOUSE_DATABASE}`,
  `CREATE TABLE IF NOT EXISTS ${CLICKHOUSE_DATABASE}.events (
     event_type LowCardinality(String),
     event_at DateTime64(3, 'UTC'),
     data JSON,
     project_id String,
     branch_id String,
     user_id Nullable(String),
     team_id Nullable(String),
     refresh_token_id Nullable(String),
     session_replay_id Nullable(String),
     session_replay_segment_id Nullable(String),
     created_at DateTime64(3, 'UTC') DEFAULT now64(3)
   ) ENGINE MergeTree PARTITION BY toYYYYMM(event_at) ORDER BY (project_id, branch_id, event_at)`,
];

/** How statements reach ClickHouse: over its HTTP interface, or chDB in this process. */
interface ClickHouseTransport {
  /** Runs `sql` with `{name:Type}` parameters bound by ClickHouse, answering JSONEachRow text. */
  run(sql: string, params: Record<string, string>, settings: Record<string, string | number>, timeoutMs: number): Promise<string>;
  close(): Promise<void>;
}

function httpTransport(url: string): ClickHouseTransport {
  const base = new URL(url);
  const auth = base.username ? `Basic ${Buffer.from(`${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`).toString("base64")}` : undefined;
  const database = base.pathname.replace(/^\//, "") || undefined;
  base.username = "";
  base.password = "";
  base.pathname = "/";
  return {
    async run(sql, params, settings, timeoutMs) {
      const target = new URL(base);
      target.searchParams.set("default_format", "JSONEachRow");
      if (database) target.searchParams.set("database", database);
      for (const [key, value] of Object.entries(settings)) target.searchParams.set(key, String(value));
      for (const [key, value] of Object.entries(params)) target.searchParams.set(`param_${key}`, value);
      const res = await fetch(target, {
        method: "POST",
        body: sql,
        headers: auth ? { authorization: auth } : {},
        signal: AbortSignal.timeout(timeoutMs + 5_000),
      });
      const text = await res.text();
      if (!res.ok) throw new AnalyticsQueryProblem(clickHouseMessage(text));
      return text;
    },
    async close() {},
  };
}

async function chdbTransport(path: string | undefined): Promise<ClickHouseTransport> {
  // Optional: installed by the operator who chooses this engine (npm install chdb).
  const moduleName = "chdb";
  const chdb = (await import(moduleName)) as { Session: new (path?: string) => ChdbSession };
  const session = new chdb.Session(path);
  return {
    async run(sql, params, settings, timeoutMs) {
      const list = Object.entries(settings).map(([key, value]) => `${key} = ${typeof value === "number" ? value : `'${value}'`}`);
      const text = list.length ? `${sql}\nSETTINGS ${list.join(", ")}` : sql;
      try {
        const result = await session.queryBindAsync(text, params, { format: "JSONEachRow", timeout: timeoutMs + 5_000 });
        return result.text();
      } catch (error) {
        throw new AnalyticsQueryProblem(clickHouseMessage((error as Error).message));
      }
    },
    async close() {
      session.close();
    },
  };
}

interface ChdbSession {
  queryBindAsync(query: string, params: object, opts?: { format?: string; timeout?: number }): Promise<{ text(): string }>;
  close(): void;
}

/** ClickHouse's own message, without its stack trace and version suffix. */
function clickHouseMessage(text: string): string {
  const match = /DB::Exception:\s*([\s\S]*?)(?:\s*\(version [^)]*\))?\s*$/.exec(text);
  return (match?.[1] ?? text).replace(/^Query failed:\s*/, "").trim().slice(0, 2_000);
}

const parseRows = (text: string) => text.split("\n").filter((line) => line.trim() !== "").map((line) => JSON.parse(line) as Record<string, unknown>);

/** A value as ClickHouse's query parameters take it: text in its own format. */
function paramText(value: unknown): string {
  if (value === null) return "\\N";
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return `[${value.map((v) => (typeof v === "string" ? `'${v.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'` : String(v))).join(",")}]`;
  return JSON.stringify(value);
}

export function createClickHouseAnalyticsEngine(settings: AppConfig["analytics"]): AnalyticsEngine {
  let ready: Promise<ClickHouseTransport> | undefined;
  const transport = () => {
    ready ??= (async () => {
      const t = settings.engine === "chdb" ? await chdbTransport(settings.chdbPath) : httpTransport(settings.clickhouseUrl ?? "http://127.0.0.1:8123");
      for (const statement of SETUP) await t.run(statement, {}, {}, 30_000);
      return t;
    })();
    return ready;
  };

  return {
    name: "clickhouse",
    async insertEvents(tenant: Tenant, events: readonly AnalyticsEvent[]) {
      if (events.length === 0) return;
      const t = await transport();
      const params: Record<string, string> = { rows: events.map((e) => JSON.stringify({
        event_type: e.eventType,
        event_at: e.eventAt.toISOString().replace("T", " ").replace("Z", ""),
        data: e.data ?? {},
        project_id: tenant.projectId,
        branch_id: tenant.branchId,
        user_id: e.userId,
        team_id: e.teamId,
        refresh_token_id: e.refreshTokenId,
        session_replay_id: e.sessionReplayId,
        session_replay_segment_id: e.sessionReplaySegmentId,
      })).join("\n") };
      await t.run(
        `INSERT INTO ${CLICKHOUSE_DATABASE}.events (event_type, event_at, data, project_id, branch_id, user_id, team_id, refresh_token_id, session_replay_id, session_replay_segment_id)
         SELECT * FROM format(JSONEachRow, 'event_type String, event_at DateTime64(3, \\'UTC\\'), data JSON, project_id String, branch_id String, user_id Nullable(String), team_id Nullable(String), refresh_token_id Nullable(String), session_replay_id Nullable(String), session_replay_segment_id Nullable(String)', {rows:String})`,
        params,
        {},
        30_000,
      );
    },
    async query(tenant: Tenant, request: AnalyticsQueryRequest): Promise<AnalyticsQueryResult> {
      const statement = await parseSingleStatement(request.sql);
      const sql = checkClickHouseQuery(statement, request.sql, {
        database: CLICKHOUSE_DATABASE,
        projectParam: "__gh_project",
        branchParam: "__gh_branch",
      });
      const params: Record<string, string> = { __gh_project: tenant.projectId, __gh_branch: tenant.branchId };
      for (const [name, value] of Object.entries(request.params)) {
        if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(name)) throw new AnalyticsQueryProblem(`Parameter names are letters, digits and underscores: ${name}`);
        params[name] = paramText(value);
      }
      const t = await transport();
      const started = performance.now();
      const text = await t.run(sql, params, {
        readonly: 1,
        max_execution_time: Math.ceil(request.timeoutMs / 1000),
        max_result_rows: MAX_RESULT_ROWS,
        max_result_bytes: MAX_RESULT_BYTES,
        result_overflow_mode: "throw",
      }, request.timeoutMs);
      const wallClockMs = performance.now() - started;
      return { rows: parseRows(text), wallClockMs, cpuMs: wallClockMs };
    },
    async trafficOverview(tenant: Tenant, window: TrafficWindow) {
      const t = await transport();
      const settings = { readonly: 1, max_execution_time: Math.ceil(DEFAULT_QUERY_TIMEOUT_MS / 1000) };
      return readClickHouseTrafficOverview(async (sql, params) => parseRows(await t.run(sql, params, settings, DEFAULT_QUERY_TIMEOUT_MS)), CLICKHOUSE_DATABASE, tenant, window);
    },
    async close() {
      if (ready) await (await ready).close();
    },
  };
}
