import { startAiStandIn, startStripeStandIn, startServer, TEST_INTERNAL_KEYS, type AiStandIn, type TestServer, type StripeStandIn } from "../harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import fc from "fast-check";
import { describeStats, REFUSING_SMTP, runFuzz } from "../support/fuzz/fuzzer";
import { outsideRequest } from "../support/fuzz/outside-document";

/**
 * Short enough for CI on both databases, and one request at a time so a seed always gives the same
 * run; `npm run fuzz -- --requests 100000` is the long run, concurrent, where races show.
 */
const REQUESTS = 4000;
const OUTSIDE_REQUESTS = 600;
const METRICS_TOKEN = "fuzz-metrics-token-0123456789";

let server: TestServer;
// Stripe's API for the payments setup routes, and a model service for the AI routes: local
// stand-ins, so they reach their success paths.
let stripe: StripeStandIn;
let ai: AiStandIn;

beforeAll(async () => {
  stripe = await startStripeStandIn();
  ai = await startAiStandIn();
  server = await startServer({ env: { TRUST_PROXY: "true", ...stripe.env, ...ai.env, ...REFUSING_SMTP, METRICS_TOKEN } });
});

afterAll(async () => {
  await server?.close();
  await stripe?.close();
  await ai?.close();
});

describe("requests generated from the OpenAPI document", () => {
  it(
    "answer without 5xx, undocumented statuses, off-schema bodies or dropped connections, and mostly succeed",
    async () => {
      const stats = await runFuzz({ baseUrl: server.url, internal: TEST_INTERNAL_KEYS, requests: REQUESTS, concurrency: 1, seed: 9, requestsPerWorld: 400 });
      const report = describeStats(stats);
      expect(stats.failures, report).toEqual([]);
      expect(stats.dropped).toBe(0);
      const operations = Object.values(stats.byOperation);
      // Most operations reach their success path, not only validation. The Stripe-backed payment
      // routes, the analytics queries and the scheduler routes need set-up a random request lacks,
      // so more than half, not 60 % as before they came (121 of 211 with this seed).
      expect(operations.filter((o) => o.success > 0).length, report).toBeGreaterThan(operations.length * 0.55);
    },
    110_000,
  );
});

describe("hostile requests to the routes outside the document", () => {
  it("answer without 5xx or dropped connections, and /metrics never without its token", async () => {
    const failures: string[] = [];
    for (const request of fc.sample(outsideRequest, { numRuns: OUTSIDE_REQUESTS, seed: 9 })) {
      const label = `${request.method} ${request.path} ${JSON.stringify(request.headers).slice(0, 200)}`;
      try {
        const response = await fetch(`${server.url}${request.path}`, { method: request.method, headers: request.headers, redirect: "manual", signal: AbortSignal.timeout(10_000) });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push(`${label}: ${response.status}`);
        const metricsPath = new URL(request.path, server.url).pathname === "/metrics";
        if (metricsPath && response.status === 200 && request.headers.authorization !== `Bearer ${METRICS_TOKEN}`) failures.push(`${label}: metrics without the token`);
      } catch (error) {
        failures.push(`${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    expect(failures).toEqual([]);
  }, 60_000);
});
