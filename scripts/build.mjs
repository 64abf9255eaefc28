#!/usr/bin/env node
/**
 * `npm run build`: the release artifact in dist/, which runs with Node.js and the server's
 * production dependencies alone (no TypeScript toolchain, no workspace):
 *
 *   dist/server.js (+ .map)   the server, bundled by esbuild; packages stay imports
 *   dist/gatehouse.js (+ .map) the command line (import, export), bundled the same way
 *   dist/package.json         the server's production dependencies, at the versions built against
 *   dist/migrations/          the SQL migrations (db/migrate.ts reads them beside the bundle)
 *   dist/sandbox/             the e-mail rendering sandbox's worker and runtime (bundled at run time)
 *   dist/web/                 the built web app (handler pages, dashboard)
 *   dist/api-reference/       the API reference page's standalone script
 *   dist/docs/                the manual's Markdown pages, served at /docs
 *
 * In an empty folder holding a copy of dist/: `npm install --omit=dev`, then `node server.js`.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { build } from "esbuild";
import { ensureWebBuilt, ROOT, WEB_DIST_DIR } from "./web-build.mjs";

const DIST = join(ROOT, "dist");
const SERVER = join(ROOT, "server");
const require = createRequire(join(SERVER, "package.json"));

const started = Date.now();
rmSync(DIST, { recursive: true, force: true });
mkdirSync(DIST, { recursive: true });

ensureWebBuilt();
cpSync(WEB_DIST_DIR, join(DIST, "web"), { recursive: true });

await build({
  // The server, and the operator's command line (`node gatehouse.js import ...`) beside it.
  entryPoints: { server: join(SERVER, "src", "main.ts"), gatehouse: join(SERVER, "src", "cli", "gatehouse.ts") },
  outdir: DIST,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20.19",
  sourcemap: true,
  // Packages are installed beside the bundle (dist/package.json), as a deployment installs them:
  // native addons (argon2), WebAssembly (PGlite) and files read from their own folders stay whole.
  packages: "external",
  banner: { js: "// Gatehouse: built by scripts/build.mjs; run the server with `node server.js`, the command line with `node gatehouse.js`." },
  logLevel: "warning",
});

// Modules read files beside themselves (import.meta.url); in the bundle that is beside server.js.
cpSync(join(SERVER, "src", "db", "migrations"), join(DIST, "migrations"), { recursive: true });
cpSync(join(SERVER, "src", "services", "emails", "rendering", "sandbox"), join(DIST, "sandbox"), { recursive: true });
const referenceScript = join(dirname(require.resolve("@scalar/api-reference")), "browser", "standalone.js");
mkdirSync(join(DIST, "api-reference"));
cpSync(referenceScript, join(DIST, "api-reference", "standalone.js"));
cpSync(join(ROOT, "docs"), join(DIST, "docs"), { recursive: true });

writeFileSync(join(DIST, "package.json"), `${JSON.stringify(artifactManifest(), null, 2)}\n`);
console.log(`Built dist/ in ${((Date.now() - started) / 1000).toFixed(1)} s: node dist/server.js after npm install --omit=dev in dist/.`);

/** The server's production dependencies, pinned to the versions installed here and built against. */
function artifactManifest() {
  const server = JSON.parse(readFileSync(join(SERVER, "package.json"), "utf8"));
  const root = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8"));
  const dependencies = Object.fromEntries(Object.keys(server.dependencies).sort().map((name) => [name, installedVersion(name)]));
  return {
    name: "gatehouse-server",
    version: gitVersion(),
    private: true,
    type: "module",
    engines: root.engines,
    scripts: { start: "node --enable-source-maps server.js" },
    dependencies,
  };
}

/** The version npm installed for the server: in its own node_modules if it had to, else hoisted to the root's. */
function installedVersion(name) {
  for (const dir of [join(SERVER, "node_modules", name), join(ROOT, "node_modules", name)]) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) return JSON.parse(readFileSync(manifest, "utf8")).version;
  }
  throw new Error(`${name} is a dependency of the server but is not installed: run npm install first`);
}

/** `0.0.0-<commit>` when built from a git checkout, so an artifact says what it was built from. */
function gitVersion() {
  const result = spawnSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: ROOT, encoding: "utf8" });
  return result.status === 0 ? `0.0.0-${result.stdout.trim()}` : "0.0.0";
}
