/**
 * The two reference servers Gatehouse is measured against, run as a child process of run.ts:
 *
 *   bare   a bare Hono route that answers with the JSON body Gatehouse returned for
 *          GET /users/me: the cost of Node + HTTP + Hono + JSON and nothing else.
 *   floor  a bare Hono route that does the least honest work the same request needs:
 *          verify the ES256 access token with jose against the project's public JWK and
 *          select the user row by primary key with `pg`. Roughly the least any
 *          implementation of /users/me on this stack can do. It verifies the signature on
 *          every request; Gatehouse caches verified tokens until they expire, so it may
 *          come close to or beat the floor on that share of the work.
 *
 * Configuration arrives as JSON in BENCH_REFERENCE (see ReferenceConfig); both answer
 * GET /health once listening.
 */
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import pg from "pg";

export type ReferenceConfig =
  | { kind: "bare"; port: number; body: unknown }
  | { kind: "floor"; port: number; gatehouseUrl: string; projectId: string; databaseUrl: string };

function bareApp(body: unknown): Hono {
  const app = new Hono();
  app.get("/health", (c) => c.text("ok"));
  app.get("/api/v1/users/me", (c) => c.json(body as object));
  return app;
}

async function floorApp(config: Extract<ReferenceConfig, { kind: "floor" }>): Promise<Hono> {
  const { gatehouseUrl, projectId } = config;
  const jwksResponse = await fetch(`${gatehouseUrl}/api/v1/projects/${projectId}/.well-known/jwks.json`);
  if (!jwksResponse.ok) throw new Error(`could not fetch the project's JWKS: ${jwksResponse.status}`);
  const jwks = createLocalJWKSet((await jwksResponse.json()) as JSONWebKeySet);
  // The same checks Gatehouse makes: signature, algorithm, issuer, audience, expiry.
  const verifyOptions = { algorithms: ["ES256"], issuer: `${gatehouseUrl}/api/v1/projects/${projectId}`, audience: projectId };
  // The same pool size Gatehouse uses by default.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });

  const app = new Hono();
  app.get("/health", (c) => c.text("ok"));
  app.get("/api/v1/users/me", async (c) => {
    const token = c.req.header("x-stack-access-token");
    if (!token) return c.json({ error: "no access token" }, 401);
    let userId: string;
    try {
      const { payload } = await jwtVerify(token, jwks, verifyOptions);
      userId = String(payload.sub);
    } catch {
      return c.json({ error: "invalid access token" }, 401);
    }
    const { rows } = await pool.query("SELECT * FROM users WHERE project_id = $1 AND branch_id = 'main' AND id = $2", [projectId, userId]);
    if (rows.length === 0) return c.json({ error: "no such user" }, 404);
    return c.json(rows[0]);
  });
  return app;
}

const raw = process.env.BENCH_REFERENCE;
if (!raw) throw new Error("references.ts is started by scripts/bench/run.ts, which sets BENCH_REFERENCE");
const config = JSON.parse(raw) as ReferenceConfig;
const app = config.kind === "bare" ? bareApp(config.body) : await floorApp(config);
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: config.port });
