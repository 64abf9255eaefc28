import { describe, expect, it } from "vitest";
import { useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

/**
 * What the sign-in page costs a visitor on the wire: at most 150 KiB of compressed JavaScript
 * (issue 27's goal; 140 KiB with brotli when this was written, English messages included).
 */
const SIGN_IN_SCRIPT_BUDGET_BYTES = 150 * 1024;

describe("asset delivery", () => {
  it("sends the sign-in page's scripts and styles compressed, cached for a year, within the page's budget", async () => {
    const { page } = harness();
    const assets: Array<{ url: string; type: string; encoding: string | undefined; cacheControl: string | undefined; vary: string | undefined; wireBytes: number }> = [];
    page.on("requestfinished", async (request) => {
      const response = await request.response();
      if (!response || !new URL(request.url()).pathname.startsWith("/assets/")) return;
      const headers = await response.allHeaders();
      assets.push({
        url: request.url(),
        type: request.resourceType(),
        encoding: headers["content-encoding"],
        cacheControl: headers["cache-control"],
        vary: headers["vary"],
        wireBytes: (await request.sizes()).responseBodySize,
      });
    });
    await page.goto("/handler/sign-in");
    await page.getByRole("heading", { name: "Sign in", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");

    const scripts = assets.filter((asset) => asset.type === "script");
    const styles = assets.filter((asset) => asset.type === "stylesheet");
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const asset of [...scripts, ...styles]) {
      // The build compresses files of 1 KiB and more (web/vite.config.ts): smaller ones would not shrink.
      if (asset.encoding === undefined) {
        expect(asset.wireBytes, asset.url).toBeLessThan(1024);
      } else {
        expect(asset.encoding, asset.url).toMatch(/^(br|gzip)$/);
        expect(asset.vary, asset.url).toContain("Accept-Encoding");
      }
      expect(asset.cacheControl, asset.url).toBe("public, max-age=31536000, immutable");
    }
    const scriptBytes = scripts.reduce((sum, asset) => sum + asset.wireBytes, 0);
    console.info(`sign-in: ${scripts.length} scripts, ${(scriptBytes / 1024).toFixed(1)} KiB on the wire (${scripts[0]!.encoding})`);
    expect(scriptBytes).toBeLessThanOrEqual(SIGN_IN_SCRIPT_BUDGET_BYTES);
    // The passkey library loads only when a passkey is used.
    expect(scripts.some((asset) => /webauthn|simplewebauthn/i.test(asset.url))).toBe(false);
  });

  it("answers a browser that takes no compression with the plain file", async () => {
    const { server } = harness();
    const html = await (await fetch(`${server.url}/handler/sign-in`)).text();
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(html)?.[1];
    expect(script).toBeDefined();
    const plain = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "identity" } });
    expect(plain.headers.get("content-encoding")).toBeNull();
    const brotli = await fetch(`${server.url}${script}`, { headers: { "accept-encoding": "br" }, decompress: false } as RequestInit);
    expect(brotli.headers.get("content-encoding")).toBe("br");
    expect(Number(brotli.headers.get("content-length"))).toBeLessThan(Number(plain.headers.get("content-length")) / 3);
  });
});
