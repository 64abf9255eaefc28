import { describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { allOperations, loadDocument } from "../support/openapi-document";
import { OPERATIONS } from "../support/operations";
import { internalClient, useProxiedServer } from "../support/proxied-server";

describeMockContract("misc");

describe("misc: the contract areas and the document", () => {
  it("covers every operation of the document in exactly one contract area, with the right method and path", () => {
    const documented = allOperations().map(({ template, method, op }) => `${op.operationId} ${method} ${template}`).sort();
    const covered = Object.values(OPERATIONS)
      .flat()
      .map((s) => `${s.operationId} ${s.method} ${s.template}`)
      .sort();
    expect(covered).toEqual(documented);
  });

  it("names every operation with a unique camelCase operationId and one tag", () => {
    const ops = allOperations().map(({ op }) => op as { operationId?: string; tags?: string[] });
    const ids = ops.map((op) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const op of ops) {
      expect(op.operationId).toMatch(/^[a-z][a-zA-Z0-9]+$/);
      expect(op.tags).toHaveLength(1);
    }
  });

  it("is an OpenAPI 3.1 document whose security schemes are the x-stack- request headers", () => {
    const doc = loadDocument();
    expect(doc.openapi).toMatch(/^3\.1\./);
    for (const scheme of Object.values(doc.components.securitySchemes)) {
      expect(scheme).toMatchObject({ type: "apiKey", in: "header", name: expect.stringMatching(/^x-stack-[a-z-]+$/) });
    }
  });
});

describe("misc: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();

  it("serves the committed document, so Prism checks against what the server publishes", async () => {
    const res = await env.direct.callUntyped("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.json).toEqual(loadDocument());
  });

  it("lists its own public URL as the backend URL", async () => {
    const res = await env.api.call("GET", "/internal/backend-urls");
    expectValidThroughProxy(res, 200);
    expect(res.json).toEqual({ urls: [env.server.url] });
  });

  it("takes an SDK's unsupported-feature report and answers with text", async () => {
    const res = await env.api.call("POST", "/check-feature-support", { body: { feature_name: "contract-test", details: "none" } });
    expectValidThroughProxy(res, 200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    expect(res.text).toContain("contract-test");
  });

  it("marks every API answer with a request id and no-store caching, errors included", async () => {
    const ok = await env.api.call("GET", "/projects/current", { creds: internalClient });
    const error = await env.api.call("GET", "/users/me", { creds: internalClient });
    expectValidThroughProxy(ok, 200);
    expectKnownErrorThroughProxy(error, 400, "CANNOT_GET_OWN_USER_WITHOUT_USER");
    for (const res of [ok, error]) expect(res.headers.get("cache-control")).toBe("no-store");
    expect(ok.headers.get("x-stack-request-id")).not.toBe(error.headers.get("x-stack-request-id"));
  });

  it("has the proxy refuse paths the document does not describe", async () => {
    expectProxyRefusal(await env.api.callUntyped("GET", "/no-such-route", { creds: internalClient }), "NO_PATH_MATCHED_ERROR");
  });
});
