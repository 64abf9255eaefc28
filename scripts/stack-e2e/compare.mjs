#!/usr/bin/env node
// Compares classified runs side by side, as Markdown: the share of Stack's tests that match
// (passed, or failed on wording alone), overall and per file, and every test that does not match
// in the last run named, with its category and first difference.
// The Neon and custom-integration files (a hosted-platform feature) are left out of every count.
// Usage: node compare.mjs <label>=<WORK> [<label>=<WORK> …] > report.md
//        (each WORK holds results.json and classified.json, as run.sh leaves them)
import fs from "node:fs";
import path from "node:path";

const runs = process.argv.slice(2).map((arg) => {
  const at = arg.indexOf("=");
  if (at < 1) throw new Error(`expected <label>=<WORK>, got ${arg}`);
  return { label: arg.slice(0, at), work: arg.slice(at + 1) };
});
if (runs.length === 0) throw new Error("usage: node compare.mjs <label>=<WORK> [<label>=<WORK> …]");

const SUITE = "tests/backend/endpoints/api/v1/";
const hostedPlatform = (file) => /^integrations\/(neon|custom)\//.test(file);

/** Per file: each test that ran (passed or failed; skipped and todo left out) with its outcome. */
function readRun({ work }) {
  const results = JSON.parse(fs.readFileSync(path.join(work, "results.json"), "utf8"));
  const classified = JSON.parse(fs.readFileSync(path.join(work, "classified.json"), "utf8"));
  const byTest = new Map(classified.map((t) => [`${t.file}::${t.name}`, t]));
  const files = new Map();
  for (const fileResult of results.testResults) {
    const file = fileResult.name.slice(fileResult.name.indexOf(SUITE) + SUITE.length);
    if (hostedPlatform(file)) continue;
    const tests = [];
    for (const t of fileResult.assertionResults) {
      if (t.status !== "passed" && t.status !== "failed") continue;
      const name = [...t.ancestorTitles.filter(Boolean), t.title].join(" > ");
      const found = t.status === "failed" ? byTest.get(`${SUITE}${file}::${name}`) : undefined;
      const outcome = t.status === "passed" ? "passed" : found?.cat === "d" ? "wording" : "differs";
      tests.push({ name, outcome, cat: found?.cat ?? "", endpoint: found?.endpoint ?? "", diff: found?.diffs?.[0] });
    }
    files.set(file, tests);
  }
  return files;
}

const read = runs.map((run) => ({ ...run, files: readRun(run) }));
const count = (tests) => ({
  passed: tests.filter((t) => t.outcome === "passed").length,
  wording: tests.filter((t) => t.outcome === "wording").length,
  ran: tests.length,
});
const pct = (c) => (c.ran === 0 ? "–" : `${(((c.passed + c.wording) / c.ran) * 100).toFixed(1)} %`);

const out = [];
out.push("| run | passed | wording only | matching | of | % |", "|---|---:|---:|---:|---:|---:|");
for (const run of read) {
  const c = count([...run.files.values()].flat());
  out.push(`| ${run.label} | ${c.passed} | ${c.wording} | ${c.passed + c.wording} | ${c.ran} | ${pct(c)} |`);
}

out.push("", `Per file, matching of those that ran (${read.map((r) => r.label).join(", ")}):`, "");
out.push(`| file | ${read.map((r) => r.label).join(" | ")} |`, `|---|${read.map(() => "---:").join("|")}|`);
const allFiles = [...new Set(read.flatMap((r) => [...r.files.keys()]))].sort();
for (const file of allFiles) {
  const cells = read.map((run) => {
    const tests = run.files.get(file);
    if (!tests) return "–";
    const c = count(tests);
    return `${c.passed + c.wording}/${c.ran}`;
  });
  out.push(`| ${file} | ${cells.join(" | ")} |`);
}

const last = read.at(-1);
const short = (value) => {
  const text = typeof value === "string" ? value : JSON.stringify(value);
  const flat = String(text ?? "").replace(/\s+/g, " ").trim();
  return flat.length > 90 ? `${flat.slice(0, 87)}…` : flat;
};
out.push("", `Not matching in ${last.label}, by file (category, endpoint, first difference: Stack | Gatehouse):`, "");
for (const [file, tests] of [...last.files].sort(([a], [b]) => a.localeCompare(b))) {
  for (const t of tests.filter((x) => x.outcome === "differs")) {
    const diff = t.diff ? `${t.diff.path || "(body)"}: ${short(t.diff.exp)} | ${short(t.diff.act)}` : "";
    out.push(`- ${file} › ${t.name.replace(/\|/g, "\\|")}: [${t.cat || "?"}] ${t.endpoint} ${diff.replace(/\|/g, "¦")}`.trimEnd());
  }
}
console.log(out.join("\n"));
