import { afterEach, describe, expect, it, vi } from "vitest";
import { configureDefaultSession, GatehouseApiError } from "../session";
import { fakeJwt, jsonResponse, knownErrorResponse } from "../session/test-helpers";
import { createMemoryStorage } from "../session/token-store";
import { adminRequest } from "../react/admin/admin-access";
import { createTeam } from "./generated/teams";
import { gatehouseFetch } from "./mutator";

function useFakeServer(handler: (request: Request) => Response | Promise<Response>) {
  const requests: Request[] = [];
  const fetchImpl = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    requests.push(request.clone());
    return handler(request);
  });
  const session = configureDefaultSession({ baseUrl: "http://api.test", projectId: "proj", storage: createMemoryStorage(), fetch: fetchImpl });
  return { requests, session };
}

afterEach(() => {
  configureDefaultSession({ storage: createMemoryStorage() });
});

describe("gatehouseFetch", () => {
  it("calls the API base with client access, the project and the session's token", async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600 });
    const { requests, session } = useFakeServer(() => jsonResponse(200, { id: "u1" }));
    session.setTokens({ accessToken: token, refreshToken: "rt" });

    expect(await gatehouseFetch("/users/me", { method: "GET" })).toEqual({ id: "u1" });
    const [request] = requests;
    expect(request?.url).toBe("http://api.test/api/v1/users/me");
    expect(request?.headers.get("x-stack-project-id")).toBe("proj");
    expect(request?.headers.get("x-stack-access-type")).toBe("client");
    expect(request?.headers.get("x-stack-access-token")).toBe(token);
  });

  it("sends no token when signed out", async () => {
    const { requests } = useFakeServer(() => jsonResponse(200, { ok: true }));
    await gatehouseFetch("/projects/current", { method: "GET" });
    expect(requests[0]?.headers.has("x-stack-access-token")).toBe(false);
  });

  it("throws the known error with its code and details", async () => {
    useFakeServer(() => knownErrorResponse(400, "PASSWORD_TOO_SHORT", { min_length: 8 }));
    const error = await gatehouseFetch("/auth/password/sign-up", { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatehouseApiError);
    expect(error).toMatchObject({ status: 400, code: "PASSWORD_TOO_SHORT", details: { min_length: 8 }, message: "PASSWORD_TOO_SHORT happened" });
  });

  it("throws a code-less error for answers without a known-error body", async () => {
    useFakeServer(() => jsonResponse(500, { error: "Something went wrong on our side." }));
    const error = await gatehouseFetch("/users/me", { method: "GET" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, code: null, message: "Something went wrong on our side." });
  });

  it("refreshes and retries once when the server says the token expired", async () => {
    const now = Math.floor(Date.now() / 1000);
    const stale = fakeJwt({ exp: now + 300, tag: "stale" });
    const fresh = fakeJwt({ exp: now + 600, tag: "fresh" });
    const { requests, session } = useFakeServer((request) => {
      if (request.url.endsWith("/auth/oauth/token")) {
        return jsonResponse(200, { access_token: fresh, refresh_token: "rt", token_type: "Bearer", expires_in: 600, scope: "legacy" });
      }
      return request.headers.get("x-stack-access-token") === fresh ? jsonResponse(200, { id: "u1" }) : knownErrorResponse(401, "ACCESS_TOKEN_EXPIRED");
    });
    session.setTokens({ accessToken: stale, refreshToken: "rt" });

    expect(await gatehouseFetch("/users/me", { method: "GET" })).toEqual({ id: "u1" });
    expect(requests).toHaveLength(3);
  });
});

describe("gatehouseFetch with admin access to another project", () => {
  it("sends the internal session's token as the admin access token, and no user token or publishable key", async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600 });
    const { requests, session } = useFakeServer(() => jsonResponse(200, { items: [] }));
    session.setTokens({ accessToken: token, refreshToken: "rt" });
    await gatehouseFetch("/users", { method: "GET", headers: { "x-stack-project-id": "other-project", "x-stack-access-type": "admin" } });
    const [request] = requests;
    expect(request?.headers.get("x-stack-project-id")).toBe("other-project");
    expect(request?.headers.get("x-stack-access-type")).toBe("admin");
    expect(request?.headers.get("x-stack-admin-access-token")).toBe(token);
    expect(request?.headers.has("x-stack-access-token")).toBe(false);
    expect(request?.headers.has("x-stack-publishable-client-key")).toBe(false);
  });

  // Regression: generated calls with a JSON body spread the headers, which lost those of a `Headers` object.
  it("keeps the project and access type of adminRequest on a generated call with a JSON body", async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600 });
    const { requests, session } = useFakeServer(() => jsonResponse(201, { id: "t1" }));
    session.setTokens({ accessToken: token, refreshToken: "rt" });
    await createTeam({ display_name: "Crew" }, adminRequest("other-project"));
    const [request] = requests;
    expect(request?.headers.get("content-type")).toBe("application/json");
    expect(request?.headers.get("x-stack-project-id")).toBe("other-project");
    expect(request?.headers.get("x-stack-access-type")).toBe("admin");
    expect(request?.headers.get("x-stack-admin-access-token")).toBe(token);
  });

  it("refreshes and retries once when the admin token expired", async () => {
    const stale = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600, n: 1 });
    const fresh = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 600, n: 2 });
    let calls = 0;
    const { requests, session } = useFakeServer((request) => {
      if (request.url.endsWith("/auth/oauth/token")) return jsonResponse(200, { access_token: fresh, refresh_token: "rt" });
      calls += 1;
      return calls === 1 ? knownErrorResponse(401, "ADMIN_ACCESS_TOKEN_EXPIRED") : jsonResponse(200, { ok: true });
    });
    session.setTokens({ accessToken: stale, refreshToken: "rt" });
    expect(await gatehouseFetch("/users", { method: "GET", headers: { "x-stack-project-id": "p", "x-stack-access-type": "admin" } })).toEqual({ ok: true });
    const adminTokens = requests.filter((r) => r.url.endsWith("/users")).map((r) => r.headers.get("x-stack-admin-access-token"));
    expect(adminTokens).toEqual([stale, fresh]);
  });
});
