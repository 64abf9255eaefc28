import { Scalar } from "@scalar/hono-api-reference";
import type { Env, Hono } from "hono";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

const require = createRequire(import.meta.url);

/**
 * The API reference page (Scalar). Its script is served from our own node_modules rather
 * than a CDN, so the page works on machines without outside network access.
 */
export function mountApiReference<E extends Env>(app: Hono<E>, documentUrl: string): void {
  // The package does not export its browser bundle, so find it beside the package entry.
  const scriptPath = join(dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
  let script: Promise<Buffer> | undefined;
  app.get("/api/docs/scalar.js", async (c) => {
    script ??= readFile(scriptPath);
    c.header("content-type", "text/javascript; charset=utf-8");
    c.header("cache-control", "public, max-age=86400");
    return c.body(new Uint8Array(await script));
  });
  app.get("/api/docs", Scalar({ url: documentUrl, cdn: "/api/docs/scalar.js", pageTitle: "Gatehouse API reference" }));
}
