/**
 * The reference servers Gatehouse is measured against, one per child process of run.ts,
 * each answering the one request of one bench case (scripts/bench/cases.ts) at its path:
 *
 *   bare   a bare Hono route that answers with the JSON body Gatehouse returned for the
 *          request: the cost of Node + HTTP + Hono + JSON and nothing else.
 *   floor  a bare Hono route that does the least honest work the request needs: verify the
 *          ES256 access token with jose against the project's public JWK, then one `pg`
 *          query (the `work` below). Roughly the least any implementation on this stack can
 *          do. It verifies the signature on every request; Gatehouse caches verified tokens
 *          until they expire, so it may come close to or beat the floor on that share of
 *          the work.
 *
 * Floor work:
 *   user             select the user row by primary key (GET /users/me; answers the raw row).
 *   team-permissions select the user's direct grants in the team, expand them through a
 *                    containment map computed once at start-up from the definitions
 *                    (as Gatehouse computes it once per configuration), deduplicated.
 *   teams            select the teams the user is a member of (one join), client shape.
 *
 * Configuration arrives as JSON in BENCH_REFERENCE (see ReferenceConfig); every reference
 * answers GET /health once listening.
 */
import { serve } from "@hono/node-server";
import { Hono, type Context } from "hono";
import { createLocalJWKSet, jwtVerify, type JSONWebKeySet } from "jose";
import pg from "pg";

export type FloorWork = "user" | "team-permissions" | "teams";

export interface Definition {
  id: string;
  contained_permission_ids: string[];
}

export type ReferenceConfig = { port: number; path: string } & (
  | { kind: "bare"; body: unknown }
  | { kind: "floor"; work: FloorWork; gatehouseUrl: string; projectId: string; databaseUrl: string; definitions?: Definition[] }
);
type FloorConfig = Extract<ReferenceConfig, { kind: "floor" }>;

/** Answers the request for the verified user `userId`. */
type FloorHandler = (c: Context, userId: string) => Promise<Response>;

function bareApp(path: string, body: unknown): Hono {
  const app = new Hono();
  app.get("/health", (c) => c.text("ok"));
  app.get(path, (c) => c.json(body as object));
  return app;
}

/** For each id, every id it grants (itself first), depth-first in containment order. */
function expansionOf(definitions: Definition[]): Map<string, string[]> {
  const byId = new Map(definitions.map((d) => [d.id, d]));
  const done = new Map<string, string[]>();
  const visit = (id: string, path: Set<string>): string[] => {
    const known = done.get(id);
    if (known) return known;
    const result = new Set([id]);
    path.add(id);
    for (const child of byId.get(id)?.contained_permission_ids ?? []) {
      if (!byId.has(child) || path.has(child)) continue;
      for (const granted of visit(child, path)) result.add(granted);
    }
    path.delete(id);
    done.set(id, [...result]);
    return done.get(id)!;
  };
  for (const { id } of definitions) visit(id, new Set());
  return done;
}

function floorHandler(config: FloorConfig, pool: pg.Pool): FloorHandler {
  const { projectId } = config;
  switch (config.work) {
    case "user":
      return async (c, userId) => {
        const { rows } = await pool.query("SELECT * FROM users WHERE project_id = $1 AND branch_id = 'main' AND id = $2", [projectId, userId]);
        return rows.length === 0 ? c.json({ error: "no such user" }, 404) : c.json(rows[0]);
      };
    case "team-permissions": {
      const expansion = expansionOf(config.definitions ?? []);
      return async (c, userId) => {
        const teamId = c.req.query("team_id");
        const { rows } = await pool.query<{ permission_id: string }>(
          `SELECT permission_id FROM permission_grants
           WHERE project_id = $1 AND branch_id = 'main' AND scope = 'team' AND team_id = $2 AND user_id = $3
           ORDER BY created_at, permission_id`,
          [projectId, teamId, userId],
        );
        const ids = new Set<string>();
        for (const row of rows) for (const id of expansion.get(row.permission_id) ?? []) ids.add(id);
        return c.json({ items: [...ids].map((id) => ({ id, user_id: userId, team_id: teamId })), is_paginated: false });
      };
    }
    case "teams":
      return async (c, userId) => {
        const { rows } = await pool.query(
          `SELECT t.id, t.display_name, t.profile_image_url, t.client_metadata, t.client_read_only_metadata
           FROM team_members m JOIN teams t ON t.project_id = m.project_id AND t.branch_id = m.branch_id AND t.id = m.team_id
           WHERE m.project_id = $1 AND m.branch_id = 'main' AND m.user_id = $2
           ORDER BY t.created_at, t.id`,
          [projectId, userId],
        );
        return c.json({ items: rows, is_paginated: false });
      };
  }
}

async function floorApp(config: FloorConfig): Promise<Hono> {
  const { gatehouseUrl, projectId } = config;
  const jwksResponse = await fetch(`${gatehouseUrl}/api/v1/projects/${projectId}/.well-known/jwks.json`);
  if (!jwksResponse.ok) throw new Error(`could not fetch the project's JWKS: ${jwksResponse.status}`);
  const jwks = createLocalJWKSet((await jwksResponse.json()) as JSONWebKeySet);
  // The same checks Gatehouse makes: signature, algorithm, issuer, audience, expiry.
  const verifyOptions = { algorithms: ["ES256"], issuer: `${gatehouseUrl}/api/v1/projects/${projectId}`, audience: projectId };
  // The same pool size Gatehouse uses by default.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  const handle = floorHandler(config, pool);

  const app = new Hono();
  app.get("/health", (c) => c.text("ok"));
  app.get(config.path, async (c) => {
    const token = c.req.header("x-stack-access-token");
    if (!token) return c.json({ error: "no access token" }, 401);
    let userId: string;
    try {
      const { payload } = await jwtVerify(token, jwks, verifyOptions);
      userId = String(payload.sub);
    } catch {
      return c.json({ error: "invalid access token" }, 401);
    }
    return handle(c, userId);
  });
  return app;
}

const raw = process.env.BENCH_REFERENCE;
if (!raw) throw new Error("references.ts is started by scripts/bench/run.ts, which sets BENCH_REFERENCE");
const config = JSON.parse(raw) as ReferenceConfig;
const app = config.kind === "bare" ? bareApp(config.path, config.body) : await floorApp(config);
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: config.port });
