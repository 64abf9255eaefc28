import { serveStatic } from "@hono/node-server/serve-static";
import type { Hono } from "hono";
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { z } from "zod";
import { hostedHandlerPath } from "../services/projects/handler-path";
import type { AppEnv } from "./env";

/**
 * Serves the built React app beside the API. The build lists the pages the app has in
 * dist/web-routes.json (so the server knows them without importing web/): site pages such as
 * "/", sections the app routes below itself such as "/dashboard" (whose own unknown paths the
 * app answers with its not-found page), and handler pages, which sit under the handler path the project's config gives for
 * this server's public URL. Those paths answer index.html, carrying the handler path in a
 * <meta> tag the app builds its routes from; every other path answers the same page with
 * status 404, and the app renders its not-found page there.
 */
const WEB_ROUTES_FILE = "web-routes.json";
/** The <meta> name the app reads its handler path from (web/src/lib/handler-paths.ts). */
const HANDLER_PATH_META = "gatehouse-handler-path";

const WebRoutesSchema = z.object({
  projectId: z.string().min(1),
  pages: z.array(z.string().startsWith("/")),
  /** Sections the app routes itself below (the dashboard): the path and everything under it. */
  sections: z.array(z.string().regex(/^\/[a-z0-9-]+$/)).default([]),
  handlerPages: z.array(z.string().regex(/^[a-z0-9-]+$/)),
});
type WebRoutes = z.infer<typeof WebRoutesSchema>;

export function mountWebApp(app: Hono<AppEnv>, distDir: string): boolean {
  const indexPath = join(distDir, "index.html");
  if (!existsSync(indexPath)) return false;
  const renderIndex = indexRenderer(readFileSync(indexPath, "utf8"));
  const routes = readWebRoutes(distDir);
  const sitePages = new Set(routes.pages.map((page) => page.toLowerCase()));
  const sections = routes.sections.map((section) => section.toLowerCase());
  const root = relative(process.cwd(), distDir) || ".";

  // Hashed names never change content: cached for a year. The build leaves .br and .gz copies
  // beside each asset, sent (with Vary: Accept-Encoding) to browsers that take them.
  app.use("/assets/*", serveStatic({ root, precompressed: true, onFound: (_path, c) => void c.header("cache-control", "public, max-age=31536000, immutable") }));
  app.get("/favicon.svg", serveStatic({ root, precompressed: true }));
  app.get("*", async (c) => {
    if (c.req.path.startsWith("/api/")) return c.notFound();
    const handlerPath = await hostedHandlerPath(c.var.deps, routes.projectId);
    const path = comparablePath(c.req.path);
    const known = sitePages.has(path) || sections.some((section) => path === section || path.startsWith(`${section}/`)) || isHandlerPage(path, handlerPath, routes);
    c.header("cache-control", "no-cache");
    return c.html(renderIndex(handlerPath), known ? 200 : 404);
  });
  return true;
}

function readWebRoutes(distDir: string): WebRoutes {
  const path = join(distDir, WEB_ROUTES_FILE);
  if (!existsSync(path)) throw new Error(`${path} is missing: rebuild the web app (npm run build:web).`);
  const parsed = WebRoutesSchema.safeParse(JSON.parse(readFileSync(path, "utf8")));
  if (!parsed.success) throw new Error(`${path} is not a route list this server understands: rebuild the web app (npm run build:web).`);
  return parsed.data;
}

function indexRenderer(indexHtml: string): (handlerPath: string) => string {
  const headEnd = indexHtml.indexOf("</head>");
  if (headEnd < 0) throw new Error("The built index.html has no </head>");
  const before = indexHtml.slice(0, headEnd);
  const after = indexHtml.slice(headEnd);
  // handlerPath is one normalizeHandlerPath let through: it holds no quote, <, > or &.
  return (handlerPath) => `${before}  <meta name="${HANDLER_PATH_META}" content="${handlerPath}" />\n  ${after}`;
}

/** The path (Hono has decoded it) as the app's router compares it: without one trailing slash, in any case. */
function comparablePath(path: string): string {
  return path.replace(/(.)\/$/, "$1").toLowerCase();
}

function isHandlerPage(path: string, handlerPath: string, routes: WebRoutes): boolean {
  const base = handlerPath === "/" ? "" : handlerPath.toLowerCase();
  if (!path.startsWith(`${base}/`)) return false;
  return routes.handlerPages.includes(path.slice(base.length + 1));
}
