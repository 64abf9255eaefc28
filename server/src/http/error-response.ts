import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { KnownError, RateLimitedError } from "../errors";
import type { AppEnv } from "./env";
import { responseHeaderPrefixes, stackHeader } from "./headers";

/** The one place an error becomes a response: `{code, error, details?}` plus the known-error header in the request's dialect. */
export function renderError(error: unknown, c: Context<AppEnv>): Response {
  const known = toKnownError(error);
  if (known?.plain) return c.text(known.message, known.status as 400);
  if (known) {
    // As Stack Auth does, an error with nothing to detail sends no `details`.
    const details = Object.keys(known.details).length > 0 ? { details: known.details } : {};
    const headers = Object.fromEntries(responseHeaderPrefixes(c).map((prefix) => [`${prefix}known-error`, known.code]));
    return c.json({ code: known.code, error: known.message, ...details }, known.status as 400, headers);
  }
  if (error instanceof RateLimitedError) {
    c.var.deps?.metrics.countRateLimitRefusal(error.rule);
    return c.json({ error: error.message }, 429, { "retry-after": String(error.retryAfterSeconds) });
  }
  if (error instanceof HTTPException && error.status < 500) {
    return c.json({ error: error.message || "Bad request" }, error.status);
  }
  c.var.deps?.log.error("Unhandled error", {
    request_id: c.var.requestId,
    method: c.req.method,
    path: c.req.path,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return c.json({ error: `Something went wrong on our side. Request id: ${c.var.requestId ?? "unknown"}.` }, 500);
}

function toKnownError(error: unknown): KnownError | null {
  if (error instanceof KnownError) return error;
  // Hono's body validators throw 400 for unreadable bodies and 415 for a content type the route does not take.
  if (error instanceof HTTPException && error.status === 400) {
    return new KnownError("BODY_PARSING_ERROR", { message: error.message || "malformed body" });
  }
  if (error instanceof HTTPException && error.status === 415) {
    return new KnownError("BODY_PARSING_ERROR", { message: "unsupported content type; send the content type this operation documents" });
  }
  return null;
}

/**
 * `override-error-status: true` asks for 4xx answers as 200 with the real status in
 * `actual-status`, for clients whose fetch layer treats non-2xx as network failures.
 */
export function applyErrorStatusOverride(c: Context<AppEnv>): void {
  const status = c.res.status;
  if (status < 400 || status >= 500 || stackHeader(c, "override-error-status") !== "true") return;
  const headers = new Headers(c.res.headers);
  for (const prefix of responseHeaderPrefixes(c)) headers.set(`${prefix}actual-status`, String(status));
  c.res = new Response(c.res.body, { status: 200, headers });
}
