/**
 * How overrides are stored and rendered, as Stack Auth defines its configuration format, so
 * that a document written by its SDK, CLI or dashboard reads and renders the same here:
 *
 * - An override is stored as written. Its keys may be dotted (`teams.allowClientTeamCreation`)
 *   or nested, and `null` means "back to the default" (for a record entry: gone).
 * - Writing keys into an override (`overrideWith`) replaces each key given, and every key
 *   below it, whichever form they were stored in; keys not given stay.
 * - Rendering stacks the levels the same way (the later level's key replaces the earlier's),
 *   then places the keys on the defaults, shallow ones first: an object replaces what was
 *   there, a dotted key writes into what is there. A dotted key whose parent does not exist
 *   (an entry no level created: `domains.trustedDomains.x.baseUrl` before `x` exists) is
 *   ignored, as Stack Auth ignores it. Last, every default the keys left out is filled in.
 */
import { APP_IDS } from "./apps";
import { CONFIG_LEVELS, RECORD_ENTRY_DEFAULTS, defaultProjectConfig, type ConfigOverride, type ProjectConfig } from "./document";
import { migrateLegacyKeys } from "./legacy-keys";

type Json = Record<string, unknown>;

function isPlainObject(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * `__proto__` is never a configuration key: assigning it would change an object's prototype
 * (or, mid-path, reach Object.prototype itself), so it is dropped wherever keys are read.
 */
export const isUnstorableKey = (key: string) => key === "__proto__";
const isStorablePath = (key: string) => !key.split(".").some(isUnstorableKey);
const safeEntries = (value: Json) => Object.entries(value).filter(([key]) => !isUnstorableKey(key));

/** Turns `{"a.b": 1, a: {c: 2}}` into `{a: {b: 1, c: 2}}`: every key of one document, nested. */
export function expandDottedKeys(override: ConfigOverride): Json {
  let result: Json = {};
  for (const [key, value] of safeEntries(override)) {
    if (!isStorablePath(key)) continue;
    const nested: Json = {};
    setAtPath(nested, key.split("."), isPlainObject(value) ? expandDottedKeys(value) : value);
    result = deepMerge(result, nested);
  }
  return result;
}

function setAtPath(target: Json, path: string[], value: unknown): void {
  let node = target;
  for (const segment of path.slice(0, -1)) {
    if (!Object.hasOwn(node, segment) || !isPlainObject(node[segment])) node[segment] = {};
    node = node[segment] as Json;
  }
  node[path[path.length - 1]!] = value;
}

function deepMerge(base: Json, patch: Json): Json {
  const merged: Json = { ...base };
  for (const [key, value] of safeEntries(patch)) {
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    merged[key] = isPlainObject(current) && isPlainObject(value) ? deepMerge(current, value) : value;
  }
  return merged;
}

const isAtOrBelow = (key: string, ancestor: string) => key === ancestor || key.startsWith(`${ancestor}.`);

/**
 * Writes `changes` into a stored override: each key given replaces the stored key of the same
 * name and every stored key below it (`teams` replaces `teams.allowClientTeamCreation` too);
 * a stored nested object that holds the key is left to the rendering, where the deeper key wins.
 */
export function overrideWith(override: ConfigOverride, changes: ConfigOverride): ConfigOverride {
  const given = Object.keys(changes).filter((key) => changes[key] !== undefined && isStorablePath(key));
  const kept = Object.entries(override).filter(([key]) => isStorablePath(key) && !given.some((changed) => isAtOrBelow(key, changed)));
  return Object.fromEntries([...kept, ...given.map((key) => [key, structuredClone(changes[key])] as const)]);
}

/**
 * Removes `keys` from a stored override, and everything below them, whether stored dotted or
 * nested; objects left empty go too. Lower levels and the defaults then show through again.
 */
export function withoutKeys(override: ConfigOverride, keys: readonly string[]): ConfigOverride {
  if (keys.length === 0) return override;
  const result: Json = {};
  for (const [key, value] of Object.entries(override)) {
    if (value === undefined || !isStorablePath(key)) continue;
    if (keys.some((removed) => isAtOrBelow(key, removed))) continue;
    const inner = keys.filter((removed) => removed.startsWith(`${key}.`)).map((removed) => removed.slice(key.length + 1));
    if (inner.length > 0 && isPlainObject(value)) {
      const cleaned = withoutKeys(value, inner);
      if (Object.keys(cleaned).length > 0) result[key] = cleaned;
    } else {
      result[key] = value;
    }
  }
  return result;
}

const depth = (key: string) => key.split(".").length;

/** Places a document's keys on `target`, shallow keys first (see the header); null deletes. */
function placeKeys(target: Json, doc: Json): Json {
  const keys = Object.keys(doc)
    .filter((key) => doc[key] !== undefined && isStorablePath(key))
    .sort((a, b) => depth(a) - depth(b));
  outer: for (const key of keys) {
    const path = key.split(".");
    let node = target;
    for (const segment of path.slice(0, -1)) {
      const next = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (!isPlainObject(next)) continue outer;
      node = next;
    }
    const last = path[path.length - 1]!;
    const value = doc[key];
    if (value === null) delete node[last];
    else node[last] = isPlainObject(value) ? placeKeys({}, value) : structuredClone(value);
  }
  return target;
}

/** Fills in every default `tree` lacks, and replaces what has the wrong kind of value (an object for a flag). */
function fillDefaults(tree: Json, defaults: Json): void {
  for (const [key, fallback] of Object.entries(defaults)) {
    const current = Object.hasOwn(tree, key) ? tree[key] : undefined;
    if (isPlainObject(fallback)) {
      if (isPlainObject(current)) fillDefaults(current, fallback);
      else tree[key] = structuredClone(fallback);
    } else if (current === undefined || isPlainObject(current)) {
      tree[key] = structuredClone(fallback);
    }
  }
}

/** The levels' overrides stacked into one document, the later level's keys replacing the earlier's. */
export function stackOverrides(overrides: readonly ConfigOverride[]): ConfigOverride {
  return overrides.reduce<ConfigOverride>((stacked, override, index) => overrideWith(stacked, migrateLegacyKeys(CONFIG_LEVELS[index] ?? "environment", override)), {});
}

/**
 * Renders defaults plus overrides, the later overrides winning. The overrides are those of the
 * project, branch and environment levels, in that order (older key forms are read as their
 * level rewrites them).
 */
export function renderConfig(overrides: readonly ConfigOverride[]): ProjectConfig {
  const defaults = defaultProjectConfig() as unknown as Json;
  const rendered = placeKeys(structuredClone(defaults), stackOverrides(overrides));
  fillDefaults(rendered, defaults);
  return sanitize(rendered as unknown as ProjectConfig);
}

/** What the document shows of keys whose shape depends on one another, and record entries' defaults. */
function sanitize(config: ProjectConfig): ProjectConfig {
  for (const [path, entryDefaults] of Object.entries(RECORD_ENTRY_DEFAULTS)) {
    let record: unknown = config;
    for (const segment of path.split(".")) record = isPlainObject(record) && Object.hasOwn(record, segment) ? record[segment] : undefined;
    if (!isPlainObject(record)) continue;
    for (const [id, entry] of safeEntries(record)) {
      if (isPlainObject(entry)) fillDefaults(entry, entryDefaults(id));
      else delete record[id];
    }
  }
  // sourceOfTruth is one of three shapes; anything incomplete reads as hosted.
  const source = config.sourceOfTruth as { type?: unknown; connectionStrings?: unknown; connectionString?: unknown };
  if (source.type === "neon" && isPlainObject(source.connectionStrings)) {
    const strings = Object.entries(source.connectionStrings).filter((entry): entry is [string, string] => typeof entry[1] === "string");
    config.sourceOfTruth = { type: "neon", connectionStrings: Object.fromEntries(strings) };
  } else if (source.type === "postgres" && typeof source.connectionString === "string") {
    config.sourceOfTruth = { type: "postgres", connectionString: source.connectionString };
  } else {
    config.sourceOfTruth = { type: "hosted" };
  }
  // Gatehouse's own anonymous sign-up switch shows only once set (Stack Auth's document has no such key).
  if (config.auth.anonymous && Object.keys(config.auth.anonymous).length === 0) delete config.auth.anonymous;
  if (config.auditLog && Object.keys(config.auditLog).length === 0) delete config.auditLog;
  // Every known app, in the app store's order.
  const installed = config.apps.installed as Record<string, { enabled?: boolean } | undefined>;
  config.apps = {
    installed: Object.fromEntries(APP_IDS.map((id) => [id, { enabled: installed[id]?.enabled === true }])) as ProjectConfig["apps"]["installed"],
  };
  return config;
}
