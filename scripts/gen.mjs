#!/usr/bin/env node
/**
 * `npm run gen`: emit openapi/openapi.json from the server's routes and its OpenAPI 3.0.3
 * rendering openapi/openapi-3.0.json (for generators that read only 3.0), lint both with Redocly,
 * generate the API's TypeScript types once (clients/src/generated/openapi-types.d.ts: the
 * openapi-fetch client and the server test harness's typed call() read this one file), the
 * known-error codes the document declares (clients/src/generated/known-errors.ts: every code,
 * and each operation's) and the React Query hooks (clients/src/react-query/generated/).
 *
 * It also extracts the English of the translated pages (Lingui's macros in web/src) into the
 * catalogs web/src/locales/<locale>.po, keeping their translations and dropping what the code no
 * longer says; translators fill in the rest.
 *
 * `npm run gen:check` (`--check`): do the same into a scratch copy of the tree and fail,
 * listing each difference, when anything committed is not what generation produces.
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const OPENAPI = "openapi/openapi.json";
const OPENAPI_30 = "openapi/openapi-3.0.json";
/** Generated for the client library outside the hooks; the server's test harness imports the types type-only. */
const CLIENT_GENERATED_DIR = "clients/src/generated";
const TYPES = `${CLIENT_GENERATED_DIR}/openapi-types.d.ts`;
const KNOWN_ERRORS = `${CLIENT_GENERATED_DIR}/known-errors.ts`;
const HOOKS_DIR = "clients/src/react-query/generated";
const CATALOGS_DIR = "web/src/locales";
/** Everything generation writes; gen:check compares exactly these. */
const GENERATED = [OPENAPI, OPENAPI_30, CLIENT_GENERATED_DIR, HOOKS_DIR, CATALOGS_DIR];
/**
 * Hand-written files generation reads: orval bundles the mutator to learn its signature, and
 * extraction keeps the catalogs' translations.
 */
const GENERATOR_INPUTS = ["clients/src/react-query/mutator.ts", "clients/src/session", CATALOGS_DIR];

const check = process.argv.includes("--check");

if (check) {
  const scratch = mkdtempSync(join(tmpdir(), "gatehouse-gen-"));
  try {
    for (const input of GENERATOR_INPUTS) cpSync(join(ROOT, input), join(scratch, input), { recursive: true });
    generate(scratch);
    const differences = GENERATED.flatMap((path) => compare(join(ROOT, path), join(scratch, path), path));
    if (differences.length > 0) {
      console.error(`\nGenerated files are out of date (${differences.length}); run \`npm run gen\` and commit the result:\n`);
      for (const difference of differences) console.error(difference);
      process.exitCode = 1;
    } else {
      console.log("gen:check: openapi.json, openapi-3.0.json, the TypeScript types, the known-error codes, the React Query hooks and the translation catalogs are up to date.");
    }
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
} else {
  generate(ROOT);
  console.log("gen: done.");
}

/** Runs every generation step with `root` as the tree to write into. */
function generate(root) {
  const openapi = join(root, OPENAPI);
  mkdirSync(dirname(openapi), { recursive: true });
  const openapi30 = join(root, OPENAPI_30);
  step("emit openapi.json and openapi-3.0.json", "tsx", ["scripts/emit-openapi.ts", openapi, openapi30]);
  step("lint openapi.json", "redocly", ["lint", openapi, "--config", "redocly.yaml", "--format", "stylish"], { showOutput: !check });
  step("lint openapi-3.0.json", "redocly", ["lint", openapi30, "--config", "redocly.yaml", "--format", "stylish"], { showOutput: !check });
  step("generate the TypeScript types", "openapi-typescript", [openapi, "--output", join(root, TYPES)]);
  // Before orval: it bundles the mutator, whose session layer imports the codes.
  writeKnownErrors(openapi, join(root, KNOWN_ERRORS));
  console.log("✓ generate the known-error codes");
  step("generate React Query hooks", "orval", ["--config", "orval.config.ts"], { env: { GATEHOUSE_GEN_ROOT: root } });
  writeHooksIndex(join(root, HOOKS_DIR));
  step("extract the translated pages' messages", "lingui", ["extract", "--config", "web/lingui.config.ts", "--clean", "--workers", "1"], {
    env: { LINGUI_CATALOG_DIR: join(root, CATALOGS_DIR) },
  });
}

/**
 * The known-error codes the document declares: each operation's, read from the `code` enum of
 * its JSON error answers (status 400 and up), and their union. Client code compares and maps
 * codes through these types, so a misspelt code does not compile.
 */
function writeKnownErrors(openapiPath, target) {
  const document = JSON.parse(readFileSync(openapiPath, "utf8"));
  const schemaOf = (schema) => (schema?.$ref ? document.components.schemas[schema.$ref.slice("#/components/schemas/".length)] : schema);
  const byOperation = new Map();
  for (const item of Object.values(document.paths)) {
    for (const operation of Object.values(item)) {
      if (typeof operation !== "object" || !operation.operationId) continue;
      const codes = new Set(byOperation.get(operation.operationId) ?? []);
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (Number(status) < 400) continue;
        for (const code of schemaOf(response.content?.["application/json"]?.schema)?.properties?.code?.enum ?? []) codes.add(code);
      }
      byOperation.set(operation.operationId, codes);
    }
  }
  const all = [...new Set([...byOperation.values()].flatMap((codes) => [...codes]))].sort();
  const union = (codes) => (codes.size === 0 ? "never" : [...codes].sort().map((code) => JSON.stringify(code)).join(" | "));
  const lines = [
    "/**",
    " * Generated by scripts/gen.mjs from openapi/openapi.json. Do not edit: run `npm run gen`.",
    " * The known-error codes the API's operations declare in their error answers.",
    " */",
    "",
    `/** Every known-error code an operation of the API declares (${all.length}). */`,
    "export const DECLARED_ERROR_CODES = [",
    ...all.map((code) => `  ${JSON.stringify(code)},`),
    "] as const;",
    "",
    "export type DeclaredErrorCode = (typeof DECLARED_ERROR_CODES)[number];",
    "",
    "/** The known-error codes each operation declares, by operationId (`never`: it declares none). */",
    "export interface OperationErrorCodes {",
    ...[...byOperation.keys()].sort().map((id) => `  ${id}: ${union(byOperation.get(id))};`),
    "}",
    "",
  ];
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, lines.join("\n"));
}

