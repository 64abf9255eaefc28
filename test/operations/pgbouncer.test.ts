/**
 * Two server processes behind PgBouncer in transaction mode (issue 17, item 4), as large
 * deployments run: DATABASE_URL points at the pooler with DATABASE_POOLER=transaction, and
 * DATABASE_DIRECT_URL gives LISTEN a session of its own. Migrations at start, sign-up, reads,
 * refresh, sign-out seen by the other process, and a burst of mixed requests through both
 * must all work, with no 500. PostgreSQL only, and only where Debian's pgbouncer is installed
 * (.ci/run installs it).
 */
import { createPostgresDatabase, testDbKind } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, CLIENT_HEADERS, readOwnUser, SERVER_HEADERS, signUp } from "./internal-api";
import { hasPgBouncer, startPgBouncer } from "../harness/pgbouncer";
import { startServerProcess, type ServerProcess } from "../harness/server-process";

describe.skipIf(testDbKind() !== "postgres" || !hasPgBouncer())("two server processes behind PgBouncer in transaction mode", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    const bouncer = await startPgBouncer(database.url);
    cleanup.push(() => bouncer.stop());
    const env = {
      PUBLIC_URL: "http://gatehouse.test",
      DATABASE_POOLER: "transaction",
      DATABASE_DIRECT_URL: database.url,
    };
    // Both start at once, so both run the migrations through the pooler and one applies them.
    [a, b] = await Promise.all([
      startServerProcess({ databaseUrl: bouncer.through(database.url), env }),
      startServerProcess({ databaseUrl: bouncer.through(database.url), env }),
    ]);
    cleanup.push(() => a.kill("SIGTERM"), () => b.kill("SIGTERM"));
  }, 180_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("serves sign-up, reads, refresh and sign-out across both, and sees a sign-out through the other within 1 s", async () => {
    const signedUp = await signUp(a.url, `pooled-${Date.now()}@example.com`);
    expect(signedUp.status, JSON.stringify(signedUp.json)).toBe(200);
    const { access_token: accessToken, refresh_token: refreshToken } = signedUp.json;
    expect((await readOwnUser(b.url, accessToken)).status).toBe(200);

    const refreshed = await fetch(`${b.url}/api/v1/auth/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "internal", client_secret: CLIENT_HEADERS["x-stack-publishable-client-key"] }).toString(),
    });
    expect(refreshed.status, await refreshed.clone().text()).toBe(200);

    const signOut = await callApi(a.url, "DELETE", "/auth/sessions/current", { headers: { ...CLIENT_HEADERS, "x-stack-access-token": accessToken } });
    expect(signOut.status).toBe(200);
    const started = Date.now();
    while ((await readOwnUser(b.url, accessToken)).code !== "ACCESS_TOKEN_EXPIRED") {
      expect(Date.now() - started, "sign-out not seen through the other process").toBeLessThan(1_000);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });

  it("answers a burst of mixed requests through both processes without a 500", async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, async (_, i) => {
        const through = i % 2 ? a : b;
        switch (i % 3) {
          case 0:
            return signUp(through.url, `burst-${Date.now()}-${i}@example.com`);
          case 1:
            return callApi(through.url, "POST", "/teams", { headers: SERVER_HEADERS, body: { display_name: `Pooled ${i}` } });
          default:
            return callApi(through.url, "GET", "/users?limit=20", { headers: SERVER_HEADERS });
        }
      }),
    );
    const failures = answers.filter((answer) => answer.status >= 500);
    expect(failures.map((f) => JSON.stringify(f.json))).toEqual([]);
    expect(answers.every((answer) => answer.status < 300)).toBe(true);
  });
});
