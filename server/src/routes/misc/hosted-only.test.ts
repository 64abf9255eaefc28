import { describe, expect, it } from "vitest";
import { callUntyped } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";

const app = useSharedTestApp();

/**
 * Stack Auth's partner integrations (Neon, and "custom" partners) let a hosting partner
 * provision projects, transfer them and act as an OAuth provider, authenticated with the
 * partner's own credentials. They are a feature of Stack's hosted platform and not offered
 * here: no SDK calls them, and a partner pointed at this server must learn that the
 * integration is absent, which ROUTE_NOT_FOUND (404, a known error in the JSON shape) says.
 */
describe("partner integrations (not offered)", () => {
  it.each([
    ["POST", "/integrations/neon/projects/provision"],
    ["GET", "/integrations/neon/projects/transfer?code=x"],
    ["POST", "/integrations/neon/projects/transfer/initiate"],
    ["GET", "/integrations/neon/api-keys"],
    ["POST", "/integrations/neon/oauth-providers"],
    ["GET", "/integrations/neon/oauth/authorize"],
    ["POST", "/integrations/neon/webhooks"],
    ["POST", "/integrations/custom/projects/provision"],
    ["POST", "/integrations/custom/projects/transfer/initiate"],
    ["GET", "/integrations/custom/domains"],
    ["GET", "/integrations/custom/oauth/authorize"],
  ] as const)("%s %s answers ROUTE_NOT_FOUND", async (method, path) => {
    const res = await callUntyped(app(), method, path, { body: method === "POST" ? {} : undefined, headers: { authorization: "Basic bmVvbjpzZWNyZXQ=" } });
    expect(res.status).toBe(404);
    expect(res.json).toMatchObject({ code: "ROUTE_NOT_FOUND", details: { method, path: `/api/v1${path.split("?")[0]}` } });
    expect(res.headers.get("x-stack-known-error")).toBe("ROUTE_NOT_FOUND");
  });
});
