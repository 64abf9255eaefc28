/**
 * The e-mail renderer: TSX sources compiled with esbuild (cached by hash), then rendered by
 * a small pool of worker threads (sandbox/worker.mjs), each job in a fresh `vm` context
 * with no file system, network or process access. A worker that runs out of memory or
 * does not answer within the time limit is terminated and replaced; the caller gets
 * EMAIL_RENDERING_ERROR with what happened, and the event loop never waits on a render.
 */
import { createHash } from "node:crypto";
import { SourceMap } from "node:module";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import * as esbuild from "esbuild";
import { KnownError } from "../../../errors";

export interface RenderInput {
  themeSource: string;
  templateSource: string;
  variables?: Record<string, unknown>;
  user?: { displayName: string | null };
  project: { displayName: string };
  /** The project's logos, handed to the theme as `projectLogos` (for `<ProjectLogo />`). */
  projectLogos?: { logoUrl?: string; logoFullUrl?: string; logoDarkModeUrl?: string; logoFullDarkModeUrl?: string };
  unsubscribeLink?: string;
  /** Preview: the template's PreviewVariables and the theme's PreviewProps fill what is not given. */
  previewMode?: boolean;
}

export interface RenderedEmail {
  html: string;
  text: string;
  subject?: string;
  notificationCategory?: string;
}

export interface RendererOptions {
  /** Worker threads; renders beyond this many wait in a queue. */
  poolSize?: number;
  /** Wall-clock limit of one render, compile excluded. */
  timeoutMs?: number;
  /** Heap limit of each worker (resourceLimits.maxOldGenerationSizeMb). */
  memoryMb?: number;
}

interface Compiled {
  code: string;
  map: string;
}

interface Job {
  id: number;
  message: { id: number; theme: string; template: string; input: string; timeoutMs: number };
  maps: { theme: string; template: string };
  resolve: (value: RenderedEmail) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
  timer: NodeJS.Timeout | null;
}

const WORKER_URL = new URL("./sandbox/worker.mjs", import.meta.url);
const RUNTIME_ENTRY = fileURLToPath(new URL("./sandbox/runtime.js", import.meta.url));
const COMPILE_CACHE_SIZE = 500;

const renderingError = (error: string) => new KnownError("EMAIL_RENDERING_ERROR", { error: error.slice(0, 4000) });

let runtimeBundle: Promise<string> | null = null;

/** The sandbox's libraries, bundled once per process for the browser (no Node built-ins). */
function sandboxRuntime(): Promise<string> {
  runtimeBundle ??= esbuild
    .build({
      entryPoints: [RUNTIME_ENTRY],
      bundle: true,
      write: false,
      format: "iife",
      platform: "browser",
      target: "es2022",
      minify: true,
      legalComments: "none",
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    })
    .then((result) => result.outputFiles[0]!.text);
  runtimeBundle.catch(() => {
    runtimeBundle = null;
  });
  return runtimeBundle;
}

export class EmailRenderer {
  private readonly poolSize: number;
  private readonly timeoutMs: number;
  private readonly memoryMb: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly compiled = new Map<string, Promise<Compiled>>();
  private nextId = 1;
  private spawning = 0;
  private closed = false;

  constructor(options: RendererOptions = {}) {
    this.poolSize = options.poolSize ?? Math.max(2, Math.min(4, availableParallelism()));
    this.timeoutMs = options.timeoutMs ?? 5_000;
    this.memoryMb = options.memoryMb ?? 128;
  }

  /** Compiles a TSX source (cached by its hash); a syntax error throws EMAIL_RENDERING_ERROR naming the line. */
  compile(source: string, filename: "theme.tsx" | "template.tsx"): Promise<Compiled> {
    const key = `${filename}:${createHash("sha256").update(source).digest("base64url")}`;
    const cached = this.compiled.get(key);
    if (cached) {
      this.compiled.delete(key);
      this.compiled.set(key, cached);
      return cached;
    }
    const compiling = esbuild
      .transform(source, {
        loader: "tsx",
        format: "cjs",
        jsx: "automatic",
        target: "es2022",
        sourcefile: filename,
        sourcemap: "external",
        // import() becomes require(), which the sandbox answers for allowed modules only.
        supported: { "dynamic-import": false },
        logLevel: "silent",
      })
      .then(
        (result) => ({ code: result.code, map: result.map }),
        (error: unknown) => {
          throw renderingError(describeCompileError(error, filename));
        },
      );
    this.compiled.set(key, compiling);
    compiling.catch(() => this.compiled.delete(key));
    while (this.compiled.size > COMPILE_CACHE_SIZE) this.compiled.delete(this.compiled.keys().next().value!);
    return compiling;
  }

  async render(input: RenderInput): Promise<RenderedEmail> {
    if (this.closed) throw renderingError("The renderer is shut down.");
    const [theme, template] = await Promise.all([this.compile(input.themeSource, "theme.tsx"), this.compile(input.templateSource, "template.tsx")]);
    const payload = JSON.stringify({
      variables: input.variables ?? {},
      user: input.user ?? { displayName: input.previewMode ? "John Doe" : null },
      project: input.project,
      projectLogos: input.projectLogos ?? {},
      unsubscribeLink: input.unsubscribeLink,
      previewMode: input.previewMode ?? false,
    });
    const id = this.nextId++;
    return new Promise<RenderedEmail>((resolve, reject) => {
      this.queue.push({
        id,
        message: { id, theme: theme.code, template: template.code, input: payload, timeoutMs: this.timeoutMs },
        maps: { theme: theme.map, template: template.map },
        resolve,
        reject,
      });
      void this.dispatch();
    });
  }

