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
const safeEntries = (value: Json) => Object.entries(value).filter(([key]) => !isUnstorableKey(key));

/** Turns `{"a.b": 1, a: {c: 2}}` into `{a: {b: 1, c: 2}}`: entries of one document merge. */
export function expandDottedKeys(override: ConfigOverride): Json {
  let result: Json = {};
  for (const [key, value] of safeEntries(override)) {
    if (key.split(".").some(isUnstorableKey)) continue;
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

/** Renders over `base`: a `null` in the override removes the key, so the default (if any) shows again. */
function renderMerge(base: Json, override: Json, defaults: unknown): Json {
  const merged: Json = { ...base };
  for (const [key, value] of safeEntries(override)) {
    const fallback = isPlainObject(defaults) && Object.hasOwn(defaults, key) ? defaults[key] : undefined;
    if (value === null) {
      if (fallback === undefined) delete merged[key];
      else merged[key] = structuredClone(fallback);
      continue;
    }
    const current = Object.hasOwn(merged, key) ? merged[key] : undefined;
    merged[key] = isPlainObject(value) ? renderMerge(isPlainObject(current) ? current : {}, value, fallback) : value;
  }
  return merged;
}

/** Writes `changes` (dotted keys allowed) into a stored override; each dotted key replaces its value. */
export function applyToOverride(override: ConfigOverride, changes: ConfigOverride): ConfigOverride {
  const result = structuredClone(expandDottedKeys(override));
  for (const [key, value] of safeEntries(changes)) {
    if (key.split(".").some(isUnstorableKey)) continue;
    setAtPath(result, key.split("."), isPlainObject(value) ? expandDottedKeys(value) : value);
  }
  return result;
}

/**
 * Renders defaults plus overrides, the later overrides winning. The overrides are those of the
 * project, branch and environment levels, in that order (older key forms are read as their
 * level rewrites them).
 */
export function renderConfig(overrides: readonly ConfigOverride[]): ProjectConfig {
  const defaults = defaultProjectConfig() as unknown as Json;
  let rendered = structuredClone(defaults);
  overrides.forEach((override, index) => {
    const level = CONFIG_LEVELS[index] ?? "environment";
    rendered = renderMerge(rendered, expandDottedKeys(migrateLegacyKeys(level, override)), defaults);
  });
  return sanitize(rendered as unknown as ProjectConfig);
}

/** What the document shows of keys whose shape depends on one another, and record entries' defaults. */
function sanitize(config: ProjectConfig): ProjectConfig {
  for (const [path, entryDefaults] of Object.entries(RECORD_ENTRY_DEFAULTS)) {
    let record: unknown = config;
    for (const segment of path.split(".")) record = isPlainObject(record) && Object.hasOwn(record, segment) ? record[segment] : undefined;
    if (!isPlainObject(record)) continue;
    for (const [id, entry] of safeEntries(record)) {
      if (isPlainObject(entry)) record[id] = { ...entryDefaults(id), ...entry };
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
  // Every known app, in the app store's order.
  const installed = config.apps.installed as Record<string, { enabled?: boolean } | undefined>;
  config.apps = {
    installed: Object.fromEntries(APP_IDS.map((id) => [id, { enabled: installed[id]?.enabled === true }])) as ProjectConfig["apps"]["installed"],
  };
  return config;
}

/** Removes `keys` (dotted) from an override, so that lower levels or the defaults show through again. */
export function withoutKeys(override: ConfigOverride, keys: readonly string[]): ConfigOverride {
  const result = structuredClone(expandDottedKeys(override));
  for (const key of keys) {
    const path = key.split(".");
    let node: Json | undefined = result;
    for (const segment of path.slice(0, -1)) {
      const next: unknown = node && Object.hasOwn(node, segment) ? node[segment] : undefined;
      node = isPlainObject(next) ? next : undefined;
    }
    if (node) delete node[path[path.length - 1]!];
  }
  return result;
}
