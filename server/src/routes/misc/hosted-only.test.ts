import { describe, expect, it } from "vitest";
import { callUntyped } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";

const app = useSharedTestApp();

/**
 * Stack Auth's partner integrations (Neon, and "custom" partners) let a hosting partner
 * provision projects, transfer them and act as an OAuth provider, authenticated with the
 * partner's own credentials. They are a feature of Stack's hosted platform and not offered
 * here. Their paths answer UNSUPPORTED_ERROR, the generic known error Stack's SDKs rebuild
 * (ROUTE_NOT_FOUND, a code of ours, makes them throw "update your SDK" without its message),
 * with HOSTED_PLATFORM_FEATURE_NOT_OFFERED as the original code (http/hosted-only.ts).
 */
describe("partner integrations (not offered)", () => {
  it.each([
    ["POST", "/integrations/neon/projects/provision"],
    ["GET", "/integrations/neon/projects/transfer?code=x"],
    ["POST", "/integrations/neon/projects/transfer/initiate"],
    ["POST", "/integrations/neon/projects/transfer/confirm/check"],
    ["GET", "/integrations/neon/api-keys"],
    ["POST", "/integrations/neon/oauth-providers"],
    ["GET", "/integrations/neon/oauth/authorize"],
    ["POST", "/integrations/neon/webhooks"],
    ["POST", "/integrations/custom/projects/provision"],
    ["POST", "/integrations/custom/projects/transfer/initiate"],
    ["POST", "/integrations/custom/projects/transfer/confirm"],
    ["GET", "/integrations/custom/domains"],
    ["GET", "/integrations/custom/oauth/authorize"],
    ["GET", "/integrations/custom"],
  ] as const)("%s %s answers UNSUPPORTED_ERROR saying it is a hosted-platform feature", async (method, path) => {
    // Stack serves its API under /api/latest too, and so does Gatehouse (app.ts).
    for (const base of ["/api/v1", "/api/latest"]) {
      const res = await app().request(`${base}${path}`, {
        method,
        headers: { authorization: "Basic bmVvbjpzZWNyZXQ=", "content-type": "application/json" },
        body: method === "POST" ? "{}" : undefined,
      });
      expect(res.status).toBe(500);
      expect(res.headers.get("x-stack-known-error")).toBe("UNSUPPORTED_ERROR");
      expect(await res.json()).toEqual({
        code: "UNSUPPORTED_ERROR",
        details: { originalErrorCode: "HOSTED_PLATFORM_FEATURE_NOT_OFFERED" },
        error: expect.stringMatching(/feature of Stack's hosted platform, which Gatehouse does not offer/),
      });
    }
  });

  it("leaves other unknown paths, also beside them, to ROUTE_NOT_FOUND", async () => {
    for (const path of ["/integrations/neonx", "/integrations/unknown/x", "/integrationsneon/projects"]) {
      const res = await callUntyped(app(), "GET", path);
      expect(res.status).toBe(404);
      expect(res.json).toMatchObject({ code: "ROUTE_NOT_FOUND", details: { method: "GET", path: `/api/v1${path}` } });
    }
  });
});