  /** Starts one worker in the background, so the first mail does not wait for it. */
  warm(): void {
    if (this.closed || this.slots.length + this.spawning > 0) return;
    this.spawn().then(
      () => void this.dispatch(),
      () => {
        /* the first render will try again and report */
      },
    );
  }

  /** Stops every worker; pending renders fail. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) job.reject(renderingError("The renderer is shut down."));
    await Promise.all(
      this.slots.splice(0).map((slot) => {
        if (slot.timer) clearTimeout(slot.timer);
        slot.job?.reject(renderingError("The renderer is shut down."));
        return slot.worker.terminate();
      }),
    );
  }

  private async dispatch(): Promise<void> {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.job === null);
      if (!slot) {
        if (this.slots.length + this.spawning >= this.poolSize) return;
        try {
          slot = await this.spawn();
        } catch (error) {
          const message = `The renderer could not start: ${error instanceof Error ? error.message : String(error)}`;
          for (const job of this.queue.splice(0)) job.reject(renderingError(message));
          return;
        }
        if (this.closed) return;
        if (slot.job !== null) continue;
      }
      const job = this.queue.shift();
      if (!job) return;
      this.run(slot, job);
    }
  }

  private async spawn(): Promise<Slot> {
    this.spawning++;
    let runtimeCode: string;
    try {
      runtimeCode = await sandboxRuntime();
    } finally {
      this.spawning--;
    }
    const worker = new Worker(WORKER_URL, {
      workerData: { runtimeCode },
      resourceLimits: { maxOldGenerationSizeMb: this.memoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
      env: {},
      stdout: true,
      stderr: true,
    });
    worker.unref();
    const slot: Slot = { worker, job: null, timer: null };
    this.slots.push(slot);
    worker.on("message", (message: { id: number; ok: boolean; result?: string; error?: string }) => {
      const job = slot.job;
      if (!job || job.id !== message.id) return;
      this.finish(slot);
      if (message.ok) {
        try {
          job.resolve(JSON.parse(message.result!) as RenderedEmail);
        } catch {
          job.reject(renderingError("The renderer returned an unreadable result."));
        }
      } else {
        job.reject(renderingError(describeRuntimeError(message.error ?? "Unknown error", job.maps)));
      }
      void this.dispatch();
    });
    worker.on("error", (error: Error & { code?: string }) => {
      const outOfMemory = error.code === "ERR_WORKER_OUT_OF_MEMORY";
      this.replace(slot, outOfMemory ? "Rendering used more memory than allowed and was stopped." : `The renderer failed: ${error.message}`);
    });
    worker.on("exit", () => this.replace(slot, "The renderer stopped unexpectedly."));
    return slot;
  }

  private run(slot: Slot, job: Job): void {
    slot.job = job;
    slot.worker.ref();
    // The worker enforces the limit per evaluation; this catches what it cannot (a loop in a getter read outside the context).
    slot.timer = setTimeout(() => this.replace(slot, `Rendering took longer than ${this.timeoutMs} ms and was stopped.`), this.timeoutMs + 1_000);
    slot.worker.postMessage(job.message);
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.job = null;
    slot.worker.unref();
  }

  /** Drops a broken or runaway worker: its job fails with `reason`, and the next job gets a new worker. */
  private replace(slot: Slot, reason: string): void {
    const at = this.slots.indexOf(slot);
    if (at < 0) return;
    this.slots.splice(at, 1);
    const job = slot.job;
    this.finish(slot);
    void slot.worker.terminate();
    job?.reject(renderingError(reason));
    if (!this.closed) void this.dispatch();
  }
}

function describeCompileError(error: unknown, filename: string): string {
  const failure = error as { errors?: Array<{ text: string; location?: { line: number; column: number } | null }> };
  const first = failure.errors?.[0];
  if (!first) return `${filename}: ${error instanceof Error ? error.message : String(error)}`;
  return first.location ? `${filename} line ${first.location.line}, column ${first.location.column + 1}: ${first.text}` : `${filename}: ${first.text}`;
}

/** The error's first line, and where in the author's source it happened (mapped back through the source map). */
function describeRuntimeError(stack: string, maps: { theme: string; template: string }): string {
  const lines = stack.split("\n");
  const headline = lines[0]!.replace(/^Error: /, "");
  for (const line of lines.slice(1)) {
    const match = /(theme|template)\.tsx:(\d+):(\d+)/.exec(line);
    if (!match) continue;
    const name = match[1] as "theme" | "template";
    try {
      // The worker wraps the compiled module in one line of its own.
      const entry = new SourceMap(JSON.parse(maps[name]) as never).findEntry(Number(match[2]) - 2, Number(match[3]) - 1) as { originalLine?: number };
      if (entry.originalLine !== undefined) return `${name}.tsx line ${entry.originalLine + 1}: ${headline}`;
    } catch {
      /* fall through to the unmapped message */
    }
    return `${name}.tsx: ${headline}`;
  }
  return headline;
}
