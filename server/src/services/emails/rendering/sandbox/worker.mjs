/**
 * A rendering worker thread. It receives the sandbox runtime once (workerData), then
 * render jobs: each runs in a fresh `vm` context built from that runtime, with no
 * `require`, `process`, network or timers of ours inside, string code generation off, and
 * every evaluation under `timeoutMs`. Memory is bounded by the thread's resourceLimits; the
 * pool in ../renderer.ts also terminates a thread that does not answer in time.
 *
 * Before the first job the thread gives up what it does not need, as a second wall behind
 * the context: a way out of the context would find no bindings, no built-in modules and
 * an empty environment here.
 */
import { parentPort, workerData } from "node:worker_threads";
import vm from "node:vm";

const runtime = new vm.Script(workerData.runtimeCode, { filename: "email-runtime.js" });

// A template may leave a promise rejected that nothing awaits. It surfaces only after its job
// has answered, so it belongs to no job; left to Node's default, it would end this thread as
// an uncaught error and fail whichever render the pool had just handed it next. A job's own
// failures reach it through the sandbox's state, not through this event.
process.on("unhandledRejection", () => {});

function lockDown() {
  const refuse = () => {
    throw new Error("Not available while rendering e-mail.");
  };
  for (const key of ["binding", "_linkedBinding", "dlopen", "getBuiltinModule", "chdir", "kill", "abort", "setuid", "setgid", "umask", "openStdin"]) {
    try {
      Object.defineProperty(process, key, { value: refuse, configurable: false, writable: false });
    } catch {
      /* already gone */
    }
  }
  try {
    Object.defineProperty(process, "env", { value: Object.freeze({}), configurable: false, writable: false });
  } catch {
    /* keep going: the context never sees process */
  }
  for (const key of ["fetch", "WebSocket", "EventSource", "XMLHttpRequest", "require", "module"]) {
    try {
      delete globalThis[key];
    } catch {
      /* not there */
    }
  }
}
lockDown();

const wrap = (name, code) => `__gatehouse.define(${JSON.stringify(name)}, function (exports, require, module) {\n${code}\n});`;

function renderJob(job) {
  const deadline = Date.now() + job.timeoutMs;
  const remaining = () => {
    const left = deadline - Date.now();
    if (left <= 0) throw new Error("Rendering took too long and was stopped.");
    return left;
  };
  const context = vm.createContext(Object.create(null), {
    name: "email-render",
    codeGeneration: { strings: false, wasm: false },
    microtaskMode: "afterEvaluate",
  });
  runtime.runInContext(context, { timeout: remaining() });
  new vm.Script(wrap("theme", job.theme), { filename: "theme.tsx" }).runInContext(context, { timeout: remaining() });
  new vm.Script(wrap("template", job.template), { filename: "template.tsx" }).runInContext(context, { timeout: remaining() });
  context.__input = job.input;
  vm.runInContext("__gatehouse.start(globalThis.__input)", context, { timeout: remaining() });
  for (;;) {
    const state = vm.runInContext("String(__gatehouse.state)", context, { timeout: remaining() });
    if (state === "done") return { ok: true, result: String(vm.runInContext("String(__gatehouse.result)", context, { timeout: remaining() })) };
    if (state === "failed") return { ok: false, error: String(vm.runInContext("String(__gatehouse.result)", context, { timeout: remaining() })) };
    const ran = vm.runInContext("__gatehouse.tick()", context, { timeout: remaining() });
    if (ran !== true) return { ok: false, error: "Error: The e-mail never finished rendering (it waits for something that does not come)." };
  }
}

parentPort.on("message", (job) => {
  let answer;
  try {
    answer = renderJob(job);
  } catch (error) {
    // Errors thrown by the host side (the time limit) or by code in the context.
    let text;
    try {
      text = error && typeof error.stack === "string" ? error.stack : String(error);
    } catch {
      text = "Error: the template threw something that cannot be read.";
    }
    answer = { ok: false, error: text };
  }
  parentPort.postMessage({ id: job.id, ...answer });
});
