import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { DOC_PAGE_NAME, pageUrl, renderDoc } from "./markdown";

/** The manual as served: each page's whole HTML document by name (`index` for /docs). */
export interface DocSite {
  page(name: string): string | undefined;
  /** The answer for a page that does not exist. */
  notFound: string;
}

/** Reads every `<name>.md` of the folder once and renders each into a whole page. */
export async function loadDocSite(dir: string): Promise<DocSite> {
  const files = (await readdir(dir)).filter((file) => file.endsWith(".md") && DOC_PAGE_NAME.test(file.slice(0, -3))).sort();
  const sources = new Map(await Promise.all(files.map(async (file) => [file.slice(0, -3), await readFile(join(dir, file), "utf8")] as const)));
  const names = new Set(sources.keys());
  const rendered = new Map([...sources].map(([name, markdown]) => [name, renderDoc(markdown, names)] as const));
  const navigation = navigationList(rendered);
  const pages = new Map([...rendered].map(([name, doc]) => [name, documentHtml(doc.title, doc.html, navigation(name))] as const));
  return {
    page: (name) => pages.get(name),
    notFound: documentHtml("Page not found", '<h1>Page not found</h1>\n<p>There is no such page in the manual. The <a href="/docs">table of contents</a> lists every page.</p>\n', navigation(undefined)),
  };
}

/** The list of pages beside every page: the contents first, then the others by title. */
function navigationList(rendered: Map<string, { title: string }>): (current: string | undefined) => string {
  const entries = [...rendered]
    .map(([name, doc]) => ({ name, title: name === "index" ? "Contents" : doc.title }))
    .sort((a, b) => (a.name === "index" ? -1 : b.name === "index" ? 1 : sortKey(a.title).localeCompare(sortKey(b.title), "en")));
  return (current) =>
    entries
      .map(({ name, title }) => `<li><a href="${pageUrl(name)}"${name === current ? ' aria-current="page"' : ""}>${escapeText(title)}</a></li>`)
      .join("\n");
}

/** "The API" files under A. */
const sortKey = (title: string) => title.replace(/^The /, "");

const escapeText = (text: string) => text.replace(/[&<>"]/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[char]!);

function documentHtml(title: string, body: string, navigation: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeText(title)} · Gatehouse docs</title>
<style>${STYLE}</style>
</head>
<body>
<nav id="pages" aria-label="Pages of the manual"><p><a href="/docs">Gatehouse docs</a></p><ul>
${navigation}
</ul></nav>
<main>
<p class="home"><a href="/docs">Gatehouse docs</a> · <a href="#pages">all pages</a></p>
${body}</main>
</body>
</html>
`;
}

/** One small stylesheet, inline (the page's content-security-policy allows inline style and nothing else). */
const STYLE = `
:root { color-scheme: light dark; --fg: #1f2328; --muted: #59636e; --bg: #fff; --line: #d1d9e0; --code: #f6f8fa; --link: #0969da; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --muted: #9198a1; --bg: #0d1117; --line: #3d444d; --code: #151b23; --link: #4493f8; } }
* { box-sizing: border-box; }
body { margin: 0; display: flex; gap: 2rem; color: var(--fg); background: var(--bg); font: 16px/1.6 system-ui, -apple-system, "Segoe UI", sans-serif; }
nav { flex: 0 0 15rem; padding: 1.5rem 1rem; border-right: 1px solid var(--line); font-size: 0.9rem; position: sticky; top: 0; align-self: flex-start; max-height: 100vh; overflow-y: auto; }
nav ul { list-style: none; margin: 0; padding: 0; }
nav li { margin: 0.15rem 0; }
nav [aria-current="page"] { font-weight: 600; color: var(--fg); }
main { flex: 1; min-width: 0; max-width: 52rem; padding: 1.5rem 1rem 4rem; overflow-wrap: break-word; }
p code, li code, td code { overflow-wrap: anywhere; }
a { color: var(--link); }
h1, h2, h3, h4 { line-height: 1.25; margin: 1.8em 0 0.6em; }
h1 { margin-top: 0.5em; }
h1 .anchor, h2 .anchor, h3 .anchor, h4 .anchor { float: left; margin-left: -1.1em; padding-right: 0.2em; text-decoration: none; color: var(--muted); visibility: hidden; }
h1:hover .anchor, h2:hover .anchor, h3:hover .anchor, h4:hover .anchor { visibility: visible; }
code, pre { font: 0.875em/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; background: var(--code); border-radius: 4px; }
code { padding: 0.1em 0.3em; }
pre { padding: 0.8em 1em; overflow-x: auto; }
pre code { padding: 0; background: none; font-size: 1em; }
.table { overflow-x: auto; margin: 1em 0; }
table { border-collapse: collapse; }
th, td { border: 1px solid var(--line); padding: 0.35em 0.7em; vertical-align: top; text-align: left; }
th { background: var(--code); }
.repository-file { text-decoration: underline dotted; }
.home { display: none; font-size: 0.9rem; }
@media (max-width: 48rem) {
  body { flex-direction: column; gap: 0; }
  nav { order: 2; position: static; max-height: none; border-right: 0; border-top: 1px solid var(--line); }
  .home { display: block; }
}
`;
