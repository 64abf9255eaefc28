import { describe, expect, it, vi } from "vitest";
import { GatehouseNetworkError } from "./api-error";
import { createRetryingFetch, retryAfterMillis } from "./retrying-fetch";
import { jsonResponse } from "./test-helpers";

function recordingSleep() {
  const waits: number[] = [];
  return { waits, sleep: async (millis: number) => void waits.push(millis) };
}

describe("createRetryingFetch", () => {
  it("retries network failures 5 times with backoff from 1 s, then gives up with a network error", async () => {
    const { waits, sleep } = recordingSleep();
    const fetchImpl = vi.fn(async () => {
      throw new TypeError("fetch failed");
    });
    const retrying = createRetryingFetch(fetchImpl, { sleep });
    const failure = await retrying("http://api.test/x").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GatehouseNetworkError);
    expect((failure as GatehouseNetworkError).attempts).toBe(6);
    expect((failure as Error).message).toContain("http://api.test/x");
    expect(fetchImpl).toHaveBeenCalledTimes(6);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it("returns the first answer that arrives after network failures", async () => {
    const { waits, sleep } = recordingSleep();
    const fetchImpl = vi
      .fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>()
      .mockRejectedValueOnce(new TypeError("fetch failed"))
      .mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    const response = await createRetryingFetch(fetchImpl, { sleep })("http://api.test/x");
    expect(await response.json()).toEqual({ ok: true });
    expect(waits).toEqual([1000]);
  });

  it("waits for Retry-After on 429 and sends the request body again", async () => {
    const { waits, sleep } = recordingSleep();
    const bodies: string[] = [];
    const fetchImpl = vi.fn(async (input: RequestInfo | URL) => {
      bodies.push(await (input as Request).text());
      return bodies.length === 1 ? jsonResponse(429, {}, { "retry-after": "3" }) : jsonResponse(200, {});
    });
    const request = new Request("http://api.test/x", { method: "POST", body: "payload" });
    const response = await createRetryingFetch(fetchImpl, { sleep })(request);
    expect(response.status).toBe(200);
    expect(waits).toEqual([3000]);
    expect(bodies).toEqual(["payload", "payload"]);
  });

  it("hands back the 429 once its retries are spent", async () => {
    const { sleep } = recordingSleep();
    const fetchImpl = vi.fn(async () => jsonResponse(429, {}, { "retry-after": "1" }));
    const response = await createRetryingFetch(fetchImpl, { sleep, rateLimitRetries: 2 })("http://api.test/x");
    expect(response.status).toBe(429);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it("does not retry an aborted request", async () => {
    const { waits, sleep } = recordingSleep();
    const controller = new AbortController();
    controller.abort();
    const fetchImpl = vi.fn(async () => {
      throw new DOMException("aborted", "AbortError");
    });
    await expect(createRetryingFetch(fetchImpl, { sleep })("http://api.test/x", { signal: controller.signal })).rejects.toThrow("aborted");
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(waits).toEqual([]);
  });
});

describe("retryAfterMillis", () => {
  it("reads delta-seconds and HTTP dates", () => {
    const now = Date.parse("2025-01-01T00:00:00Z");
    expect(retryAfterMillis("2", now)).toBe(2000);
    expect(retryAfterMillis("Wed, 01 Jan 2025 00:00:05 GMT", now)).toBe(5000);
    expect(retryAfterMillis(null, now)).toBeNull();
    expect(retryAfterMillis("soon", now)).toBeNull();
  });
});
