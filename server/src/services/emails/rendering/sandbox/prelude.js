/**
 * Runs first inside every rendering sandbox (a fresh `vm` context). The context starts
 * with ECMAScript's built-ins only; this gives the rendering libraries the few web APIs
 * they use, written here in plain JavaScript so that no object of the worker's own realm
 * is reachable from the template's code (such an object's constructor would lead back to
 * the worker's `Function`, and from there to `process`).
 *
 * Timers do not wait: they queue, and the worker drains the queue between evaluations
 * (`__gatehouse.tick`), each under the time limit.
 */
const timers = [];
let nextTimer = 1;

globalThis.setTimeout = (fn, _ms, ...args) => {
  const id = nextTimer++;
  if (typeof fn === "function") timers.push({ id, fn, args });
  return id;
};
globalThis.clearTimeout = (id) => {
  const at = timers.findIndex((t) => t.id === id);
  if (at >= 0) timers.splice(at, 1);
};
globalThis.setImmediate = (fn, ...args) => globalThis.setTimeout(fn, 0, ...args);
globalThis.clearImmediate = globalThis.clearTimeout;
globalThis.queueMicrotask = (fn) => {
  Promise.resolve().then(fn);
};

globalThis.MessageChannel = class MessageChannel {
  constructor() {
    const port1 = { onmessage: null };
    this.port1 = port1;
    this.port2 = {
      postMessage(data) {
        globalThis.setTimeout(() => {
          if (typeof port1.onmessage === "function") port1.onmessage({ data });
        });
      },
    };
  }
};

class SandboxAbortSignal {
  constructor() {
    this.aborted = false;
    this.reason = undefined;
    this.listeners = [];
  }
  addEventListener(type, fn) {
    if (type === "abort") this.listeners.push(fn);
  }
  removeEventListener(type, fn) {
    this.listeners = this.listeners.filter((l) => l !== fn);
  }
  throwIfAborted() {
    if (this.aborted) throw this.reason;
  }
}
globalThis.AbortController = class AbortController {
  constructor() {
    this.signal = new SandboxAbortSignal();
  }
  abort(reason) {
    if (this.signal.aborted) return;
    this.signal.aborted = true;
    this.signal.reason = reason;
    for (const fn of this.signal.listeners) fn({ type: "abort" });
  }
};

globalThis.TextEncoder = class TextEncoder {
  get encoding() {
    return "utf-8";
  }
  encode(input = "") {
    const s = String(input);
    const out = [];
    for (let i = 0; i < s.length; i++) {
      let c = s.charCodeAt(i);
      if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
        const d = s.charCodeAt(i + 1);
        if (d >= 0xdc00 && d <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
          i++;
        }
      }
      if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
      if (c < 0x80) out.push(c);
      else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
      else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    }
    return new Uint8Array(out);
  }
};

