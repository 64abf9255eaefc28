/**
 * The manual's Markdown (docs/*.md) as the server renders it at /docs, and as the docs check
 * (docs-check.test.ts) reads it: one slug rule for heading anchors and one reading of every
 * link, so a link the check accepts is a link that works on the served page.
 *
 * Links in the pages are written to work where the files are read on disk (a code host, an
 * editor): `deploy.md#upgrading`, `../ARCHITECTURE.md`. Served, a link to another page becomes
 * `/docs/deploy#upgrading`; a link to a repository file outside docs/ has no address on a running
 * server (no repository URL is configured), so it is rendered as its text, unlinked, with the
 * path in its title. Raw HTML in the Markdown is shown as text: the pages are ours, but nothing
 * in them needs markup of its own, and the page's content-security-policy allows no script.
 */
import { Marked, Renderer, type Token, type Tokens } from "marked";

/** A page's name: its file name without `.md`. The only names /docs/<name> answers. */
export const DOC_PAGE_NAME = /^[a-z0-9-]+$/;

/** The anchor of a heading, as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Gives each heading of one page its anchor: the second "Setup" is `setup-1`, as on GitHub. */
function anchorMaker(): (text: string) => string {
  const seen = new Map<string, number>();
  return (text) => {
    const base = headingSlug(text);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

/** The text a reader sees in inline tokens (a heading's), without the Markdown around it. */
function plainText(tokens: Token[] | undefined): string {
  return (tokens ?? [])
    .map((token) => ("tokens" in token && token.tokens ? plainText(token.tokens) : "text" in token ? String(token.text) : ""))
    .join("");
}

export type DocLink =
  | { kind: "external"; href: string }
  | { kind: "anchor"; anchor: string }
  | { kind: "page"; page: string; anchor: string | undefined }
  | { kind: "file"; path: string; anchor: string | undefined };

/**
 * What a link in a docs page points at. `path` of a repository file is relative to the
 * repository root (docs/ is one level below it); `page` is a page name, `index` for index.md.
 */
export function readDocLink(href: string): DocLink {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) || href.startsWith("//")) return { kind: "external", href };
  const hashAt = href.indexOf("#");
  const path = hashAt < 0 ? href : href.slice(0, hashAt);
  const anchor = hashAt < 0 ? undefined : decodeURIComponent(href.slice(hashAt + 1));
  if (path === "") return { kind: "anchor", anchor: anchor ?? "" };
  const page = /^(?:\.\/)?([^/]+)\.md$/.exec(path)?.[1];
  if (page !== undefined && DOC_PAGE_NAME.test(page)) return { kind: "page", page, anchor };
  const fromRoot = new URL(path, "http://repository/docs/").pathname.slice(1);
  return { kind: "file", path: decodeURIComponent(fromRoot), anchor };
}

/** The served address of a page. */
export function pageUrl(page: string, anchor?: string): string {
  return `${page === "index" ? "/docs" : `/docs/${page}`}${anchor === undefined ? "" : `#${anchor}`}`;
}

export interface DocHeading {
  depth: number;
  text: string;
  anchor: string;
}

/** Every heading of a page with its anchor, in order. */
export function docHeadings(markdown: string): DocHeading[] {
  const makeAnchor = anchorMaker();
  return new Marked()
    .lexer(markdown)
    .filter((token): token is Tokens.Heading => token.type === "heading")
    .map((token) => {
      const text = plainText(token.tokens);
      return { depth: token.depth, text, anchor: makeAnchor(text) };
    });
}

/** Calls `visit` for every token of a page, nested ones included, in document order. */
export function walkDocTokens(markdown: string, visit: (token: Token) => void): void {
  const marked = new Marked();
  marked.walkTokens(marked.lexer(markdown), visit);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);

export interface RenderedDoc {
  /** The page's first heading, as text. */
  title: string;
  html: string;
}

/** Renders one page to HTML; `pages` are the names that exist, for links between pages. */
export function renderDoc(markdown: string, pages: ReadonlySet<string>): RenderedDoc {
  const makeAnchor = anchorMaker();
  let title: string | undefined;
  const marked = new Marked({ gfm: true });
  marked.use({
    renderer: {
      heading({ tokens, depth }) {
        const text = plainText(tokens);
        title ??= text;
        const anchor = makeAnchor(text);
        return `<h${depth} id="${escapeHtml(anchor)}"><a class="anchor" href="#${escapeHtml(anchor)}" aria-hidden="true">#</a>${this.parser.parseInline(tokens)}</h${depth}>\n`;
      },
      link({ href, title: linkTitle, tokens }) {
        const text = this.parser.parseInline(tokens);
        const target = readDocLink(href);
        const titleAttribute = linkTitle ? ` title="${escapeHtml(linkTitle)}"` : "";
        switch (target.kind) {
          case "external":
            return `<a href="${escapeHtml(href)}"${titleAttribute}>${text}</a>`;
          case "anchor":
            return `<a href="#${escapeHtml(target.anchor)}"${titleAttribute}>${text}</a>`;
          case "page":
            if (!pages.has(target.page)) return `<span>${text}</span>`;
            return `<a href="${escapeHtml(pageUrl(target.page, target.anchor))}"${titleAttribute}>${text}</a>`;
          case "file":
            return `<span class="repository-file" title="In the repository: ${escapeHtml(target.path)}">${text}</span>`;
        }
      },
      html({ text }) {
        return escapeHtml(text);
      },
      // Code blocks and tables scroll sideways when wider than the page; a keyboard user reaches
      // them only if they can take focus (WCAG 2.1.1).
      code(token) {
        return MARKED_DEFAULTS.code.call(this, token).replace(/^<pre>/, '<pre tabindex="0">');
      },
      table(token) {
        return `<div class="table" role="region" aria-label="Table" tabindex="0">${MARKED_DEFAULTS.table.call(this, token).trimEnd()}</div>\n`;
      },
    },
  });
  const html = marked.parse(markdown, { async: false });
  return { title: title ?? "Gatehouse", html };
}

/** marked's own renderings, which the overrides above wrap. */
const MARKED_DEFAULTS = new Renderer();