/** One index re-exporting every generated module, so a new tag needs no hand edit. */
function writeHooksIndex(dir) {
  const modules = readdirSync(dir)
    .filter((name) => name.endsWith(".ts") && name !== "index.ts")
    .map((name) => name.slice(0, -".ts".length))
    .sort();
  const lines = [
    "/**",
    " * Generated by scripts/gen.mjs. Do not edit: run `npm run gen`.",
    " */",
    ...modules.map((module) => `export * from "./${module}";`),
    "",
  ];
  writeFileSync(join(dir, "index.ts"), lines.join("\n"));
}

function step(title, bin, args, { env = {}, showOutput = false } = {}) {
  const started = Date.now();
  const result = spawnSync(join(ROOT, "node_modules", ".bin", bin), args, {
    cwd: ROOT,
    encoding: "utf8",
    env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true", NO_COLOR: "1", ...env },
  });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
  if (result.status !== 0) {
    console.error(`✗ ${title} failed${result.error ? `: ${result.error.message}` : ""}\n${output}`);
    process.exit(1);
  }
  console.log(`✓ ${title} (${Date.now() - started} ms)`);
  if (showOutput && output) console.log(indent(output));
}

/** Differences between the committed `actual` and freshly generated `expected`, file by file. */
function compare(actual, expected, label) {
  const actualFiles = listFiles(actual);
  const expectedFiles = listFiles(expected);
  const differences = [];
  for (const file of [...new Set([...actualFiles, ...expectedFiles])].sort()) {
    const name = file === "" ? label : `${label}/${file}`;
    const committed = actualFiles.includes(file) ? readFileSync(join(actual, file), "utf8") : null;
    const fresh = expectedFiles.includes(file) ? readFileSync(join(expected, file), "utf8") : null;
    if (committed === fresh) continue;
    if (committed === null) differences.push(`  missing: ${name} (generation creates it)`);
    else if (fresh === null) differences.push(`  stale:   ${name} (generation no longer creates it)`);
    else differences.push(`  changed: ${name}\n${lineDiff(committed, fresh)}`);
  }
  return differences;
}

/** Files under `path` relative to it ("" when `path` is a file); [] when it does not exist. */
function listFiles(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [""];
  return readdirSync(path, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(path, join(entry.parentPath, entry.name)))
    .sort();
}

/** The changed region between two texts: the lines after the common start and before the common end. */
function lineDiff(before, after, limit = 12) {
  const a = before.split("\n");
  const b = after.split("\n");
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA -= 1;
    endB -= 1;
  }
  const show = (lines, sign) => [
    ...lines.slice(0, limit).map((line) => `      ${sign} ${line}`),
    ...(lines.length > limit ? [`      ${sign} … ${lines.length - limit} more lines`] : []),
  ];
  return [
    `    @@ line ${start + 1} (committed - / generated +)`,
    ...show(a.slice(start, endA), "-"),
    ...show(b.slice(start, endB), "+"),
  ].join("\n");
}

function indent(text) {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}
