/**
 * Stack Auth renamed and retired configuration keys over time, and rewrites old overrides
 * when it reads or writes them. Overrides written for it (a pushed `stack.config.ts`, an
 * export from its dashboard) may still hold the old forms, so Gatehouse rewrites them the
 * same way, on the way in and when reading what is stored.
 *
 * The rewrites kept here are those of the keys this module's owners render (domains,
 * sourceOfTruth, apps, workflows); each area adds its own below.
 */
import type { ConfigLevel, ConfigOverride } from "./document";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Rewrites an override: `map` gets each key's path (dotted keys split, nested keys appended)
 * and its value, and returns the value to keep, or undefined to drop the key. Objects kept
 * are walked in turn.
 */
function mapByPath(doc: Json, map: (path: string[], value: unknown) => unknown, prefix: string[] = []): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(doc)) {
    const path = [...prefix, ...key.split(".")];
    const mapped = map(path, value);
    if (mapped === undefined) continue;
    out[key] = isObject(mapped) ? mapByPath(mapped, map, path) : mapped;
  }
  return out;
}

const is = (path: string[], dotted: string) => path.join(".") === dotted;

/** One override, rewritten from any older form to the current keys of its level. */
export function migrateLegacyKeys(level: ConfigLevel, override: ConfigOverride): ConfigOverride {
  const branchOrHigher = level !== "project";
  const environment = level === "environment";
  return mapByPath(override, (path, value) => {
    // sourceOfTruth belongs to the project level; some writers put it lower.
    if (branchOrHigher && path[0] === "sourceOfTruth") return undefined;
    // Workflows were retired, with their app.
    if (branchOrHigher && (path[0] === "workflows" || is(path.slice(0, 3), "apps.installed.workflows"))) return undefined;
    // Trusted domains were once a list; they are a record by id now (the list's positions).
    if (environment && is(path, "domains.trustedDomains") && Array.isArray(value)) {
      return Object.fromEntries(value.map((entry, index) => [String(index), entry]));
    }
    return value;
  });
}
