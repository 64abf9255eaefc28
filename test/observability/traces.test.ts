/**
 * A server process with OTEL_EXPORTER_OTLP_ENDPOINT set sends its spans to a receiver on
 * loopback: one server span per request, a child of the caller's traceparent, with the route,
 * project and status; SQL spans under it; the outbound call to the AI model's service as a
 * client span under it, whose traceparent reaches that service; calls to Stripe likewise.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startAiStandIn, startStripeStandIn, type AiStandIn, type StripeStandIn } from "../harness";
import { freshProcessDatabase, PROCESS_KEYS, startServerProcess, type ServerProcess } from "../harness/server-process";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "./otlp-receiver";

const SERVER = 2;
const CLIENT = 3;

const cleanup: Array<() => Promise<unknown>> = [];
let receiver: OtlpReceiver;
let model: AiStandIn;
let stripe: StripeStandIn;
let server: ServerProcess;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  cleanup.push(() => receiver.close());
  model = await startAiStandIn();
  cleanup.push(() => model.close());
  stripe = await startStripeStandIn();
  cleanup.push(() => stripe.close());
  const database = await freshProcessDatabase("traces", cleanup);
  server = await startServerProcess({
    ...database,
    env: { ...model.env, ...stripe.env, OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SERVICE_NAME: "gatehouse-under-test", OTEL_BSP_SCHEDULE_DELAY: "100" },
  });
  cleanup.push(() => server.kill("SIGTERM"));
});
afterAll(async () => {
  for (const step of cleanup.reverse()) await step().catch(() => undefined);
});

const internalAdmin = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": PROCESS_KEYS.superSecretAdminKey,
};

describe("OpenTelemetry traces over OTLP", () => {
  it("sends a server span per request under the caller's traceparent, with SQL and outbound HTTP spans beneath it", async () => {
    const traceId = randomBytes(16).toString("hex");
    const callerSpanId = randomBytes(8).toString("hex");
    const res = await fetch(`${server.url}/api/v1/ai/query/generate`, {
      method: "POST",
      headers: { ...internalAdmin, "content-type": "application/json", traceparent: `00-${traceId}-${callerSpanId}-01` },
      body: JSON.stringify({ quality: "smart", speed: "fast", tools: [], systemPrompt: "command-center-ask-ai", messages: [{ role: "user", content: "hello" }] }),
    });
    expect(res.status, await res.clone().text()).toBe(200);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    await expect.poll(() => inTrace().some((span) => span.kind === SERVER)).toBe(true);
    const request = inTrace().find((span) => span.kind === SERVER)!;
    expect(request).toMatchObject({
      parentSpanId: callerSpanId,
      name: "POST /api/v1/ai/query/:mode",
      serviceName: "gatehouse-under-test",
      attributes: expect.objectContaining({
        "http.request.method": "POST",
        "http.route": "/api/v1/ai/query/:mode",
        "http.response.status_code": 200,
        "gatehouse.project_id": "internal",
        "gatehouse.request_id": res.headers.get("x-stack-request-id"),
      }),
    });

    // Descendants of the request span: SQL (the project and key lookups) and the call to the model.
    await expect.poll(() => inTrace().some((span) => span.kind === CLIENT && "url.full" in span.attributes)).toBe(true);
    const byId = new Map(inTrace().map((span) => [span.spanId, span]));
    const under = (span: ReceivedSpan): boolean => span.parentSpanId === request.spanId || (byId.has(span.parentSpanId) && under(byId.get(span.parentSpanId)!));
    const sql = inTrace().filter((span) => span.attributes["db.system.name"] === "postgresql");
    expect(sql.length).toBeGreaterThan(0);
    for (const span of sql) {
      expect(under(span)).toBe(true);
      expect(span.kind).toBe(CLIENT);
      expect(span.attributes["db.query.text"]).toMatch(/^\s*(\/\*.*?\*\/\s*)?[A-Za-z]+/);
    }
    const outbound = inTrace().find((span) => span.kind === CLIENT && String(span.attributes["url.full"]).startsWith(model.url))!;
    expect(under(outbound)).toBe(true);
    expect(outbound.attributes["http.response.status_code"]).toBe(200);
    // The model's service was told the trace, with the outbound span as parent.
    expect(model.requests.at(-1)!.headers.traceparent).toBe(`00-${traceId}-${outbound.spanId}-01`);
  });

  it("starts a trace of its own for a request without traceparent, and names routes by pattern, not path", async () => {
    const res = await fetch(`${server.url}/api/v1/users/${crypto.randomUUID()}`, { headers: internalAdmin });
    expect(res.status).toBe(404);
    const id = res.headers.get("x-stack-request-id");
    await expect.poll(() => receiver.spans.some((span) => span.attributes["gatehouse.request_id"] === id)).toBe(true);
    const span = receiver.spans.find((s) => s.attributes["gatehouse.request_id"] === id)!;
    expect(span).toMatchObject({ parentSpanId: "", name: "GET /api/v1/users/:user_id", attributes: expect.objectContaining({ "http.response.status_code": 404 }) });
  });

  it("traces each call to Stripe's API as a client span under the request that made it", async () => {
    const traceId = randomBytes(16).toString("hex");
    const res = await fetch(`${server.url}/api/v1/internal/payments/setup`, {
      method: "POST",
      headers: { ...internalAdmin, "content-type": "application/json", traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
      body: "{}",
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(stripe.requests.length).toBeGreaterThan(0);

    const inTrace = () => receiver.spans.filter((span) => span.traceId === traceId);
    const toStripe = () => inTrace().filter((span) => span.kind === CLIENT && String(span.attributes["url.full"]).startsWith(stripe.url));
    await expect.poll(() => toStripe().length).toBe(stripe.requests.length);
    const request = inTrace().find((span) => span.kind === SERVER)!;
    expect(request.name).toBe("POST /api/v1/internal/payments/setup");
    for (const span of toStripe()) {
      expect(span.parentSpanId).toBe(request.spanId);
      expect(span.attributes["http.response.status_code"]).toBe(200);
    }
    expect(toStripe().map((span) => new URL(String(span.attributes["url.full"])).pathname)).toEqual(stripe.requests.map((r) => r.path));
  });
});
