import type { Hono } from "hono";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { DOC_PAGE_NAME } from "../docs/markdown";
import { loadDocSite, type DocSite } from "../docs/pages";
import type { AppEnv } from "./env";

/**
 * The manual (docs/*.md) at /docs: /docs is the table of contents, /docs/<name> a page. The
 * folder is read and rendered once, on the first request; a name is looked up among the pages
 * rendered then, never joined to a path, so nothing else on disk can be reached. Any other path
 * under /docs answers the manual's own 404 page. The pages hold no script: the policy allows
 * their inline stylesheet and nothing more, as the development OAuth provider's pages do.
 */
const HEADERS = {
  "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
  "x-content-type-options": "nosniff",
  "cache-control": "no-cache",
};

export function mountDocs(app: Hono<AppEnv>, docsDir: string): boolean {
  if (!existsSync(join(docsDir, "index.md"))) return false;
  let site: Promise<DocSite> | undefined;
  const answer = async (name: string) => {
    site ??= loadDocSite(docsDir);
    const { page, notFound } = await site;
    const html = DOC_PAGE_NAME.test(name) ? page(name) : undefined;
    return html === undefined ? { html: notFound, status: 404 as const } : { html, status: 200 as const };
  };
  app.get("/docs", async (c) => {
    const { html, status } = await answer("index");
    return c.html(html, status, HEADERS);
  });
  app.get("/docs/*", async (c) => {
    const rest = c.req.path.slice("/docs/".length);
    const { html, status } = await answer(rest === "" ? "index" : rest);
    return c.html(html, status, HEADERS);
  });
  return true;
}
