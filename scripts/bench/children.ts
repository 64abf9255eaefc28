/**
 * The servers of a bench run as child processes: started with tsx and the event-loop probe
 * (event-loop-probe.ts, read over IPC), awaited until they answer GET /health, stopped with
 * SIGTERM (SIGKILL after 5 s). Every child started is remembered, so that no exit path (an
 * error, Ctrl-C, a closed pipe) leaves one running.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { EventLoopReading } from "./event-loop-probe";

export const ROOT = fileURLToPath(new URL("../../", import.meta.url));

export interface Child {
  process: ChildProcess;
  /** The tail of what the child printed, shown when it fails. */
  output: () => string;
}

const children: Child[] = [];
process.on("exit", () => {
  for (const child of children) if (child.process.exitCode === null) child.process.kill("SIGTERM");
});

/** BENCH_CPU_PROF=<dir>: every server writes a V8 CPU profile there when it stops. */
const profileFlags = process.env.BENCH_CPU_PROF ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];

export function startChild(script: string, env: Record<string, string>): Child {
  const child = spawn(process.execPath, [...profileFlags, "--import", "tsx", "--import", "./scripts/bench/event-loop-probe.ts", script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe", "ipc"],
  });
  let output = "";
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-8000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const entry: Child = { process: child, output: () => output };
  children.push(entry);
  return entry;
}

/** Starts a new event-loop delay window in the child. */
export function resetEventLoop(child: Child): void {
  child.process.send({ bench: "event-loop-reset" });
}

/** The child's event-loop delay since the last reset. */
export function readEventLoop(child: Child): Promise<EventLoopReading> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the event-loop probe did not answer")), 5000);
    const onMessage = (message: { bench?: string; reading?: EventLoopReading }) => {
      if (message.bench !== "event-loop" || !message.reading) return;
      clearTimeout(timer);
      child.process.off("message", onMessage);
      resolve(message.reading);
    };
    child.process.on("message", onMessage);
    child.process.send({ bench: "event-loop-read" });
  });
}

export async function waitUntilListening(name: string, baseUrl: string, child: Child): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.process.exitCode !== null) break;
    try {
      await fetch(`${baseUrl}/health`);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${name} did not start listening at ${baseUrl}. Its output:\n${child.output()}`);
}

export async function stopChild(child: Child): Promise<void> {
  if (child.process.exitCode !== null || child.process.signalCode !== null) return;
  const exited = new Promise((resolve) => child.process.once("exit", resolve));
  child.process.kill("SIGTERM");
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5000))]);
  if (child.process.exitCode === null && child.process.signalCode === null) child.process.kill("SIGKILL");
}

/** Stops every child still running, the last started first. */
export async function stopAllChildren(): Promise<void> {
  for (const child of [...children].reverse()) await stopChild(child);
}
