import type { MiddlewareHandler } from "hono";
import { STACK_HEADER_SUFFIXES } from "./headers";

const ALLOWED_HEADERS = [
  "content-type",
  "authorization",
  "ngrok-skip-browser-warning",
  ...STACK_HEADER_SUFFIXES.flatMap((suffix) => [`x-stack-${suffix}`, `x-hexclave-${suffix}`]),
].join(", ");

const EXPOSED_HEADERS = [
  "content-type",
  "x-stack-actual-status",
  "x-hexclave-actual-status",
  "x-stack-known-error",
  "x-hexclave-known-error",
  "x-stack-request-id",
].join(", ");

/** Any origin may call the API (it authenticates by header, never by cookie); preflights answer 200. */
export function cors(): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === "OPTIONS") {
      return new Response(null, {
        status: 200,
        headers: {
          "access-control-allow-origin": "*",
          "access-control-allow-methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
          "access-control-allow-headers": ALLOWED_HEADERS,
          "access-control-expose-headers": EXPOSED_HEADERS,
          "access-control-max-age": "86400",
        },
      });
    }
    await next();
    c.res.headers.set("access-control-allow-origin", "*");
    c.res.headers.set("access-control-expose-headers", EXPOSED_HEADERS);
  };
}
