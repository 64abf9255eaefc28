/**
 * The manual (README.md and docs/*.md) against the repository it describes, so that it cannot
 * quietly go stale: links between pages and to headings resolve, with the anchors the server's
 * renderer gives (markdown.ts); linked repository files exist; and the commands it shows still
 * run: `npm run` scripts exist, `npm run gatehouse --` commands are the CLI's, every
 * UPPER_SNAKE name in code is a server setting, a known error code, or a name listed below with
 * why, files run with node / tsx / bash exist, file names in code name files of the repository,
 * and curl examples and `METHOD /path` code name operations of the OpenAPI document. Each test lists every problem it finds, with file and line.
 *
 * It lives beside the renderer rather than in test/layout because it needs the renderer's
 * anchors, the settings schema, the CLI's commands and the error catalogue, and test/ may not
 * import server modules (ARCHITECTURE §3).
 */
import { existsSync, readdirSync, readFileSync, type Dirent } from "node:fs";
import { join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import type { Token } from "marked";
import { describe, expect, it } from "vitest";
import { CLI_COMMANDS } from "../cli/usage";
import { SETTING_NAMES } from "../config/env";
import { knownErrors } from "../errors";
import { docHeadings, readDocLink, walkDocTokens, type DocLink } from "./markdown";

const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(join(ROOT, path), "utf8");

/** UPPER_SNAKE names in the manual that are neither server settings nor known error codes, and why each is there. */
const OTHER_NAMES: Record<string, string> = {
  ADMIN_TOKEN: "a shell variable of the admin bootstrap example (install.md)",
  PROJECT_ID: "a shell variable of the admin bootstrap and OAuth examples",
  TEAM_ID: "a shell variable of the admin bootstrap example",
  ACCESS_TOKEN: "a shell variable of the agent credential example (oauth-server.md)",
  SERVER_KEY: "a shell variable of the domain verification example (sso.md): the project's secret server key",
  BENCH_CASES: "read by the benchmark (scripts/bench), not the server",
  BENCH_CONNECTIONS: "read by the benchmark",
  BENCH_CPU_PROF: "read by the benchmark",
  BENCH_DURATION: "read by the benchmark",
  BENCH_METRICS_USERS: "read by the metrics-at-scale benchmark",
  BENCH_RETENTION_ADDRESSES: "read by the retention-at-scale benchmark",
  BENCH_AUDIT_EVENTS: "read by the audit-at-scale benchmark",
  BENCH_ROUNDS: "read by the benchmark",
  BENCH_WARMUP: "read by the benchmark",
  GATEHOUSE_SCREENSHOTS: "read by the browser tests",
  GATEHOUSE_TEST_DB: "read by the test harness and the fuzzer: which database a test runs on",
  GATEHOUSE_TEST_GEOLITE2_CITY: "read by the GeoIP test",
  VITE_GATEHOUSE_PROJECT_ID: "read by the web app's build (Vite), not the server",
  NODE_IMAGE: "a build argument of the Dockerfile",
  DEBIAN_IMAGE: "a build argument of the Dockerfile",
  POSTGRES_IMAGE: "a build argument of compose.yaml",
  POSTGRES_PASSWORD: "read by compose.yaml's PostgreSQL service",
  GATEHOUSE_PORT: "read by compose.yaml: the balancer's port on the host",
  OTEL_BSP_SCHEDULE_DELAY: "read by the OpenTelemetry SDK itself",
  DEFAULT_EMAIL_THEMES: "a constant of Stack Auth's @stackframe/stack-shared",
  DEFAULT_EMAIL_THEME_ID: "a constant of Stack Auth's @stackframe/stack-shared",
  DEFAULT_TEMPLATE_IDS: "a constant of Stack Auth's @stackframe/stack-shared",
  MAIL_LOCALES: "a constant of server/src/services/emails/languages/",
  MAIL_STRINGS: "a constant of server/src/services/emails/languages/",
  CHROME_PATH: "Lighthouse's setting for the browser it drives, in how web-pages.md's figures were measured",
  PASSKEY_WEBAUTHN_ERROR: "the one error code the client library raises itself",
  HOSTED_PLATFORM_FEATURE_NOT_OFFERED: "the original code UNSUPPORTED_ERROR names for Stack's hosted-platform integrations (http/hosted-only.ts)",
  RATE_LIMITED: "the code label of a refused sign-in in the sign-in metric (observability.md)",
  USER_ACCOUNT_DELETED: "an outbox message's skip reason (services/emails/outbox-shapes.ts)",
  USER_HAS_NO_PRIMARY_EMAIL: "an outbox message's skip reason",
  USER_UNSUBSCRIBED: "an outbox message's skip reason",
};

/** File names in the manual's code that are not in the repository, and why. */
const FILES_ELSEWHERE: Record<string, string> = {
  "KNOWN-ERRORS.md": "the wire contract's error catalogue, kept beside the repository",
  "stack.config.ts": "a Stack Auth app's own config file",
  "users.json": "the example export file of migrate.md",
  "server.js": "the bundle, in dist/ once built",
  "gatehouse.js": "the command line's bundle, beside server.js once built",
  "web-routes.json": "written by the web app's build into web/dist/",
  "backup.sql": "the file deploy.md's pg_dump example writes",
  "0093_new_table.sql": "an example of a migration newer than the running server (observability.md)",
};
/** Paths the server answers outside the API (not in the OpenAPI document). */
const NOT_API = new Set(["/health", "/health/live", "/health/ready", "/metrics", "/docs", "/api/docs"]);
/** Folders written by builds and runs, not kept in the repository. */
const BUILT = ["dist/", "web/dist/", ".bench/", ".data/", "test-output/"];

/** Every file of the repository, relative to its root, without what installs and builds write. */
function repositoryFiles(dir = ""): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry: Dirent) => {
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ["node_modules", ".git", ".data", "test-output", ".bench"].includes(entry.name) || BUILT.includes(`${path}/`) ? [] : repositoryFiles(path);
    return [path];
  });
}

