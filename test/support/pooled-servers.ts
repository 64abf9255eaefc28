/**
 * The contract suite's server behind PgBouncer in transaction mode (issue 17): two app
 * instances, each with its own connection pool through the pooler, its own caches and its
 * own LISTEN session, take turns answering requests on one port, as two processes behind a
 * load balancer would. They share only the database. Used when GATEHOUSE_CONTRACT_POOLER is
 * `pgbouncer` (the `contract:pgbouncer` test project).
 */
import { serve } from "@hono/node-server";
import { createPostgresDatabase, createTestApp, freePort, openPooledTestDb, type RunningTestServer } from "@gatehouse/server/testing";
import { startPgBouncer } from "./pgbouncer";

export const behindPooler = () => process.env.GATEHOUSE_CONTRACT_POOLER === "pgbouncer";

export async function startPooledServers(env?: Record<string, string>): Promise<RunningTestServer> {
  const database = await createPostgresDatabase();
  const bouncer = await startPgBouncer(database.url);
  const port = await freePort();
  const url = `http://localhost:${port}`;
  // One after the other: the second finds the first one's migrations and internal project.
  const first = await createTestApp({ env, publicUrl: url, db: await openPooledTestDb(bouncer.through(database.url), database.url) });
  const second = await createTestApp({ env, publicUrl: url, db: await openPooledTestDb(bouncer.through(database.url), database.url) });
  let turn = 0;
  const server = serve({ fetch: (request) => (turn++ % 2 === 0 ? first : second).app.fetch(request), hostname: "127.0.0.1", port });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  return {
    ...first,
    url,
    port,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await first.close();
      await second.close();
      await bouncer.stop();
      await database.drop();
    },
  };
}
