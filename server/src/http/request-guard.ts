import type { MiddlewareHandler } from "hono";
import { KnownError } from "../errors";
import type { AppEnv } from "./env";

/**
 * Deepest nesting a JSON body may have; the body object itself is level 1. Deep enough for any
 * real metadata, shallow enough that every walk over a stored value stays far from the stack limit.
 */
export const MAX_JSON_DEPTH = 64;

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Refuses, before any route sees it, input that the databases cannot store faithfully: NUL
 * (PostgreSQL text and jsonb refuse it), lone surrogates (stored as U+FFFD), numbers JSON.parse
 * turns into Infinity (stored as null), bytes that are not UTF-8, and nesting past
 * MAX_JSON_DEPTH. One guard for every route, so no route can forget it. The body text it
 * reads stays cached on the request, so the route's own validator parses the same text.
 *
 * One exception: the data of analytics events (POST /analytics/events/batch). The SDK's
 * tracker cuts text to a length and can split an emoji, so lone surrogates arrive from every
 * browser; that route repairs them (services/analytics/events.ts) instead of refusing the batch.
 */
const REPAIRED_SUBTREES: Array<{ path: RegExp; subtree: RegExp }> = [{ path: /\/analytics\/events\/batch$/, subtree: /^body\.events\.\d+\.data(\.|$)/ }];
export function requestGuard(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const pathProblem = stringProblem(c.req.path);
    if (pathProblem) throw schemaError("path", pathProblem);
    const queryStart = c.req.url.indexOf("?");
    if (queryStart !== -1) checkQuery(new URLSearchParams(c.req.url.slice(queryStart + 1)));
    const mediaType = (c.req.header("content-type") ?? "").split(";")[0]!.trim();
    if (JSON_MEDIA_TYPE.test(mediaType)) {
      const bytes = await c.req.arrayBuffer();
      let text: string;
      try {
        text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
      } catch {
        throw new KnownError("BODY_PARSING_ERROR", { message: "the body is not valid UTF-8" });
      }
      // Hono keeps body reads as promises; the validator reads this one instead of the spent stream.
      // An empty body is no body: SDKs send DELETEs with a JSON content type and nothing after it.
      if (text.trim() === "") text = "{}";
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        parsed = undefined; // the route's validator answers malformed JSON
      }
      const repaired = REPAIRED_SUBTREES.find((r) => r.path.test(c.req.path))?.subtree;
      if (parsed !== undefined) checkValue(parsed, "body", 1, repaired);
    }
    if (mediaType.toLowerCase() === "application/x-www-form-urlencoded") {
      // Form fields (the OAuth token endpoint) reach the same queries as JSON ones.
      const form = new URLSearchParams(await c.req.text());
      for (const [name, value] of form) {
        const problem = stringProblem(name) ?? stringProblem(value);
        if (problem) throw schemaError(`body.${name.replace(/\0/g, "\\0")}`, problem);
      }
    }
    await next();
  };
}

function checkQuery(params: URLSearchParams): void {
  for (const [name, value] of params) {
    const problem = stringProblem(name) ?? stringProblem(value);
    if (problem) throw schemaError(`query.${name.replace(/\0/g, "\\0")}`, problem);
  }
}

function checkValue(value: unknown, path: string, depth: number, repaired?: RegExp): void {
  if (typeof value === "string") {
    const problem = repaired?.test(path) ? null : stringProblem(value);
    if (problem) throw schemaError(path, problem);
    return;
  }
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw schemaError(path, "Number out of range");
    return;
  }
  if (value === null || typeof value !== "object") return;
  if (depth > MAX_JSON_DEPTH) throw schemaError(path, `Values may not be nested deeper than ${MAX_JSON_DEPTH} levels`);
  if (Array.isArray(value)) {
    value.forEach((item, index) => checkValue(item, `${path}.${index}`, depth + 1, repaired));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    const problem = repaired?.test(`${path}.${key}`) ? null : stringProblem(key);
    if (problem) throw schemaError(path, `A key: ${problem}`);
    checkValue(item, `${path}.${key}`, depth + 1, repaired);
  }
}

function stringProblem(value: string): string | null {
  if (value.includes("\0")) return "Must not contain the NUL character (U+0000)";
  if (LONE_SURROGATE.test(value)) return "Must not contain a lone UTF-16 surrogate";
  return null;
}

function schemaError(path: string, problem: string): KnownError {
  return new KnownError("SCHEMA_ERROR", { message: `${path}: ${problem}` });
}

/**
 * The same checks for JSON that arrives inside a string field (the configuration API's
 * `config_string`), which the guard saw only as text.
 */
export function assertStorableValue(value: unknown, path: string): void {
  checkValue(value, path, 1);
}
