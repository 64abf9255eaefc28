#!/usr/bin/env node
/**
 * `npm start`: build the web app if its sources changed, then run the server
 * (`tsx server/src/main.ts`) with this process's stdio and environment; with
 * NODE_ENV=production, run the release build instead (`node dist/server.js`, from `npm run build`). SIGINT and
 * SIGTERM are passed on, and the server's exit status becomes ours.
 *
 * The server runs in its own process group and gets exactly one signal, from here: a
 * terminal's Ctrl-C reaches every process of the foreground group (and npm relays it
 * again), and a second SIGINT would cut the server's graceful shutdown short.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { constants } from "node:os";
import { ensureWebBuilt, ROOT } from "./web-build.mjs";

/** In production the release build (`npm run build`, dist/) under plain Node; otherwise the sources under tsx. */
function serverCommand() {
  if (process.env.NODE_ENV === "production") {
    if (!existsSync(join(ROOT, "dist", "server.js"))) {
      console.error("NODE_ENV=production runs the release build in dist/, which is not there: run npm run build first.");
      process.exit(1);
    }
    return ["--enable-source-maps", "dist/server.js"];
  }
  try {
    ensureWebBuilt();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  return [createRequire(import.meta.url).resolve("tsx/cli"), "server/src/main.ts"];
}

const server = spawn(process.execPath, serverCommand(), {
  cwd: ROOT,
  stdio: "inherit",
  env: process.env,
  detached: true,
});

let forwarded = false;
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    if (forwarded || server.exitCode !== null || server.signalCode !== null) return;
    forwarded = true;
    server.kill(signal);
  });
}
// Should this process end without a signal to pass on, the server must not outlive it.
process.on("exit", () => {
  if (server.exitCode === null && server.signalCode === null) server.kill("SIGTERM");
});

server.on("error", (error) => {
  console.error(`Could not start the server: ${error.message}`);
  process.exit(1);
});
server.on("exit", (code, signal) => {
  process.exit(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
});
