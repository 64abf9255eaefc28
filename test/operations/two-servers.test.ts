/**
 * Two server processes on one PostgreSQL database, as behind a load balancer (issue 9,
 * section 5): a session signed out through one is refused through the other within 1 s;
 * a project configuration change made through one is seen through the other within 1 s
 * (docs/operate.md, "Caches and staleness"); rate limits count hits made through both. Both run in
 * production mode with the same PUBLIC_URL, as nodes behind one address do. PostgreSQL only:
 * a PGlite database belongs to one process.
 */
import { createPostgresDatabase, testDbKind } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callApi, CLIENT_HEADERS, readOwnUser, signUp, TEST_PASSWORD, type Answer } from "./internal-api";
import { PROCESS_KEYS, startServerProcess, type ServerProcess } from "../harness/server-process";

const STALENESS_MS = 1_000;
const ADMIN_HEADERS = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": PROCESS_KEYS.superSecretAdminKey,
};

/** Asks `probe` every 20 ms until `done` holds; answers how long that took, or Infinity after `limitMs`. */
async function timeUntil(probe: () => Promise<Answer>, done: (answer: Answer) => boolean, limitMs = 10_000): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < limitMs) {
    if (done(await probe())) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.POSITIVE_INFINITY;
}

describe.skipIf(testDbKind() !== "postgres")("two server processes on one PostgreSQL", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    const env = { PUBLIC_URL: "http://gatehouse.test" };
    a = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => a.kill("SIGTERM"));
    b = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => b.kill("SIGTERM"));
  }, 180_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("refuses through B, within 1 s, a session signed out through A", async () => {
    const email = `two-servers-${Date.now()}@example.com`;
    const signedUp = await signUp(a.url, email);
    expect(signedUp.status).toBe(200);
    const accessToken: string = signedUp.json.access_token;
    // B has verified and cached the token before the sign-out.
    expect((await readOwnUser(b.url, accessToken)).status).toBe(200);

    const signOut = await callApi(a.url, "DELETE", "/auth/sessions/current", { headers: { ...CLIENT_HEADERS, "x-stack-access-token": accessToken } });
    expect(signOut.status).toBe(200);
    const elapsed = await timeUntil(() => readOwnUser(b.url, accessToken), (answer) => answer.code === "ACCESS_TOKEN_EXPIRED");
    console.log(`two servers: signed out through A, refused through B after ${elapsed} ms`);
    expect(elapsed).toBeLessThanOrEqual(STALENESS_MS);
    expect((await readOwnUser(a.url, accessToken)).code).toBe("ACCESS_TOKEN_EXPIRED");
  });

  it("shows through B, within 1 s, a project configuration change made through A", async () => {
    const readConfig = () => callApi(b.url, "GET", "/projects/current", { headers: CLIENT_HEADERS });
    expect((await readConfig()).json.config.sign_up_enabled).toBe(true);
    const changed = await callApi(a.url, "PATCH", "/internal/projects/current", { headers: ADMIN_HEADERS, body: { config: { sign_up_enabled: false } } });
    expect(changed.status).toBe(200);
    const elapsed = await timeUntil(readConfig, (answer) => answer.json?.config?.sign_up_enabled === false);
    console.log(`two servers: config changed through A, seen through B after ${elapsed} ms`);
    expect(elapsed).toBeLessThanOrEqual(STALENESS_MS);
    expect((await signUp(b.url, `refused-${Date.now()}@example.com`)).code).toBe("SIGN_UP_NOT_ENABLED");

    await callApi(a.url, "PATCH", "/internal/projects/current", { headers: ADMIN_HEADERS, body: { config: { sign_up_enabled: true } } });
    expect(await timeUntil(readConfig, (answer) => answer.json?.config?.sign_up_enabled === true)).toBeLessThanOrEqual(STALENESS_MS);
  });

  it("counts rate-limited sign-in attempts made through both servers together", async () => {
    const email = `limited-${Date.now()}@example.com`;
    expect((await signUp(a.url, email)).status).toBe(200);
    const headers = { ...CLIENT_HEADERS, "x-forwarded-for": "10.200.0.1" };
    const attempt = (server: ServerProcess) =>
      callApi(server.url, "POST", "/auth/password/sign-in", { headers, body: { email, password: `not-${TEST_PASSWORD}` } });
    // Alternating servers: were each counting alone, each would have seen only half the attempts.
    let attempts = 0;
    let limitedBy: ServerProcess | undefined;
    while (attempts < 200 && !limitedBy) {
      const server = attempts % 2 === 0 ? a : b;
      const answer = await attempt(server);
      attempts += 1;
      if (answer.status === 429) limitedBy = server;
      else expect(answer.code).toBe("EMAIL_PASSWORD_MISMATCH");
    }
    expect(limitedBy, `no 429 within ${attempts} attempts`).toBeDefined();
    console.log(`two servers: first 429 after ${attempts} sign-in attempts alternating between A and B`);
    const other = limitedBy === a ? b : a;
    expect((await attempt(other)).status).toBe(429);
  });
});
