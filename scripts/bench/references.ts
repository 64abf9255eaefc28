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
 *   refresh          POST, the refresh token in its header: one transaction of the shape of
 *                    Gatehouse's refresh (use the session by the token's SHA-256 digest, mark
 *                    the user active, read the user), then sign an ES256 access token with a
 *                    P-256 key of its own. No access token is verified.
 *   password         POST {email, password}: argon2id verify of the password against the
 *                    user's stored hash (read once at start), nothing else: the machine's
 *                    ceiling for password sign-in. argon2 runs on libuv's pool (4 threads,
 *                    every core of a machine with up to 4), unbounded by any semaphore.
 *   api-key          POST {api_key}: one indexed select of the key row by the id the key
 *                    carries. No server key is checked.
 *   update-quantity  POST {delta} to an item's update-quantity path: Gatehouse's own ledger
 *                    statements (server/src/db/queries/payments.ts: the customer's grants,
 *                    the customer item's advisory lock, the sum of unexpired changes with the
 *                    conditional insert) in one transaction on the pool, what the grants
 *                    include computed with the same function. Its rows go to the path's customer with "-floor" appended,
 *                    so the two ledgers grow apart. No server key is checked.
 *
 * Every floor query is a named prepared statement, planned once per connection, as
 * Gatehouse's are (server/src/db/prepared-statements.ts): a floor that planned each query
 * again would be slower than the least work the request needs.
 *
 * Configuration arrives as JSON in BENCH_REFERENCE (see ReferenceConfig); every reference
 * answers GET /health once listening.
 */
import { serve } from "@hono/node-server";
import argon2 from "argon2";
import { Hono, type Context } from "hono";
import { createLocalJWKSet, generateKeyPair, jwtVerify, SignJWT, type JSONWebKeySet } from "jose";
import pg from "pg";
import { parseApiKeyValue } from "../../server/src/crypto/api-key-format";
import { createHash } from "node:crypto";
import type { Queryable } from "../../server/src/db/db";
import { insertItemChangeIfCovered, listGrants, lockCustomerItem } from "../../server/src/db/queries/payments";
import { includedByProducts } from "../../server/src/services/payments/items";
import { hashSecret } from "../../server/src/crypto/secret-hash";

/** Floors of GET requests that carry an access token, verified first. */
export type TokenFloorWork = "user" | "team-permissions" | "teams";
/** Floors of POST requests that carry no access token. */
export type PostFloorWork = "refresh" | "password" | "api-key" | "update-quantity";
export type FloorWork = TokenFloorWork | PostFloorWork;

export interface Definition {
  id: string;
  contained_permission_ids: string[];
}

