import { context, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";

const tracer = trace.getTracer("gatehouse-db");

/**
 * Runs one statement inside a client span (db.system.name, db.query.text: the SQL with its
 * placeholders, never the values), when a recording span is active: a request's queries nest
 * under it, and workers' polling outside any request makes no root spans of its own.
 */
export function withSqlSpan<T>(system: "postgresql", sql: string, run: () => Promise<T>): Promise<T> {
  if (!trace.getSpan(context.active())?.isRecording()) return run();
  const operation = /^\s*(?:\/\*.*?\*\/\s*)?([A-Za-z]+)/.exec(sql)?.[1]?.toUpperCase() ?? "SQL";
  return tracer.startActiveSpan(operation, { kind: SpanKind.CLIENT, attributes: { "db.system.name": system, "db.operation.name": operation, "db.query.text": sql } }, async (span) => {
    try {
      return await run();
    } catch (error) {
      span.setStatus({ code: SpanStatusCode.ERROR, message: (error as { code?: string }).code ?? "query failed" });
      throw error;
    } finally {
      span.end();
    }
  });
}
