import { describe, expect, it, vi } from "vitest";
import { GatehouseApiError } from "./api-error";
import { createSession, type SessionOptions } from "./session";
import { jsonResponse, fakeJwt, knownErrorResponse } from "./test-helpers";
import { createMemoryStorage } from "./token-store";

const NOW = 1_700_000_000_000;
const tokenExpiringIn = (seconds: number, tag = "a") => fakeJwt({ exp: NOW / 1000 + seconds, tag });

type Handler = (request: { url: string; init: RequestInit | undefined }) => Response | Promise<Response>;

function setup(handler: Handler, options: Partial<SessionOptions> = {}) {
  const calls: Array<{ url: string; init: RequestInit | undefined }> = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const call = { url: String(input), init };
    calls.push(call);
    return handler(call);
  });
  const storage = createMemoryStorage();
  const session = createSession({
    baseUrl: "http://api.test/api/v1",
    projectId: "proj",
    storage,
    fetch: fetchImpl,
    now: () => NOW,
    retry: { sleep: async () => {} },
    ...options,
  });
  return { session, storage, calls, fetchImpl };
}

const refreshed = (accessToken: string, refreshToken = "rt-1") =>
  jsonResponse(200, { access_token: accessToken, token_type: "Bearer", expires_in: 600, refresh_token: refreshToken, scope: "legacy" });

describe("session tokens", () => {
  it("hands out a stored access token that lives longer than 20 s without refreshing", async () => {
    const { session, fetchImpl } = setup(() => {
      throw new Error("no request expected");
    });
    const token = tokenExpiringIn(60);
    session.setTokens({ accessToken: token, refreshToken: "rt-1" });
    expect(await session.getAccessToken()).toBe(token);
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("refreshes through the OAuth token endpoint when the token expires within 20 s", async () => {
    const fresh = tokenExpiringIn(600, "fresh");
    const { session, calls } = setup(() => refreshed(fresh));
    session.setTokens({ accessToken: tokenExpiringIn(19), refreshToken: "rt-1" });

    expect(await session.getAccessToken()).toBe(fresh);
    expect(calls).toHaveLength(1);
    const [call] = calls;
    expect(call?.url).toBe("http://api.test/api/v1/auth/oauth/token");
    expect(call?.init?.method).toBe("POST");
    const headers = new Headers(call?.init?.headers);
    expect(headers.get("content-type")).toBe("application/x-www-form-urlencoded");
    expect([...headers.keys()].some((name) => name.startsWith("x-stack-"))).toBe(false);
    expect(Object.fromEntries(new URLSearchParams(String(call?.init?.body)))).toEqual({
      grant_type: "refresh_token",
      refresh_token: "rt-1",
      client_id: "proj",
      client_secret: "__stack_public_client__",
    });
    // The refreshed token is stored and reused.
    expect(await session.getAccessToken()).toBe(fresh);
    expect(calls).toHaveLength(1);
  });

  it("sends the publishable key as client secret and the branch in the client id", async () => {
    const { session, calls } = setup(() => refreshed(tokenExpiringIn(600)), { publishableClientKey: "pck_1", branchId: "dev" });
    session.setTokens({ accessToken: tokenExpiringIn(5), refreshToken: "rt-1" });
    await session.getAccessToken();
    const form = new URLSearchParams(String(calls[0]?.init?.body));
    expect(form.get("client_secret")).toBe("pck_1");
    expect(form.get("client_id")).toBe("proj#dev");
  });

  it("shares one refresh between concurrent callers", async () => {
    const fresh = tokenExpiringIn(600, "shared");
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { session, fetchImpl } = setup(async () => {
      await gate;
      return refreshed(fresh);
    });
    session.setTokens({ accessToken: tokenExpiringIn(1), refreshToken: "rt-1" });

    const results = Promise.all([session.getAccessToken(), session.getAccessToken(), session.getAccessToken()]);
    release();
    expect(await results).toEqual([fresh, fresh, fresh]);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("clears both tokens when the refresh token is unknown or expired", async () => {
    const { session, storage } = setup(() => knownErrorResponse(401, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"));
    const changes = vi.fn();
    session.subscribe(changes);
    session.setTokens({ accessToken: tokenExpiringIn(-10), refreshToken: "rt-gone" });

    expect(await session.getAccessToken()).toBeNull();
    expect(session.hasSession()).toBe(false);
    expect(storage.getItem("gatehouse:proj:access-token")).toBeNull();
    expect(storage.getItem("gatehouse:proj:refresh-token")).toBeNull();
    expect(changes).toHaveBeenCalledTimes(2);
  });

  it("keeps the tokens when a refresh fails for another reason", async () => {
    const { session } = setup(() => jsonResponse(500, { error: "boom" }));
    session.setTokens({ accessToken: tokenExpiringIn(-10), refreshToken: "rt-1" });
    await expect(session.getAccessToken()).rejects.toBeInstanceOf(GatehouseApiError);
    expect(session.hasSession()).toBe(true);
  });

  it("retries the refresh on 429 and network failures", async () => {
    const fresh = tokenExpiringIn(600);
    let attempt = 0;
    const { session } = setup(() => {
      attempt += 1;
      if (attempt === 1) throw new TypeError("fetch failed");
      if (attempt === 2) return jsonResponse(429, {}, { "retry-after": "1" });
      return refreshed(fresh);
    });
    session.setTokens({ accessToken: tokenExpiringIn(0), refreshToken: "rt-1" });
    expect(await session.getAccessToken()).toBe(fresh);
    expect(attempt).toBe(3);
  });

  it("refreshes after the server rejected the access token", async () => {
    const fresh = tokenExpiringIn(600, "after-reject");
    const { session, fetchImpl } = setup(() => refreshed(fresh));
    const rejected = tokenExpiringIn(300, "rejected");
    session.setTokens({ accessToken: rejected, refreshToken: "rt-1" });
    session.markAccessTokenExpired(rejected);
    expect(await session.getAccessToken()).toBe(fresh);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it("is signed out without a refresh token, and after clear()", async () => {
    const { session, fetchImpl } = setup(() => refreshed(tokenExpiringIn(600)));
    expect(await session.getAccessToken()).toBeNull();
    session.setTokens({ accessToken: tokenExpiringIn(600), refreshToken: "rt-1" });
    session.clear();
    expect(await session.getAccessToken()).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it("does not let a refresh that finishes after sign-out restore the session", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { session } = setup(async () => {
      await gate;
      return refreshed(tokenExpiringIn(600));
    });
    session.setTokens({ accessToken: tokenExpiringIn(0), refreshToken: "rt-1" });
    const pending = session.getAccessToken();
    session.clear();
    release();
    expect(await pending).toBeNull();
    expect(session.hasSession()).toBe(false);
  });
});