interface DocFile {
  /** Relative to the repository root. */
  path: string;
  source: string;
  anchors: Set<string>;
  /** 1-based line of `raw`, searched from the last match on, so repeated text is found in order. */
  lineOf: (raw: string) => number;
}

function docFile(path: string): DocFile {
  const source = read(path);
  let cursor = 0;
  return {
    path,
    source,
    anchors: new Set(docHeadings(source).map((heading) => heading.anchor)),
    lineOf: (raw) => {
      let at = source.indexOf(raw, cursor);
      if (at < 0) at = source.indexOf(raw);
      if (at < 0) return 0;
      cursor = at + 1;
      return source.slice(0, at).split("\n").length;
    },
  };
}

const pageNames = readdirSync(join(ROOT, "docs"))
  .filter((file) => file.endsWith(".md"))
  .map((file) => file.slice(0, -3));
const files = ["README.md", ...pageNames.map((name) => `docs/${name}.md`)].map(docFile);
const byPath = new Map(files.map((file) => [file.path, file]));

/** Every token of a file with the line it starts on. */
function tokensOf(file: DocFile): Array<{ token: Token; line: number }> {
  const found: Array<{ token: Token; line: number }> = [];
  const lineOf = docFile(file.path).lineOf;
  walkDocTokens(file.source, (token) => {
    if (token.type === "link" || token.type === "image" || token.type === "code" || token.type === "codespan") found.push({ token, line: lineOf(token.raw) });
  });
  return found;
}

/** Each code block line and inline code span, with its line. */
function codeLines(file: DocFile): Array<{ text: string; line: number }> {
  return tokensOf(file).flatMap(({ token, line }) => {
    if (token.type === "codespan") return [{ text: token.text as string, line }];
    if (token.type !== "code") return [];
    // A fenced block's text starts on the line after its fence.
    return joinContinuations((token.text as string).split("\n")).map(({ text, offset }) => ({ text, line: line + 1 + offset }));
  });
}

