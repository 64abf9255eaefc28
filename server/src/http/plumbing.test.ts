import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../testing/fixtures";
import { useSharedTestApp } from "../testing/shared-app";
import type { TestApp } from "../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

describe("request plumbing", () => {
  it("answers CORS preflights with 200 and every SDK header allowed under both prefixes", async () => {
    const res = await t.request("/api/v1/users/me", {
      method: "OPTIONS",
      headers: { origin: "https://app.example.com", "access-control-request-method": "PATCH", "access-control-request-headers": "x-hexclave-access-token" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = res.headers.get("access-control-allow-headers")!.split(", ");
    for (const header of ["x-stack-project-id", "x-hexclave-project-id", "x-stack-random-nonce", "x-hexclave-allow-anonymous-user", "content-type"]) {
      expect(allowed).toContain(header);
    }
    expect(res.headers.get("access-control-allow-methods")).toContain("PATCH");
  });

  it("marks every API answer uncacheable, exposes error headers and gives each a request id", async () => {
    const a = await call(t, "GET", "/projects/current", { creds: project.client });
    const b = await call(t, "GET", "/projects/current", { creds: { ...project.client, publishableKey: "wrong" } });
    for (const res of [a, b]) {
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("access-control-expose-headers")).toContain("x-stack-known-error");
      expect(res.headers.get("x-stack-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(a.headers.get("x-stack-request-id")).not.toBe(b.headers.get("x-stack-request-id"));
  });

  it("renders known errors as {code, error, details} with the known-error header in the request's dialect", async () => {
    const res = await call(t, "GET", "/projects/current", { creds: { ...project.client, publishableKey: "wrong" } });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ code: "INVALID_PUBLISHABLE_CLIENT_KEY", error: expect.any(String), details: { project_id: project.projectId } });
    expect(res.headers.get("x-stack-known-error")).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
    expect(res.headers.get("x-hexclave-known-error")).toBeNull();
    const hexclave = await call(t, "GET", "/projects/current", { creds: { ...project.client, publishableKey: "wrong", prefix: "x-hexclave-" } });
    expect(hexclave.headers.get("x-hexclave-known-error")).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
    expect(hexclave.headers.get("x-stack-known-error")).toBeNull();
    // Neither prefix (a browser, curl): both, so any client finds its own.
    const plain = await t.request("/api/v1/no-such-route");
    expect([plain.headers.get("x-stack-known-error"), plain.headers.get("x-hexclave-known-error")]).toEqual(["ROUTE_NOT_FOUND", "ROUTE_NOT_FOUND"]);
  });

  it("answers 4xx as 200 with the real status in actual-status when asked to", async () => {
    const res = await call(t, "GET", "/projects/current", { creds: { ...project.client, publishableKey: "wrong", overrideErrorStatus: true } });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-stack-actual-status")).toBe("401");
    const hexclave = await call(t, "GET", "/projects/current", { creds: { ...project.client, publishableKey: "wrong", overrideErrorStatus: true, prefix: "x-hexclave-" } });
    expect(hexclave.headers.get("x-hexclave-actual-status")).toBe("401");
    expect(res.json.code).toBe("INVALID_PUBLISHABLE_CLIENT_KEY");
    const ok = await call(t, "GET", "/projects/current", { creds: { ...project.client, overrideErrorStatus: true } });
    expect(ok.headers.get("x-stack-actual-status")).toBeNull();
  });

  it("answers INSUFFICIENT_ACCESS_TYPE with the actual and allowed types", async () => {
    const res = await call(t, "GET", "/internal/projects/current", { creds: project.server });
    expect(res.status).toBe(401);
    expect(res.json.details).toEqual({ actual_access_type: "server", allowed_access_types: ["admin"] });
  });

  it("takes a project owner's admin access token for client, server and admin access, as Stack Auth does", async () => {
    const asOwner = (accessType: "client" | "server" | "admin") => ({ projectId: project.projectId, accessType, adminAccessToken: project.owner.accessToken });
    const created = await call(t, "POST", "/users", { creds: asOwner("server"), body: { primary_email: "made-by-owner@example.com" } });
    expect(created.status).toBe(201);
    expect((await call(t, "GET", "/users", { creds: asOwner("server") })).status).toBe(200);
    expect((await call(t, "GET", "/projects/current", { creds: asOwner("client") })).status).toBe(200);
    expect((await call(t, "GET", "/internal/projects/current", { creds: asOwner("admin") })).status).toBe(200);
    // The token is the credential: a wrong key beside it changes nothing, a stranger's token is refused.
    expect((await call(t, "GET", "/users", { creds: { ...asOwner("server"), secretKey: "ssk_wrong" } })).status).toBe(200);
    const stranger = await call(t, "GET", "/users", { creds: { ...asOwner("server"), adminAccessToken: project.user.accessToken } });
    expect(stranger.json.code).toBe("INVALID_PROJECT_FOR_ADMIN_ACCESS_TOKEN");
  });

  it("serves the API under /api/latest as under /api/v1, as Stack Auth does", async () => {
    const latest = await t.request("/api/latest/projects/current", { headers: { "x-stack-project-id": project.projectId, "x-stack-access-type": "client" } });
    expect(latest.status).toBe(200);
    expect(((await latest.json()) as { id: string }).id).toBe(project.projectId);
    const missing = await t.request("/api/latest/no-such-route");
    expect(((await missing.json()) as { code: string }).code).toBe("ROUTE_NOT_FOUND");
  });

  it("greets at /api/v1, naming who the headers resolve to and refusing wrong ones", async () => {
    expect(await (await t.request("/api/v1")).text()).toMatch(/Authentication: none/);
    const asUser = await t.request("/api/v1", {
      headers: { "x-stack-project-id": project.projectId, "x-stack-access-type": "client", "x-stack-access-token": project.user.accessToken },
    });
    expect(await asUser.text()).toMatch(new RegExp(`client access\n  Project: ${project.projectId}\n  User: ${project.user.email}`));
    const wrongKey = await t.request("/api/v1", { headers: { "x-stack-project-id": project.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": "nope" } });
    expect(wrongKey.headers.get("x-stack-known-error")).toBe("INVALID_SECRET_SERVER_KEY");
    expect(((await (await t.request("/api/v1?extra=1")).json()) as { code: string }).code).toBe("SCHEMA_ERROR");
    const slashed = await t.request("/api/v1/", { headers: { "x-stack-project-id": project.projectId, "x-stack-access-type": "client", "x-stack-access-token": project.user.accessToken } });
    expect(slashed.status).toBe(200);
    expect(await slashed.text()).toMatch(new RegExp(`User: ${project.user.email}`));
  });

  it("requires the publishable key only from projects that demand it", async () => {
    const res = await call(t, "GET", "/projects/current", { creds: { projectId: project.projectId, accessType: "client" } });
    expect(res.status).toBe(200);
  });

  it("answers BRANCH_DOES_NOT_EXIST for an unknown branch", async () => {
    const res = await call(t, "GET", "/projects/current", { creds: project.client, headers: { "x-stack-branch-id": "feature" } });
    expect(res.json).toMatchObject({ code: "BRANCH_DOES_NOT_EXIST", details: { branch_id: "feature" } });
  });

  it("turns malformed JSON into BODY_PARSING_ERROR", async () => {
    const res = await callUntyped(t, "POST", "/auth/password/sign-in", { creds: project.client, body: "{not json" });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("BODY_PARSING_ERROR");
  });

  it("turns a body without the documented content type into BODY_PARSING_ERROR", async () => {
    const res = await callUntyped(t, "POST", "/auth/password/sign-in", {
      creds: project.client,
      body: "email=a@example.com",
      headers: { "content-type": "text/plain" },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("BODY_PARSING_ERROR");
  });

  it("turns an oversized body into BODY_PARSING_ERROR without reading it all", async () => {
    const res = await call(t, "PATCH", "/users/me", {
      creds: { ...project.client, accessToken: project.user.accessToken },
      body: { client_metadata: { blob: "x".repeat(3 * 1024 * 1024) } },
    });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("BODY_PARSING_ERROR");
    expect(res.json.details.message).toContain("limit");
  });

  it("answers unknown API routes with the ROUTE_NOT_FOUND known error", async () => {
    const res = await callUntyped(t, "GET", "/no-such-route");
    expect(res.status).toBe(404);
    expect(res.headers.get("x-stack-known-error")).toBe("ROUTE_NOT_FOUND");
  });

  it("serves the OpenAPI document, the reference page and a health check", async () => {
    const doc = await callUntyped(t, "GET", "/openapi.json");
    expect(doc.json.openapi).toBe("3.1.0");
    expect(doc.json.paths["/auth/password/sign-up"].post.operationId).toBe("signUpWithPassword");
    const page = await t.request("/api/docs");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("/api/docs/scalar.js");
    const health = await t.request("/health");
    expect(await health.json()).toMatchObject({ status: "ok" });
  });

  it("lists this server's public URL", async () => {
    const res = await call(t, "GET", "/internal/backend-urls");
    expect(res.json).toEqual({ urls: ["http://localhost:8102"] });
  });
});
