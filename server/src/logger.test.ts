import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createConsoleLogger, defaultLogFormat } from "./logger";
import { createTestApp, type TestApp } from "./testing/test-server";

/** A destination that keeps every line written to it. */
function collector() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

let t: TestApp;
const written = collector();

beforeAll(async () => {
  t = await createTestApp({ env: { LOG_REQUESTS: "true" } });
  (t.deps as { log: unknown }).log = createConsoleLogger({}, { destination: written.stream });
  // A line written by code that is handed nothing of the request, after an await.
  t.app.get("/logs-deep-inside", async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 5));
    c.var.deps.log.warn("written deep inside", { detail: 1 });
    return c.text("ok");
  });
  t.app.get("/fails-unexpectedly", () => {
    throw new Error("boom");
  });
});
afterAll(async () => {
  await t?.close();
});

const parsed = () => written.lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe("request ids in answers and logs", () => {
  it("stamps every line written while handling a request with its id, which the answer carries", async () => {
    const res = await t.request("/logs-deep-inside");
    const id = res.headers.get("x-stack-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    // Under Stack's name only: an unprefixed copy would be a header Stack Auth's API does not send.
    expect(res.headers.get("x-request-id")).toBeNull();
    const lines = parsed().filter((line) => line.request_id === id);
    expect(lines.map((line) => line.message)).toEqual(["written deep inside", "request"]);
    expect(lines[0]).toMatchObject({ level: "warn", detail: 1 });
    expect(typeof lines[0]!.time).toBe("string");
  });

  it("keeps a sane incoming x-request-id and replaces one that is not", async () => {
    const kept = await t.request("/health/live", { headers: { "x-request-id": "lb-7f3a9c21.0042" } });
    expect(kept.headers.get("x-stack-request-id")).toBe("lb-7f3a9c21.0042");
    expect(parsed().some((line) => line.request_id === "lb-7f3a9c21.0042" && line.message === "request")).toBe(true);
    for (const bad of ["short", "has spaces in it", "x".repeat(200), "inject\u0007bell-char"]) {
      const res = await t.request("/health/live", { headers: { "x-request-id": bad } });
      expect(res.headers.get("x-stack-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("names the request id in a 500's body and in the line that logs the error", async () => {
    const res = await t.request("/fails-unexpectedly", { headers: { "x-request-id": "trace-me-please-1" } });
    expect(res.status).toBe(500);
    expect(((await res.json()) as { error: string }).error).toContain("trace-me-please-1");
    expect(parsed().find((line) => line.message === "Unhandled error")).toMatchObject({ request_id: "trace-me-please-1", level: "error" });
  });

  it("writes no request id outside a request", () => {
    const own = collector();
    createConsoleLogger({}, { destination: own.stream }).info("started");
    expect(JSON.parse(own.lines[0]!)).not.toHaveProperty("request_id");
  });
});

describe("log formats", () => {
  it("writes readable lines with pino-pretty, and picks them on a terminal in development only", () => {
    const own = collector();
    createConsoleLogger({}, { format: "pretty", destination: own.stream }).info("Gatehouse is listening", { url: "http://localhost:8102" });
    expect(own.lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: Gatehouse is listening$/);
    expect(own.lines.join("\n")).toContain('url: "http://localhost:8102"');
    expect(defaultLogFormat("development", true)).toBe("pretty");
    expect(defaultLogFormat("development", false)).toBe("json");
    expect(defaultLogFormat("production", true)).toBe("json");
  });
});