/** Shell lines ending in `\` joined to the next, each keeping its first line's offset. */
function joinContinuations(lines: string[]): Array<{ text: string; offset: number }> {
  const joined: Array<{ text: string; offset: number }> = [];
  let current: { text: string; offset: number } | undefined;
  lines.forEach((line, offset) => {
    current = current ? { text: `${current.text} ${line.replace(/\\$/, "")}`, offset: current.offset } : { text: line.replace(/\\$/, ""), offset };
    if (!line.endsWith("\\")) {
      joined.push(current);
      current = undefined;
    }
  });
  if (current) joined.push(current);
  return joined;
}

/** A link of README.md, read as the docs pages' links are (they sit one folder lower). */
function readReadmeLink(href: string): DocLink {
  const inDocs = /^\.?\/?docs\/(.*)$/.exec(href);
  if (inDocs) return readDocLink(inDocs[1]!);
  const link = readDocLink(href);
  if (link.kind !== "file") return link;
  const pathPart = href.split("#")[0]!;
  return { ...link, path: posix.normalize(pathPart).replace(/^\.\//, "") };
}

describe("the manual's links", () => {
  it("point at pages, headings and repository files that exist", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const { token, line } of tokensOf(file)) {
        if (token.type !== "link" && token.type !== "image") continue;
        const href = token.href as string;
        const where = `${file.path}:${line}: ${href}`;
        const link = file.path === "README.md" ? readReadmeLink(href) : readDocLink(href);
        if (link.kind === "external") continue;
        if (link.kind === "anchor") {
          if (!file.anchors.has(link.anchor)) problems.push(`${where}: no heading here has this anchor`);
          continue;
        }
        if (link.kind === "page") {
          const target = byPath.get(`docs/${link.page}.md`);
          if (!target) problems.push(`${where}: docs/${link.page}.md does not exist`);
          else if (link.anchor !== undefined && !target.anchors.has(link.anchor)) problems.push(`${where}: no heading of docs/${link.page}.md has this anchor`);
          continue;
        }
        if (link.path.startsWith("docs/") || link.path.startsWith("../")) problems.push(`${where}: neither a docs page (name.md beside it) nor a file in the repository`);
        else if (!existsSync(join(ROOT, link.path))) problems.push(`${where}: ${link.path} does not exist`);
        else if (link.anchor !== undefined && link.path.endsWith(".md") && !docFile(link.path).anchors.has(link.anchor)) problems.push(`${where}: no heading of ${link.path} has this anchor`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe("the manual's commands", () => {
  const scripts = (dir: string) => Object.keys((JSON.parse(read(join(dir, "package.json"))) as { scripts?: Record<string, string> }).scripts ?? {});
  const workspaceDir = (name: string) => name.replace(/^@gatehouse\//, "");

  it("name npm scripts that exist, CLI commands the CLI knows, and files that exist", () => {
    const problems: string[] = [];
    for (const file of files) {
      for (const { text, line } of codeLines(file)) {
        const where = `${file.path}:${line}`;
        for (const match of text.matchAll(/\bnpm (?:run(?:-script)? ([\w:.-]+)(?:\s+(?:-w|--workspace)[= ](\S+))?|(test|start)\b)/g)) {
          const script = match[1] ?? match[3]!;
          const dir = match[2] ? workspaceDir(match[2]) : ".";
          if (!existsSync(join(ROOT, dir, "package.json"))) problems.push(`${where}: npm workspace ${match[2]} does not exist`);
          else if (!scripts(dir).includes(script)) problems.push(`${where}: \`npm run ${script}\`: no such script in ${posix.join(dir, "package.json")}`);
        }
        for (const match of text.matchAll(/\bnpm run gatehouse -- (\S+)/g)) {
          if (!(CLI_COMMANDS as readonly string[]).includes(match[1]!)) problems.push(`${where}: \`npm run gatehouse -- ${match[1]}\`: the CLI knows ${CLI_COMMANDS.join(", ")}`);
        }
        for (const match of text.matchAll(/(?:^|[\s;&|(])(?:node|tsx|npx tsx|bash|sh)\s+(?:--\S+\s+)*((?:\.\/)?[\w.-]+\/[\w./-]+)/g)) {
          if (!existsSync(join(ROOT, match[1]!))) problems.push(`${where}: ${match[1]} does not exist`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("write only settings the server reads, known error codes, or names listed as neither", () => {
    const settings = new Set(SETTING_NAMES);
    const problems: string[] = [];
    for (const file of files) {
      for (const { text, line } of codeLines(file)) {
        for (const [name] of text.matchAll(/\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+\b/g)) {
          if (!settings.has(name) && !(name in knownErrors) && !(name in OTHER_NAMES)) problems.push(`${file.path}:${line}: ${name} is not a server setting (server/src/config/env.ts), a known error code, or a name listed in this test`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("document every server setting in configure.md's table", () => {
    const table = byPath.get("docs/configure.md")!.source;
    const undocumented = SETTING_NAMES.filter((name) => !new RegExp(`^\\|.*\`${name}\`.*\\|`, "m").test(table));
    expect(undocumented).toEqual([]);
  });

  it("call operations of the OpenAPI document, in curl examples and in `METHOD /path` code", () => {
    const document = JSON.parse(read("openapi/openapi.json")) as { paths: Record<string, Record<string, unknown>> };
    const operations = Object.entries(document.paths).map(([template, methods]) => ({
      pattern: new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
      methods: Object.keys(methods),
    }));
    const problems: string[] = [];
    const check = (where: string, method: string, written: string) => {
      // A shell variable in the path ($PROJECT_ID) stands for one segment; the API root is the document's "/".
      const path = written.replace(/^\/api\/(?:v1|latest)/, "").replace(/\$\{?\w+\}?/g, "x") || "/";
      if (NOT_API.has(path)) return;
      const matching = operations.filter((candidate) => candidate.pattern.test(path));
      if (matching.length === 0) problems.push(`${where}: ${written} is no path of openapi/openapi.json`);
      else if (!matching.some((operation) => operation.methods.includes(method.toLowerCase()))) problems.push(`${where}: ${method} ${written} is no operation of openapi/openapi.json`);
    };
    let curls = 0;
    for (const file of files) {
      for (const { text, line } of codeLines(file)) {
        const where = `${file.path}:${line}`;
        // `GET /users/me`, `POST /api/v1/auth/cli`; not patterns (`.../{id}/chunks`, `/payments/<…>`).
        const named = /^(GET|POST|PUT|PATCH|DELETE) (\/[^\s?]*)/.exec(text);
        if (named && !/[.<…*]/.test(named[2]!)) check(where, named[1]!, named[2]!);
        if (!/\bcurl\b/.test(text)) continue;
        for (const match of text.matchAll(/(?:\$API|\$\{API\}|\/api\/(?:v1|latest))(\/[^\s"'?#\\]*)/g)) {
          curls += 1;
          const method = /(?:-X|--request)\s+(\w+)/.exec(text)?.[1] ?? (/\s(?:-d|--data\S*)\s/.test(text) ? "POST" : "GET");
          check(where, method.toUpperCase(), match[1]!);
        }
      }
    }
    expect(curls).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it("name files of the repository", () => {
    const all = repositoryFiles();
    const exists = (name: string) => all.some((path) => path === name || path.endsWith(`/${name}`));
    const problems: string[] = [];
    for (const file of files) {
      for (const { text, line } of codeLines(file)) {
        // A file name, or a path below a folder; not a URL path (/api/v1/openapi.json) nor a pattern (dashboard-*.test.ts, <file>.json).
        for (const match of text.matchAll(/(?<![\w/.@:*>-])((?:\.\/)?[\w.-]+(?:\/[\w.-]+)*\.(?:ts|tsx|mjs|js|json|sql|md|yaml|yml|sh))(?![\w/*])/g)) {
          const name = match[1]!.replace(/^\.\//, "");
          if (name in FILES_ELSEWHERE || BUILT.some((folder) => name.startsWith(folder)) || exists(name)) continue;
          problems.push(`${file.path}:${line}: ${name} is no file of the repository`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
