import { Scalar } from "@scalar/hono-api-reference";
import type { Env, Hono } from "hono";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);

/**
 * Scalar's standalone script: copied beside the bundle in the release artifact
 * (scripts/build.mjs), so that a deployment does not install Scalar and the Vue application
 * it is built from; from the development install otherwise. The package does not export its
 * browser bundle, so it is found beside the package entry.
 */
function standaloneScriptPath(): string {
  const artifactCopy = fileURLToPath(new URL("./api-reference/standalone.js", import.meta.url));
  if (existsSync(artifactCopy)) return artifactCopy;
  return join(dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
}

/**
 * Scalar options that keep the page to what this server serves: the system fonts instead of
 * fonts.scalar.com, and none of the buttons that hand the document to Scalar's hosted
 * services (the API client, "Ask AI", MCP generation, the developer toolbar with its share
 * and deploy actions, which Scalar shows by default on localhost). No proxy and no telemetry:
 * the page talks to this server only (test/browser/api-reference.test.ts).
 */
const SELF_CONTAINED = {
  withDefaultFonts: false,
  hideClientButton: true,
  hideTestRequestButton: true,
  showDeveloperTools: "never",
  telemetry: false,
  mcp: { disabled: true },
  agent: { disabled: true },
  documentDownloadType: "json",
  // The sidebar's "Powered by Scalar" link is the last way off this server; the page is ours to serve.
  customCss: 'a[href^="https://www.scalar.com"] { display: none; }',
} as const;

/**
 * The API reference page (Scalar). Its script is served from our own node_modules rather
 * than a CDN, so the page works on machines without outside network access.
 */
export function mountApiReference<E extends Env>(app: Hono<E>, documentUrl: string): void {
  let script: Promise<Buffer> | undefined;
  app.get("/api/docs/scalar.js", async (c) => {
    script ??= readFile(standaloneScriptPath());
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=86400");
    return c.body(new Uint8Array(await script));
  });
  app.get(
    "/api/docs",
    Scalar({
      url: documentUrl,
      cdn: "/api/docs/scalar.js",
      pageTitle: "Gatehouse API reference",
      ...SELF_CONTAINED,
    }),
  );
}
