import type { Hono } from "hono";
import { checkReadiness } from "../services/health/readiness";
import type { AppEnv } from "./env";

/**
 * Probes for orchestrators and load balancers, outside the API (no keys, not in the OpenAPI
 * document): `/health/live` says the process answers; `/health/ready` says it can serve (its
 * database answers and holds every migration), 503 with what is not ready otherwise.
 * `/health` stays as it was (database reachable), for existing checks.
 */
export function mountHealth(app: Hono<AppEnv>): void {
  app.get("/health", async (c) => {
    await c.var.deps.db.query("SELECT 1");
    return c.json({ status: "ok", database: c.var.deps.db.kind });
  });
  app.get("/health/live", (c) => c.json({ status: "ok" }, 200, { "cache-control": "no-store" }));
  app.get("/health/ready", async (c) => {
    const readiness = await checkReadiness(c.var.deps);
    return c.json(
      { status: readiness.ready ? "ready" : "not ready", database: c.var.deps.db.kind, checks: readiness.checks },
      readiness.ready ? 200 : 503,
      { "cache-control": "no-store" },
    );
  });
}