export type ReferenceConfig = { port: number; path: string } & (
  | { kind: "bare"; body: unknown }
  | {
      kind: "floor";
      work: FloorWork;
      gatehouseUrl: string;
      projectId: string;
      databaseUrl: string;
      definitions?: Definition[];
      /** The password floor verifies against this user's stored hash. */
      userId?: string;
    }
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

function floorHandler(config: FloorConfig & { work: TokenFloorWork }, pool: pg.Pool): FloorHandler {
  const { projectId } = config;
  switch (config.work) {
    case "user":
      return async (c, userId) => {
        const { rows } = await pool.query({
          name: "user-by-id",
          text: "SELECT * FROM users WHERE project_id = $1 AND branch_id = 'main' AND id = $2",
          values: [projectId, userId],
        });
        return rows.length === 0 ? c.json({ error: "no such user" }, 404) : c.json(rows[0]);
      };
    case "team-permissions": {
      const expansion = expansionOf(config.definitions ?? []);
      return async (c, userId) => {
        const teamId = c.req.query("team_id");
        const { rows } = await pool.query<{ permission_id: string }>({
          name: "direct-team-grants",
          text: `SELECT permission_id FROM permission_grants
           WHERE project_id = $1 AND branch_id = 'main' AND scope = 'team' AND team_id = $2 AND user_id = $3
           ORDER BY created_at, permission_id`,
          values: [projectId, teamId, userId],
        });
        const ids = new Set<string>();
        for (const row of rows) for (const id of expansion.get(row.permission_id) ?? []) ids.add(id);
        return c.json({ items: [...ids].map((id) => ({ id, user_id: userId, team_id: teamId })), is_paginated: false });
      };
    }
    case "teams":
      return async (c, userId) => {
        const { rows } = await pool.query({
          name: "teams-of-user",
          text: `SELECT t.id, t.display_name, t.profile_image_url, t.client_metadata, t.client_read_only_metadata
           FROM team_members m JOIN teams t ON t.project_id = m.project_id AND t.branch_id = m.branch_id AND t.id = m.team_id
           WHERE m.project_id = $1 AND m.branch_id = 'main' AND m.user_id = $2
           ORDER BY t.created_at, t.id`,
          values: [projectId, userId],
        });
        return c.json({ items: rows, is_paginated: false });
      };
  }
}

type PostHandler = (c: Context) => Promise<Response>;

async function postFloorHandler(config: FloorConfig & { work: PostFloorWork }, pool: pg.Pool): Promise<PostHandler> {
  const { projectId } = config;
  switch (config.work) {
    case "refresh": {
      const { privateKey } = await generateKeyPair("ES256");
      const issuer = `${config.gatehouseUrl}/api/v1/projects/${projectId}`;
      return async (c) => {
        const refreshToken = c.req.header("x-stack-refresh-token");
        if (!refreshToken) return c.json({ error: "no refresh token" }, 401);
        const db = await pool.connect();
        let user: Record<string, any> | undefined;
        try {
          await db.query("BEGIN");
          const { rows: sessions } = await db.query<{ id: string; user_id: string }>({
            name: "use-session",
            text: `UPDATE sessions SET last_used_at = now()
             WHERE refresh_token_hash = $2 AND project_id = $1 AND branch_id = 'main' AND (expires_at IS NULL OR expires_at > now())
             RETURNING id, user_id`,
            values: [projectId, hashSecret(refreshToken)],
          });
          const session = sessions[0];
          if (session) {
            await db.query({
              name: "mark-user-active",
              text: "UPDATE users SET last_active_at = now() WHERE project_id = $1 AND branch_id = 'main' AND id = $2",
              values: [projectId, session.user_id],
            });
            const { rows } = await db.query({
              name: "session-user",
              text: "SELECT * FROM users WHERE project_id = $1 AND branch_id = 'main' AND id = $2",
              values: [projectId, session.user_id],
            });
            user = rows[0] && { ...rows[0], session_id: session.id };
          }
          await db.query("COMMIT");
        } catch (error) {
          await db.query("ROLLBACK");
          throw error;
        } finally {
          db.release();
        }
        if (!user) return c.json({ error: "unknown refresh token" }, 401);
        const now = Math.floor(Date.now() / 1000);
        const accessToken = await new SignJWT({ project_id: projectId, branch_id: "main", refresh_token_id: user.session_id, role: "authenticated", name: user.display_name ?? null })
          .setProtectedHeader({ alg: "ES256", kid: "floor", typ: "JWT" })
          .setSubject(user.id)
          .setIssuer(issuer)
          .setAudience(projectId)
          .setIssuedAt(now)
          .setExpirationTime(now + 600)
          .sign(privateKey);
        return c.json({ access_token: accessToken });
      };
    }
    case "password": {
      const { rows } = await pool.query<{ password_hash: string | null }>({
        name: "password-hash",
        text: "SELECT password_hash FROM users WHERE project_id = $1 AND branch_id = 'main' AND id = $2",
        values: [projectId, config.userId],
      });
      const hash = rows[0]?.password_hash;
      if (!hash) throw new Error("the password floor's user has no password hash");
      return async (c) => {
        const { password } = await c.req.json<{ password: string }>();
        return (await argon2.verify(hash, password)) ? c.json({ user_id: config.userId }) : c.json({ error: "mismatch" }, 400);
      };
    }
    case "api-key":
      return async (c) => {
        const { api_key: value } = await c.req.json<{ api_key: string }>();
        const parsed = parseApiKeyValue(value);
        if (!parsed) return c.json({ error: "malformed key" }, 404);
        const { rows } = await pool.query({
          name: "api-key-by-id",
          text: "SELECT * FROM api_keys WHERE project_id = $1 AND branch_id = 'main' AND id = $2",
          values: [projectId, parsed.id],
        });
        return rows.length === 0 ? c.json({ error: "no such key" }, 404) : c.json(rows[0]);
      };
    case "update-quantity":
      return async (c) => {
        const match = /\/payments\/items\/custom\/([^/]+)\/([^/]+)\/update-quantity$/.exec(c.req.path);
        if (!match) return c.json({ error: "not an update-quantity path" }, 404);
        const [, customerId, itemId] = match as unknown as [string, string, string];
        const { delta } = await c.req.json<{ delta: number }>();
        const tenant = { projectId, branchId: "main" };
        const customer = { type: "custom" as const, id: `${decodeURIComponent(customerId)}-floor` };
        const db = await pool.connect();
        const q = preparedQueryable(db);
        try {
          await db.query("BEGIN");
          const now = new Date();
          const included = includedByProducts(await listGrants(q, tenant, customer), BENCH_CATALOG_WITHOUT_DEFAULTS, customer, itemId, now);
          await lockCustomerItem(q, tenant, customer, itemId);
          const change = { delta, expiresAt: null, description: null, createdAt: now };
          const { before, inserted } = await insertItemChangeIfCovered(q, tenant, customer, itemId, change, included, c.req.query("allow_negative") !== "true");
          await db.query(inserted ? "COMMIT" : "ROLLBACK");
          return inserted ? c.json({ quantity: before + included + delta }) : c.json({ error: "insufficient" }, 400);
        } catch (error) {
          await db.query("ROLLBACK");
          throw error;
        } finally {
          db.release();
        }
      };
  }
}

/** The bench catalog has no include-by-default products, the only part of the catalog the arithmetic reads. */
const BENCH_CATALOG_WITHOUT_DEFAULTS = { blockNewPurchases: false, testMode: true, productLines: {}, items: {}, products: {} };

/** Gatehouse's query functions over one pg client, each statement prepared once per connection by its text's digest. */
function preparedQueryable(client: pg.PoolClient): Queryable {
  return {
    async query<Row>(text: string, params: readonly unknown[] = []) {
      const name = `q${createHash("sha256").update(text).digest("hex").slice(0, 16)}`;
      return (await client.query({ name, text, values: [...params] })).rows as Row[];
    },
  };
}

const isPostWork = (config: FloorConfig): config is FloorConfig & { work: PostFloorWork } =>
  config.work === "refresh" || config.work === "password" || config.work === "api-key" || config.work === "update-quantity";

async function floorApp(config: FloorConfig): Promise<Hono> {
  // The same pool size Gatehouse uses by default.
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
  if (isPostWork(config)) {
    const handle = await postFloorHandler(config, pool);
    const app = new Hono();
    app.get("/health", (c) => c.text("ok"));
    app.post(config.path, (c) => handle(c));
    return app;
  }
  return tokenFloorApp(config as FloorConfig & { work: TokenFloorWork }, pool);
}

async function tokenFloorApp(config: FloorConfig & { work: TokenFloorWork }, pool: pg.Pool): Promise<Hono> {
  const { gatehouseUrl, projectId } = config;
  const jwksResponse = await fetch(`${gatehouseUrl}/api/v1/projects/${projectId}/.well-known/jwks.json`);
  if (!jwksResponse.ok) throw new Error(`could not fetch the project's JWKS: ${jwksResponse.status}`);
  const jwks = createLocalJWKSet((await jwksResponse.json()) as JSONWebKeySet);
  // The same checks Gatehouse makes: signature, algorithm, issuer, audience, expiry.
  const verifyOptions = { algorithms: ["ES256"], issuer: `${gatehouseUrl}/api/v1/projects/${projectId}`, audience: projectId };
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
// Exit on SIGTERM rather than die of it, so that a BENCH_CPU_PROF profile gets written.
process.once("SIGTERM", () => process.exit(0));
