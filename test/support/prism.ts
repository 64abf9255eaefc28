/**
 * Starts Stoplight Prism as a child process for the contract tests: either a mock of the
 * published OpenAPI document, or the validating proxy in front of a real server.
 *
 * Prism runs in its own process group (detached), so closing it ends everything it
 * started; a process-exit hook kills any group a crashed test run left behind. Its output
 * is kept (bounded) and quoted in every start-up error, so a failure says why.
 *
 * How Prism reports schema violations (prism-http-server 5.14):
 * - every request or response that breaks the document gets a `sl-violations` response
 *   header: a JSON array of `{location, severity, code, message}`;
 * - with `--errors`, a response violation of severity Error replaces the response with
 *   500 `application/problem+json` of type `…/errors#VIOLATIONS` (details in `validation`);
 * - in proxy mode with `--errors`, a request that breaks the document is not forwarded:
 *   401 `…#UNAUTHORIZED` for unmet security requirements, 422 `…#UNPROCESSABLE_ENTITY`
 *   for anything else; an undocumented path is 404 `…#NO_PATH_MATCHED_ERROR`.
 * Prism ignores the document's relative `servers` entry: paths are served from the root,
 * and the proxy appends them to the upstream URL as given.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "../harness";

const require = createRequire(import.meta.url);

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
export const OPENAPI_DOCUMENT = join(REPO_ROOT, "openapi/openapi.json");

const PRISM_CLI = join(dirname(require.resolve("@stoplight/prism-cli/package.json")), "dist/index.js");
const MAX_OUTPUT_CHARS = 64 * 1024;

/**
 * Prism runs under this small watchdog (the leader of the detached group). The watchdog
 * holds our end of a stdin pipe: when the test process dies in any way, even by SIGKILL,
 * the pipe closes and the watchdog stops Prism, so no orphan keeps a port.
 */
const WATCHDOG = `
const { spawn } = require("node:child_process");
const prism = spawn(process.execPath, process.argv.slice(1), { stdio: ["ignore", "inherit", "inherit"] });
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  prism.kill("SIGTERM");
  setTimeout(() => { prism.kill("SIGKILL"); process.exit(1); }, 3000).unref();
};
process.stdin.on("end", stop);
process.stdin.on("close", stop);
process.stdin.resume();
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
prism.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
`;

export type PrismOptions =
  | { mode: "mock"; document?: string; errors?: boolean; startTimeoutMs?: number }
  | { mode: "proxy"; upstream: string; document?: string; errors?: boolean; startTimeoutMs?: number };

export interface PrismInstance {
  /** Base URL to send requests to, e.g. `http://127.0.0.1:43121` (document paths go right after it). */
  url: string;
  port: number;
  mode: "mock" | "proxy";
  /** The last 64 KB of Prism's stdout and stderr. */
  output: () => string;
  close: () => Promise<void>;
}

const running = new Set<ChildProcess>();
let exitHookInstalled = false;

function installExitHook() {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const child of running) killGroup(child, "SIGKILL");
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
}

function argsFor(options: PrismOptions, port: number): string[] {
  const document = options.document ?? OPENAPI_DOCUMENT;
  const common = ["--host", "127.0.0.1", "--port", String(port), "--errors", String(options.errors ?? true)];
  return options.mode === "mock"
    ? [PRISM_CLI, "mock", document, ...common]
    : [PRISM_CLI, "proxy", document, options.upstream, ...common];
}

/** Starts Prism and resolves once it answers HTTP; retries on a port taken in the meantime. */
export async function startPrism(options: PrismOptions): Promise<PrismInstance> {
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      return await startOnce(options, await freePort());
    } catch (error) {
      lastError = error;
      if (!String(error).includes("EADDRINUSE")) throw error;
    }
  }
  throw lastError;
}

async function startOnce(options: PrismOptions, port: number): Promise<PrismInstance> {
  installExitHook();
  const timeoutMs = options.startTimeoutMs ?? 60_000;
  let output = "";
  const append = (chunk: Buffer) => {
    output += chunk.toString("utf8");
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS);
  };

  const child = spawn(process.execPath, ["-e", WATCHDOG, ...argsFor(options, port)], {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ["pipe", "pipe", "pipe"],
    env: { ...process.env, NO_COLOR: "1", FORCE_COLOR: "0" },
  });
  running.add(child);
  child.stdout!.on("data", append);
  child.stderr!.on("data", append);
  const exited = new Promise<string>((resolveExit) => {
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolveExit(`exited with ${signal ?? `code ${code}`}`);
    });
    child.once("error", (error) => {
      running.delete(child);
      resolveExit(`could not start: ${error.message}`);
    });
  });

  const url = `http://127.0.0.1:${port}`;
  const close = async () => {
    if (!running.has(child)) return;
    killGroup(child, "SIGTERM");
    const killed = await Promise.race([exited.then(() => true), delay(5_000).then(() => false)]);
    if (!killed) {
      killGroup(child, "SIGKILL");
      await Promise.race([exited, delay(5_000)]);
    }
  };

  const describe = () => `prism ${options.mode} on port ${port}`;
  const deadline = Date.now() + timeoutMs;
  let status: string | undefined;
  while (status === undefined) {
    // Ready when Prism says so and the port answers: not some other process on a reused port.
    const listening = () => output.includes(`Prism is listening on ${url}`);
    status = await Promise.race([exited, answers(url).then((ok) => (ok && listening() ? "ready" : undefined))]);
    if (status === "ready") break;
    if (status !== undefined) throw new Error(`${describe()} ${status} before answering.\n--- prism output ---\n${output}`);
    if (Date.now() > deadline) {
      await close();
      throw new Error(`${describe()} did not answer within ${timeoutMs} ms.\n--- prism output ---\n${output}`);
    }
    await delay(100);
  }

  return { url, port, mode: options.mode, output: () => output, close };
}

/** Any HTTP answer at all means Prism is listening (an unknown path is its own 404). */
async function answers(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/__prism_readiness_probe`, { signal: AbortSignal.timeout(2_000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

function delay(ms: number) {
  return new Promise<void>((done) => setTimeout(done, ms));
}
