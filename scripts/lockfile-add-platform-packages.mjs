// Adds package-lock entries for the @rollup/rollup-* platform packages that rollup lists as
// optional dependencies. The registry here does not serve the non-Linux ones, so `npm install`
// leaves them out of the lock and `npm ci` then refuses it (npm/cli#9846). Run this after any
// `npm install` that rewrites package-lock.json.
import fs from "node:fs";
const lock = JSON.parse(fs.readFileSync("package-lock.json", "utf8"));
const rollup = lock.packages["node_modules/rollup"];
const cpus = { arm: "arm", arm64: "arm64", x64: "x64", ia32: "ia32", loong64: "loong64", ppc64: "ppc64", riscv64: "riscv64", s390x: "s390x" };
let added = 0;
for (const [name, version] of Object.entries(rollup.optionalDependencies)) {
  const key = `node_modules/${name}`;
  if (!name.startsWith("@rollup/") || lock.packages[key]) continue;
  const [, os, cpu, abi] = name.match(/^@rollup\/rollup-([a-z0-9]+)-([a-z0-9]+)(?:-([a-z]+))?$/);
  const entry = { version, dev: true, license: "MIT", optional: true, os: [os], cpu: [cpus[cpu]] };
  if (abi && /gnu/.test(abi) && os === "linux") entry.libc = ["glibc"];
  if (abi && /musl/.test(abi)) entry.libc = ["musl"];
  lock.packages[key] = entry; added++;
}
// npm's own order (an English locale compare), so that a later `npm install` rewrites nothing.
const sorted = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b, "en"))));
lock.packages = sorted;
fs.writeFileSync("package-lock.json", JSON.stringify(lock, null, 2) + "\n");
console.log(`added ${added} entries`);
