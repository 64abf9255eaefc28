/**
 * GET /metrics for Prometheus. Off unless METRICS_TOKEN is set (the route answers 404, as if it
 * did not exist); then only a request bearing that token is answered, compared in constant time.
 * A token on the one port rather than a second listener keeps a deployment to one port, one
 * health check and one proxy rule, and Prometheus sends it with `authorization: { credentials }`.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import type { AppEnv } from "./env";

const digest = (text: string) => createHash("sha256").update(text).digest();

export function mountMetrics(app: Hono<AppEnv>, token: string | undefined): void {
  if (!token) return;
  const expected = digest(token);
  app.get("/metrics", async (c) => {
    const header = c.req.header("authorization") ?? "";
    const presented = /^Bearer (.+)$/i.exec(header)?.[1] ?? "";
    // Digests of equal length, so neither the comparison's time nor its refusal says how long the token is.
    if (!timingSafeEqual(digest(presented), expected)) {
      return c.text("A bearer token is required (METRICS_TOKEN).\n", 401, { "www-authenticate": 'Bearer realm="metrics"' });
    }
    const registry = c.var.deps.metrics.registry;
    return c.body(await registry.metrics(), 200, { "content-type": registry.contentType, "cache-control": "no-store" });
  });
}
