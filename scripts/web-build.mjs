/**
 * Builds the React app into web/dist when it is missing or older than its sources. Shared
 * by `npm start` (scripts/start.mjs) and the browser tests, so both serve what the sources say.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("..", import.meta.url));
export const WEB_DIST_DIR = join(ROOT, "web", "dist");

/** What the built app is made from: the app, its entry page and config, and the clients it bundles. */
const SOURCES = ["web/src", "web/public", "web/index.html", "web/package.json", "clients/src"];
const SOURCE_PATTERNS = [/^vite\.config\.[cm]?[jt]s$/];

/** The reason web/dist must be (re)built, or null when it is up to date. */
export function webBuildStaleReason() {
  const builtAt = mtime(join(WEB_DIST_DIR, "index.html"));
  if (builtAt === null) return "web/dist does not exist yet";
  const configs = readdirSync(join(ROOT, "web"))
    .filter((name) => SOURCE_PATTERNS.some((pattern) => pattern.test(name)))
    .map((name) => `web/${name}`);
  for (const source of [...SOURCES, ...configs]) {
    const newer = findNewer(join(ROOT, source), builtAt);
    if (newer) return `${newer.slice(ROOT.length)} changed since the last build`;
  }
  return null;
}

/** Builds web/dist if it is stale; returns whether it built. Throws when the build fails. */
export function ensureWebBuilt({ log = (message) => console.log(message) } = {}) {
  const reason = webBuildStaleReason();
  if (reason === null) return false;
  log(`Building the web app (${reason})…`);
  const npm = process.platform === "win32" ? "npm.cmd" : "npm";
  // Always the production build: under vitest NODE_ENV is "test", and Vite would then bundle
  // React's development runtime (StrictMode double effects, source paths in the bundle).
  const env = { ...process.env, NODE_ENV: "production" };
  const result = spawnSync(npm, ["run", "build", "--workspace", "web"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    throw new Error(`Building the web app failed (npm run build -w web):\n${result.stdout ?? ""}${result.stderr ?? ""}${result.error?.message ?? ""}`);
  }
  return true;
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}

/** The first file under `path` modified after `time`, or null. */
function findNewer(path, time) {
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs > time ? path : null;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || entry.name.endsWith(".test.ts")) continue;
    const found = findNewer(join(path, entry.name), time);
    if (found) return found;
  }
  return null;
}
