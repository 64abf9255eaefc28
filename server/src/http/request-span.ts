import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace } from "@opentelemetry/api";
import type { Context } from "hono";
import { routePath } from "hono/route";
import type { AppEnv } from "./env";

const tracer = trace.getTracer("gatehouse-http");

const headerGetter = {
  keys: (headers: Headers) => [...headers.keys()],
  get: (headers: Headers, key: string) => headers.get(key) ?? undefined,
};

/**
 * Runs the rest of the request inside a server span, a child of the caller's `traceparent` when
 * one came. Named and labelled after the route's pattern once it is known, never the raw path;
 * the project id once the request's credentials named one.
 */
export async function withRequestSpan(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
  const parent = propagation.extract(ROOT_CONTEXT, c.req.raw.headers, headerGetter);
  const span = tracer.startSpan(
    c.req.method,
    { kind: SpanKind.SERVER, attributes: { "http.request.method": c.req.method, "url.path": c.req.path, "gatehouse.request_id": c.var.requestId } },
    parent,
  );
  try {
    await context.with(trace.setSpan(parent, span), next);
  } finally {
    const route = routePath(c) || "*";
    span.updateName(`${c.req.method} ${route}`);
    span.setAttribute("http.route", route);
    const status = c.res.status;
    span.setAttribute("http.response.status_code", status);
    const projectId = c.var.auth?.tenancy.projectId;
    if (projectId) span.setAttribute("gatehouse.project_id", projectId);
    if (status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
    span.end();
  }
}
