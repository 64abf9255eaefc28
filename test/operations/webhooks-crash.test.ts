/**
 * kill -9 while a webhook is in flight (issue 10): a user update commits, the worker sends its
 * user.updated, and the server dies before the receiver answers. After a restart on the same
 * database the event is delivered again with the same webhook-id, so a receiver that
 * de-duplicates by it processes it exactly once, and nothing is sent after it was accepted.
 * Runs on PGlite and, in the PostgreSQL pass, on a database of its own.
 */
import { startWebhookReceiver, testDbKind, type WebhookReceiver } from "../harness";
import { afterAll, describe, expect, it } from "vitest";
import { ADMIN_HEADERS, callApi, SERVER_HEADERS, signUp } from "./internal-api";
import { freshProcessDatabase, startServerProcess, type ServerProcess } from "../harness/server-process";

/** A try may take 1 s, so a claim lasts 7 s (delivery-worker.ts leaseFor). */
const WEBHOOK_ENV = { WEBHOOK_TIMEOUT_MS: "1000", WEBHOOK_POLL_MS: "200" };

describe(`kill -9 with a webhook in flight (${testDbKind()})`, () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  let receiver: WebhookReceiver;
  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
  });

  it("delivers the event after the restart, exactly once to a receiver that de-duplicates by webhook-id", async () => {
    receiver = await startWebhookReceiver();
    cleanup.push(() => receiver.close());
    const database = await freshProcessDatabase("webhook-crash", cleanup);
    let server: ServerProcess = await startServerProcess({ ...database, env: WEBHOOK_ENV });
    cleanup.push(() => server.kill("SIGKILL"));

    const endpoint = await callApi(server.url, "POST", "/internal/webhooks/endpoints", { headers: ADMIN_HEADERS, body: { url: receiver.url, events: ["user.updated"] } });
    expect(endpoint.status, JSON.stringify(endpoint.json)).toBe(201);
    const user = await signUp(server.url, `webhook-crash-${Date.now()}@example.com`);
    expect(user.status).toBe(200);

    receiver.answer = () => "hang";
    const updated = await callApi(server.url, "PATCH", `/users/${user.json.user_id}`, { headers: SERVER_HEADERS, body: { display_name: "Survives the crash" } });
    expect(updated.status).toBe(200);
    await receiver.waitForCount(1);
    expect((await server.kill("SIGKILL")).signal).toBe("SIGKILL");

    receiver.answer = () => 200;
    server = await startServerProcess({ ...database, env: WEBHOOK_ENV });
    await receiver.waitForCount(2, 30_000);
    // Well past another claim's length: nothing more arrives for a delivery that was accepted.
    await new Promise((resolve) => setTimeout(resolve, 8_000));

    const ids = receiver.received.map((r) => r.webhookId);
    console.log(`webhook crash: ${ids.length} requests for one event, ids ${[...new Set(ids)].join(", ")}`);
    expect(ids).toHaveLength(2);
    expect(new Set(ids).size).toBe(1);
    const processed = receiver.processed(endpoint.json.secret);
    expect(processed).toHaveLength(1);
    expect(processed[0]).toMatchObject({ type: "user.updated", data: { id: user.json.user_id, display_name: "Survives the crash" } });
    const log = await callApi(server.url, "GET", "/internal/webhooks/deliveries", { headers: ADMIN_HEADERS });
    expect(log.json.items).toHaveLength(1);
    expect(log.json.items[0]).toMatchObject({ status: "delivered", attempts: 2, last_status_code: 200 });
    // The try cut off by the kill was never recorded; the one after the restart was.
    expect(log.json.items[0].tries.map((t: { attempt: number; status_code: number }) => [t.attempt, t.status_code])).toEqual([[2, 200]]);
  }, 180_000);
});