globalThis.TextDecoder = class TextDecoder {
  constructor() {
    this.pending = new Uint8Array(0);
  }
  get encoding() {
    return "utf-8";
  }
  decode(input, options) {
    let bytes = input === undefined ? new Uint8Array(0) : ArrayBuffer.isView(input) ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength) : new Uint8Array(input);
    if (this.pending.length > 0) {
      const joined = new Uint8Array(this.pending.length + bytes.length);
      joined.set(this.pending);
      joined.set(bytes, this.pending.length);
      bytes = joined;
      this.pending = new Uint8Array(0);
    }
    let end = bytes.length;
    if (options && options.stream) {
      let start = end - 1;
      while (start >= 0 && end - start < 4 && (bytes[start] & 0xc0) === 0x80) start--;
      if (start >= 0) {
        const lead = bytes[start];
        const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
        if (need > end - start) {
          this.pending = bytes.slice(start);
          end = start;
        }
      }
    }
    const units = [];
    let text = "";
    for (let i = 0; i < end; ) {
      const b = bytes[i];
      let cp = 0xfffd;
      let size = 1;
      if (b < 0x80) cp = b;
      else if (b >= 0xc0 && b < 0xe0 && i + 1 < end) {
        cp = ((b & 31) << 6) | (bytes[i + 1] & 63);
        size = 2;
      } else if (b >= 0xe0 && b < 0xf0 && i + 2 < end) {
        cp = ((b & 15) << 12) | ((bytes[i + 1] & 63) << 6) | (bytes[i + 2] & 63);
        size = 3;
      } else if (b >= 0xf0 && i + 3 < end) {
        cp = ((b & 7) << 18) | ((bytes[i + 1] & 63) << 12) | ((bytes[i + 2] & 63) << 6) | (bytes[i + 3] & 63);
        size = 4;
      }
      i += size;
      if (cp >= 0x10000) {
        cp -= 0x10000;
        units.push(0xd800 + (cp >> 10), 0xdc00 + (cp & 1023));
      } else units.push(cp);
      if (units.length >= 8192) text += String.fromCharCode.apply(null, units.splice(0));
    }
    return text + String.fromCharCode.apply(null, units);
  }
};

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
globalThis.atob = (input) => {
  const clean = String(input).replace(/[\s=]/g, "");
  let out = "";
  let bits = 0;
  let value = 0;
  for (const ch of clean) {
    const index = BASE64.indexOf(ch);
    if (index < 0) throw new Error("atob: not base64");
    value = (value << 6) | index;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 255);
    }
  }
  return out;
};
globalThis.btoa = (input) => {
  const s = String(input);
  let out = "";
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i);
    const b = i + 1 < s.length ? s.charCodeAt(i + 1) : NaN;
    const c = i + 2 < s.length ? s.charCodeAt(i + 2) : NaN;
    const n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += BASE64[(n >> 18) & 63] + BASE64[(n >> 12) & 63] + (Number.isNaN(b) ? "=" : BASE64[(n >> 6) & 63]) + (Number.isNaN(c) ? "=" : BASE64[n & 63]);
  }
  return out;
};

/** structuredClone for the data the libraries copy (Tailwind's theme, stream chunks): plain objects, arrays, maps, sets, dates, patterns, bytes. */
globalThis.structuredClone = function structuredClone(value) {
  const seen = new Map();
  const copy = (v) => {
    if (typeof v !== "object" || v === null) {
      if (typeof v === "function" || typeof v === "symbol") throw new Error("structuredClone: the value cannot be cloned");
      return v;
    }
    if (seen.has(v)) return seen.get(v);
    let out;
    if (Array.isArray(v)) {
      out = [];
      seen.set(v, out);
      for (const item of v) out.push(copy(item));
    } else if (v instanceof ArrayBuffer) {
      out = v.slice(0);
    } else if (ArrayBuffer.isView(v)) {
      out = v instanceof DataView ? new DataView(v.buffer.slice(0), v.byteOffset, v.byteLength) : v.slice();
    } else if (v instanceof Date) {
      out = new Date(v.getTime());
    } else if (v instanceof RegExp) {
      out = new RegExp(v.source, v.flags);
    } else if (v instanceof Map) {
      out = new Map();
      seen.set(v, out);
      for (const [k, item] of v) out.set(copy(k), copy(item));
    } else if (v instanceof Set) {
      out = new Set();
      seen.set(v, out);
      for (const item of v) out.add(copy(item));
    } else {
      out = {};
      seen.set(v, out);
      for (const key of Object.keys(v)) out[key] = copy(v[key]);
    }
    seen.set(v, out);
    return out;
  };
  return copy(value);
};

const noop = () => {};
globalThis.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop };
// Real elapsed time: a template may time itself (the render's time limit stops it either way).
const startedAt = Date.now();
globalThis.performance = { now: () => Date.now() - startedAt, timeOrigin: startedAt };

/** Runs the timers queued so far; true when it ran any. */
export function tick() {
  const due = timers.splice(0);
  for (const timer of due) timer.fn(...timer.args);
  return due.length > 0;
}
export const pendingTimers = () => timers.length;
