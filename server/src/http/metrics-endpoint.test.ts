import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../testing/fixtures";
import { deliverDueWebhooks } from "../services/webhooks/delivery-worker";
import { testDbKind } from "../testing/test-db";
import { startWebhookReceiver } from "../testing/webhook-receiver";
import { createTestApp, type TestApp } from "../testing/test-server";

const TOKEN = "metrics-token-for-tests-0123456789";
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, RATE_LIMITS: "sign_in_per_email=2/3600" } });
  project = await createProjectFixture(t);
});
afterAll(async () => {
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await t.request("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("text/plain; version=0.0.4");
  return res.text();
}

/** The value of the sample `name{labels}` (labels in any order), or 0 when it is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  for (const line of text.split("\n")) {
    const match = /^([a-z_]+)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? "").matchAll(/([a-z_]+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return 0;
}

describe("/metrics", () => {
  it("is refused without the token or with another, in the same way", async () => {
    for (const authorization of [undefined, "Bearer wrong-token", `Bearer ${TOKEN}x`, TOKEN]) {
      const res = await t.request("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain("Bearer");
      expect(await res.text()).not.toContain("gatehouse_");
    }
  });

  it("is not served at all when METRICS_TOKEN is not set", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.request("/metrics")).status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("counts requests by operation and status, never by raw path", async () => {
    const before = await scrape();
    const creds = { ...project.client, accessToken: project.user.accessToken };
    for (let i = 0; i < 3; i++) expect((await call(t, "GET", "/users/me", { creds })).status).toBe(200);
    for (const path of ["/no-such-route-1", "/no-such-route-2"]) expect((await callUntyped(t, "GET", path)).status).toBe(404);
    const after = await scrape();
    const labels = { operation: "getCurrentUser", method: "GET", status: "200" };
    expect(sample(after, "gatehouse_http_requests_total", labels) - sample(before, "gatehouse_http_requests_total", labels)).toBe(3);
    expect(sample(after, "gatehouse_http_request_duration_seconds_count", labels)).toBe(sample(after, "gatehouse_http_requests_total", labels));
    expect(sample(after, "gatehouse_http_request_duration_seconds_bucket", { ...labels, le: "+Inf" })).toBe(sample(after, "gatehouse_http_requests_total", labels));
    expect(after).not.toContain("no-such-route");
    expect(sample(after, "gatehouse_http_requests_total", { operation: "GET /api/v1/*", status: "404" })).toBeGreaterThanOrEqual(2);
  });

  it("counts sign-ins by method and outcome, and rate-limit refusals by rule", async () => {
    const user = await signUpUser(t, project.client);
    const signIn = (password: string) =>
      call(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password } });
    const before = await scrape();
    expect((await signIn(user.password)).status).toBe(200);
    expect((await signIn("not the password")).status).toBe(400);
    expect((await signIn(user.password)).status).toBe(429);
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) => sample(after, name, labels) - sample(before, name, labels);
    expect(moved("gatehouse_sign_ins_total", { method: "password", outcome: "success", code: "" })).toBe(1);
    expect(moved("gatehouse_sign_ins_total", { method: "password", outcome: "failure", code: "EMAIL_PASSWORD_MISMATCH" })).toBe(1);
    expect(moved("gatehouse_sign_ins_total", { method: "password", outcome: "failure", code: "RATE_LIMITED" })).toBe(1);
    expect(moved("gatehouse_rate_limit_refusals_total", { rule: "signInPerEmail" })).toBe(1);
  });

  it("reports the database pool and the outbox and webhook backlogs", async () => {
    const text = await scrape();
    const database = testDbKind();
    expect(sample(text, "gatehouse_db_pool_max_connections", { database })).toBe(database === "pglite" ? 1 : 5);
    expect(sample(text, "gatehouse_db_pool_open_connections", { database })).toBeGreaterThanOrEqual(1);
    if (database === "postgres") expect(sample(text, "gatehouse_db_pool_acquired_total", { database })).toBeGreaterThan(0);
    for (const queue of ["email_outbox", "webhooks"]) {
      expect(text).toMatch(new RegExp(`^gatehouse_queue_due\\{queue="${queue}"\\} \\d+$`, "m"));
      expect(text).toMatch(new RegExp(`^gatehouse_queue_oldest_due_age_seconds\\{queue="${queue}"\\} [\\d.e-]+$`, "m"));
    }
  });

  it("sees a webhook delivery wait in the backlog, and leave it once delivered", async () => {
    const receiver = await startWebhookReceiver();
    try {
      const endpoint = await callUntyped(t, "POST", "/internal/webhooks/endpoints", { creds: project.admin, body: { url: receiver.url, description: "metrics", events: ["user.created"] } });
      expect(endpoint.status).toBe(201);
      expect(sample(await scrape(), "gatehouse_queue_due", { queue: "webhooks" })).toBe(0);
      // No worker runs in this app: the delivery stays due until one pass is made below.
      await signUpUser(t, project.client);
      const waiting = await scrape();
      expect(sample(waiting, "gatehouse_queue_due", { queue: "webhooks" })).toBe(1);
      expect(sample(waiting, "gatehouse_queue_oldest_due_age_seconds", { queue: "webhooks" })).toBeGreaterThanOrEqual(0);
      await deliverDueWebhooks(t.deps, { timeoutMs: 2_000, retryDelaysMs: [0] });
      expect(receiver.received).toHaveLength(1);
      const drained = await scrape();
      expect(sample(drained, "gatehouse_queue_due", { queue: "webhooks" })).toBe(0);
      expect(sample(drained, "gatehouse_queue_oldest_due_age_seconds", { queue: "webhooks" })).toBe(0);
    } finally {
      await receiver.close();
    }
  });
});
