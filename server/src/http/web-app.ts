import { serveStatic } from "@hono/node-server/serve-static";
import type { Env, Hono } from "hono";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/**
 * Serves the built React app: its assets as files, and index.html for every other
 * non-API path so client-side routes such as /handler/sign-in load directly.
 */
export function mountWebApp<E extends Env>(app: Hono<E>, distDir: string): boolean {
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) return false;
  const indexHtml = readFileSync(indexPath, "utf8");
  const root = relative(process.cwd(), distDir) || ".";
  app.use("/assets/*", serveStatic({ root, onFound: (_path, c) => void c.header("cache-control", "public, max-age=31536000, immutable") }));
  app.get("/favicon.svg", serveStatic({ root }));
  app.get("*", (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    c.header("cache-control", "no-cache");
    return c.html(indexHtml);
  });
  return true;
}
