import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { docHeadings } from "../docs/markdown";
import { createTestApp, type TestApp } from "../testing/test-server";

const DOCS_DIR = fileURLToPath(new URL("../../../docs/", import.meta.url));
const pageNames = readdirSync(DOCS_DIR)
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -3));

/** A small manual of its own, for what the real pages may not happen to contain. */
const FIXTURE = {
  "index.md": `# Fixture contents

See [Setup](setup.md#first-steps), [the top](#fixture-contents), [the architecture](../ARCHITECTURE.md),
[elsewhere](https://example.com/x) and [nowhere](missing.md).

<script>alert("raw html")</script>
`,
  "setup.md": "# Setup: the `first` page\n\n## First steps\n\nOne.\n\n## First steps\n\nAgain.\n",
  "wide.md": "# Wide things\n\n```sh\nnpm run something-long\n```\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n",
};

let t: TestApp;
let fixture: TestApp;
let fixtureDir: string;
let webDistDir: string;

beforeAll(async () => {
  fixtureDir = mkdtempSync(join(tmpdir(), "gatehouse-docs-"));
  for (const [name, text] of Object.entries(FIXTURE)) writeFileSync(join(fixtureDir, name), text);
  // The web app answers every path it does not know; the manual is mounted before it.
  webDistDir = mkdtempSync(join(tmpdir(), "gatehouse-docs-web-"));
  writeFileSync(join(webDistDir, "index.html"), '<!doctype html>\n<html lang="en"><head><title>App</title></head><body><div id="root"></div></body></html>\n');
  writeFileSync(join(webDistDir, "web-routes.json"), JSON.stringify({ projectId: "internal", pages: ["/"], sections: [], handlerPages: ["sign-in"] }));
  [t, fixture] = await Promise.all([createTestApp({ docsDir: DOCS_DIR, webDistDir }), createTestApp({ docsDir: fixtureDir })]);
});

afterAll(async () => {
  await Promise.all([t?.close(), fixture?.close()]);
  rmSync(fixtureDir, { recursive: true, force: true });
  rmSync(webDistDir, { recursive: true, force: true });
});

async function get(app: TestApp, path: string) {
  const response = await app.request(path);
  return { status: response.status, headers: response.headers, html: await response.text() };
}

describe("/docs", () => {
  it("answers every page of docs/ as HTML with its first heading, its title, the page list and a strict policy", async () => {
    expect(pageNames).toContain("index");
    for (const name of pageNames) {
      const path = name === "index" ? "/docs" : `/docs/${name}`;
      const res = await get(t, path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toMatch(/^text\/html/);
      expect(res.headers.get("content-security-policy"), path).toContain("default-src 'none'");
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      const first = docHeadings(readFileSync(join(DOCS_DIR, `${name}.md`), "utf8"))[0]!;
      expect(first.depth, path).toBe(1);
      expect(res.html, path).toContain(`<h1 id="${first.anchor}">`);
      expect(res.html, path).toContain(`<title>${first.text.replaceAll("&", "&amp;")} · Gatehouse docs</title>`);
      expect(res.html, path).toContain('<html lang="en">');
      expect(res.html, path).toContain('<a href="/docs/deploy"');
      expect(res.html, path).not.toContain(".md#");
    }
    expect((await get(t, "/docs/")).html).toBe((await get(t, "/docs")).html);
    // Beside the web app, which still has its own pages.
    expect((await get(t, "/handler/sign-in")).html).toContain('<div id="root"></div>');
  });

  it("rewrites links between pages to /docs/<page>#<anchor>, and the anchor is a heading's id there", async () => {
    const api = await get(t, "/docs/api");
    expect(api.html).toContain('href="/docs/testing#code-generation"');
    expect((await get(t, "/docs/testing")).html).toContain('<h2 id="code-generation">');
  });

  it("answers the manual's 404 page for a name that is not a page, and never reaches other files", async () => {
    for (const path of ["/docs/nope", "/docs/deploy.md", "/docs/Deploy", "/docs/deploy/", "/docs/deploy/x", "/docs/..%2fpackage.json", "/docs/%2e%2e%2fpackage.json", "/docs/.env", "/docs/%00"]) {
      const res = await get(t, path);
      expect(res.status, path).toBe(404);
      expect(res.html, path).toContain("<h1>Page not found</h1>");
      expect(res.html, path).not.toContain('"workspaces"');
    }
    // The URL parser resolves dot segments (encoded ones too) before routing: these are /package.json.
    for (const path of ["/docs/../package.json", "/docs/%2e%2e/package.json"]) {
      const traversal = await get(t, path);
      expect(traversal.status, path).toBe(404);
      expect(traversal.html, path).not.toContain('"workspaces"');
    }
  });

  it("renders heading anchors, links to pages and files, and raw HTML as a served page should", async () => {
    const index = (await get(fixture, "/docs")).html;
    expect(index).toContain('href="/docs/setup#first-steps"');
    expect(index).toContain('href="#fixture-contents"');
    expect(index).toContain('<span class="repository-file" title="In the repository: ARCHITECTURE.md">the architecture</span>');
    expect(index).toContain('href="https://example.com/x"');
    expect(index).toContain("<span>nowhere</span>");
    expect(index).not.toContain("<script>");
    expect(index).toContain("&lt;script&gt;");
    const setup = await get(fixture, "/docs/setup");
    expect(setup.html).toContain('<h1 id="setup-the-first-page">');
    expect(setup.html).toContain("<title>Setup: the first page · Gatehouse docs</title>");
    expect(setup.html).toContain('<h2 id="first-steps">');
    expect(setup.html).toContain('<h2 id="first-steps-1">');
    expect(setup.html).toContain('<a href="/docs/setup" aria-current="page">Setup: the first page</a>');
  });

  it("lets the keyboard reach code blocks and tables, which scroll sideways on a narrow screen", async () => {
    const wide = (await get(fixture, "/docs/wide")).html;
    expect(wide).toContain('<pre tabindex="0"><code class="language-sh">npm run something-long');
    expect(wide).toMatch(/<div class="table" role="region" aria-label="Table" tabindex="0"><table>[\s\S]*<\/table><\/div>/);
    expect(wide).not.toMatch(/<pre>|<div class="table"[^>]*>(?!<table>)/);
  });
});
