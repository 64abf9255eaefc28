/**
 * Two server processes on one PostgreSQL draining one webhook outbox (issue 10): changes made
 * through both, 200 events, each reaches the receiver exactly once, with no duplicate even
 * before de-duplication. PostgreSQL only: a PGlite database belongs to one process.
 */
import { createPostgresDatabase, startWebhookReceiver, testDbKind, type WebhookReceiver } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_HEADERS, callApi, SERVER_HEADERS } from "./internal-api";
import { startServerProcess, type ServerProcess } from "../harness/server-process";

const EVENTS = 200;
const CONCURRENCY = 10;

describe.skipIf(testDbKind() !== "postgres")("two server processes draining one webhook outbox", () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let a: ServerProcess;
  let b: ServerProcess;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const database = await createPostgresDatabase();
    cleanup.push(database.drop);
    const env = { PUBLIC_URL: "http://gatehouse.test", WEBHOOK_POLL_MS: "200" };
    a = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => a.kill("SIGTERM"));
    b = await startServerProcess({ databaseUrl: database.url, env });
    cleanup.push(() => b.kill("SIGTERM"));
  }, 180_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it(`sends each of ${EVENTS} events once`, async () => {
    const endpoint = await callApi(a.url, "POST", "/internal/webhooks/endpoints", { headers: ADMIN_HEADERS, body: { url: receiver.url, events: ["team.created"] } });
    expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(201);
    let next = 0;
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < EVENTS) {
          const i = next++;
          const through = i % 2 === 0 ? a : b;
          const created = await callApi(through.url, "POST", "/teams", { headers: SERVER_HEADERS, body: { display_name: `Drained ${i}` } });
          expect(created.status).toBe(201);
        }
      }),
    );
    await receiver.waitForCount(EVENTS, 60_000);
    await new Promise((resolve) => setTimeout(resolve, 2_000));

    const ids = receiver.received.map((r) => r.webhookId);
    console.log(`webhooks, two servers: ${ids.length} requests for ${EVENTS} events, ${new Set(ids).size} distinct ids`);
    expect(ids).toHaveLength(EVENTS);
    expect(new Set(ids).size).toBe(EVENTS);
    const names = receiver.processed(endpoint.json.secret).map((e) => e.data.display_name);
    expect(new Set(names)).toEqual(new Set(Array.from({ length: EVENTS }, (_, i) => `Drained ${i}`)));
  }, 180_000);
});
