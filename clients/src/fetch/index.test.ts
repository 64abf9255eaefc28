import { describe, expect, it, vi } from "vitest";
import { createSession } from "../session";
import { fakeJwt, jsonResponse, knownErrorResponse } from "../session/test-helpers";
import { createMemoryStorage } from "../session/token-store";
import { createGatehouseClient } from "./index";

function recordingFetch(handler: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  });
  return { requests, fetchImpl };
}

const user = { id: "u1", primary_email: "a@example.com" };

describe("createGatehouseClient", () => {
  it("sends the x-stack-* headers of its access level under the API base", async () => {
    const { requests, fetchImpl } = recordingFetch(() => jsonResponse(200, user));
    const client = createGatehouseClient({
      baseUrl: "http://api.test",
      projectId: "proj",
      accessType: "server",
      secretServerKey: "ssk",
      accessToken: "token-1",
      fetch: fetchImpl,
    });
    const { data } = await client.GET("/users/me");
    expect(data).toEqual(user);
    const [request] = requests;
    expect(request?.url).toBe("http://api.test/api/v1/users/me");
    expect(request?.headers.get("x-stack-project-id")).toBe("proj");
    expect(request?.headers.get("x-stack-access-type")).toBe("server");
    expect(request?.headers.get("x-stack-secret-server-key")).toBe("ssk");
    expect(request?.headers.get("x-stack-access-token")).toBe("token-1");
  });

  it("returns known errors as data-less results with the error body", async () => {
    const { fetchImpl } = recordingFetch(() => knownErrorResponse(400, "EMAIL_PASSWORD_MISMATCH"));
    const client = createGatehouseClient({ baseUrl: "http://api.test/api/v1", projectId: "proj", fetch: fetchImpl });
    const result = await client.POST("/auth/password/sign-in", { body: { email: "a@example.com", password: "x" } });
    expect(result.data).toBeUndefined();
    expect(result.error).toMatchObject({ code: "EMAIL_PASSWORD_MISMATCH" });
    expect(result.response.status).toBe(400);
  });

  it("sends no x-stack-* headers to the token endpoint", async () => {
    const { requests, fetchImpl } = recordingFetch(() => jsonResponse(200, {}));
    const client = createGatehouseClient({ baseUrl: "http://api.test", projectId: "proj", accessToken: "t", fetch: fetchImpl });
    await client.POST("/auth/oauth/token", {
      body: { grant_type: "refresh_token", refresh_token: "r", client_id: "proj", client_secret: "__stack_public_client__" },
      bodySerializer: (body) => new URLSearchParams(body as Record<string, string>).toString(),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect([...(requests[0]?.headers.keys() ?? [])].filter((name) => name.startsWith("x-stack-"))).toEqual([]);
  });

  it("takes the token from a session and resends once with a fresh one when it expired", async () => {
    const now = Date.now();
    const stale = fakeJwt({ exp: Math.floor(now / 1000) + 300, tag: "stale" });
    const fresh = fakeJwt({ exp: Math.floor(now / 1000) + 600, tag: "fresh" });
    const { requests, fetchImpl } = recordingFetch(async (request) => {
      if (request.url.endsWith("/auth/oauth/token")) {
        return jsonResponse(200, { access_token: fresh, refresh_token: "rt", token_type: "Bearer", expires_in: 600, scope: "legacy" });
      }
      const token = request.headers.get("x-stack-access-token");
      return token === fresh ? jsonResponse(200, user) : knownErrorResponse(401, "ACCESS_TOKEN_EXPIRED");
    });
    const session = createSession({ baseUrl: "http://api.test", projectId: "proj", storage: createMemoryStorage(), fetch: fetchImpl });
    session.setTokens({ accessToken: stale, refreshToken: "rt" });
    const client = createGatehouseClient({ baseUrl: "http://api.test", projectId: "proj", session, fetch: fetchImpl });

    const { data } = await client.PATCH("/users/me", { body: { display_name: "Ada" } });
    expect(data).toEqual(user);
    expect(requests.map((request) => new URL(request.url).pathname)).toEqual([
      "/api/v1/users/me",
      "/api/v1/auth/oauth/token",
      "/api/v1/users/me",
    ]);
    expect(await requests[2]?.text()).toBe(JSON.stringify({ display_name: "Ada" }));
  });
});
