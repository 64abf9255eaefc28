import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    artifactDir: string;
  }
}

const ROOT = fileURLToPath(new URL("../../", import.meta.url));

/**
 * One artifact per test run, shared by the projects that run the contract suite against it. Each
 * project loads this file as a module of its own, so the sharing goes through the process's global.
 */
const shared = globalThis as { gatehouseArtifact?: { dir: string; users: number } };

export default function setup(project: TestProject) {
  shared.gatehouseArtifact ??= { dir: prepareArtifact(), users: 0 };
  const prepared = shared.gatehouseArtifact;
  prepared.users += 1;
  project.provide("artifactDir", prepared.dir);
  return () => {
    if (--prepared.users > 0) return;
    rmSync(prepared.dir, { recursive: true, force: true });
    shared.gatehouseArtifact = undefined;
  };
}

/**
 * The release artifact as a deployment gets it: `npm run build`, dist/ copied into an empty
 * folder outside the repository (so nothing resolves from the workspace's node_modules), and
 * only its production dependencies installed there.
 */
function prepareArtifact(): string {
  run(process.execPath, [join(ROOT, "scripts", "build.mjs")], ROOT);
  const dir = mkdtempSync(join(tmpdir(), "gatehouse-artifact-"));
  cpSync(join(ROOT, "dist"), dir, { recursive: true });
  run(npm(), ["install", "--omit=dev", "--no-audit", "--no-fund", "--loglevel=error"], dir);
  if (!existsSync(join(dir, "node_modules", "hono"))) throw new Error(`npm install in ${dir} installed no production dependencies`);
  if (existsSync(join(dir, "node_modules", "typescript")) || existsSync(join(dir, "node_modules", "tsx"))) {
    throw new Error("the artifact's production install brought a TypeScript toolchain");
  }
  // The command line ships in the artifact too, and loads with the production dependencies alone.
  const usage = spawnSync(process.execPath, [join(dir, "gatehouse.js"), "--help"], { cwd: dir, encoding: "utf8" });
  if (usage.status !== 0 || !usage.stdout.includes("gatehouse -- <command>")) throw new Error(`node gatehouse.js --help failed in ${dir}:\n${usage.stdout}${usage.stderr}`);
  return dir;
}

function npm(): string {
  return process.platform === "win32" ? "npm.cmd" : "npm";
}

function run(command: string, args: string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}${result.stderr}${result.error?.message ?? ""}`);
}
