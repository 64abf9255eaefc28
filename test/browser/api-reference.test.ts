import { describe, expect, it } from "vitest";
import { screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

describe("the API reference page", () => {
  it("renders the operations from our own server alone: no request leaves localhost, no hosted-service buttons", async () => {
    const { page, context, server } = harness();
    const local = new URL(server.url).host;
    const remote: string[] = [];
    const requested: string[] = [];
    // Every request the page makes passes here; anything not for our server is recorded and refused.
    await context.route("**/*", (route) => {
      const url = new URL(route.request().url());
      if (url.protocol === "data:" || url.protocol === "blob:" || url.host === local) {
        requested.push(url.pathname);
        return route.continue();
      }
      remote.push(route.request().url());
      return route.abort();
    });

    const response = await page.goto("/api/docs");
    expect(response?.status()).toBe(200);
    // The first tag's operations, and every tag of the document in the sidebar.
    for (const summary of ["Sign up with e-mail and password", "Sign in with e-mail and password"]) {
      await page.getByText(summary, { exact: true }).first().waitFor({ timeout: 30_000 });
    }
    for (const tag of ["Users", "Teams", "Permissions", "API keys", "Projects"]) {
      await page.getByText(tag, { exact: true }).first().waitFor();
    }
    await page.waitForLoadState("networkidle");
    await screenshots(page, "api-reference");

    expect(remote, "requests that left localhost").toEqual([]);
    expect(requested).toContain("/api/docs/scalar.js");
    expect(requested).toContain("/api/v1/openapi.json");
    const text = await page.locator("body").innerText();
    for (const hosted of ["Open API Client", "Test Request", "Ask AI", "Generate MCP", "Developer Tools", "Share", "Deploy"]) {
      expect(text, hosted).not.toContain(hosted);
    }
    // No visible link to Scalar's sites (links in the document itself, like its license, may point anywhere).
    const scalarLinks = await page.locator('a[href*="scalar.com"]:visible').count();
    expect(scalarLinks).toBe(0);
    // No @font-face at all: Scalar's default fonts would be declared here even when their download is refused.
    const fonts = await page.evaluate<string[]>(`[...document.fonts].map((font) => font.family)`);
    expect(fonts).toEqual([]);
  }, 120_000);
});
