/**
 * Stack Auth renamed and retired configuration keys over time, and rewrites old overrides
 * when it reads or writes them. Overrides written for it (a pushed `stack.config.ts`, an
 * export from its dashboard) may still hold the old forms, so Gatehouse rewrites them the
 * same way, on the way in and when reading what is stored.
 *
 * Kept here: domains, sourceOfTruth, apps and workflows (by level), and payments. Stack renamed
 * parts of the `payments` document twice (offers became products and groups became catalogs;
 * then catalogs became product lines), and overrides written before a rename, by its SDKs,
 * its CLI or an older Gatehouse, still use the old names. Every override is migrated when it
 * is written (so the stored override holds the current names, and reads back so) and again
 * when it is read from storage (for overrides stored before this code existed).
 *
 * An override may mix nested objects and dotted keys (`"payments.catalogs.pro": {...}`), so
 * names are rewritten segment by segment, on the full path each key stands for, without
 * changing which keys a PATCH replaces.
 *
 *   payments.offers                         -> payments.products
 *   payments.groups, payments.catalogs      -> payments.productLines
 *   payments.products.<id>.groupId/.catalogId -> payments.products.<id>.productLineId
 *   payments.stripeAccountId, .stripeAccountSetupComplete, payments.items.<id>.default: dropped
 *
 * A product line needs its customer type, which catalogs did not have: it is taken from a
 * product of the same override placed in it. A former catalog that no product of the
 * override is placed in cannot be typed and is dropped.
 */
import type { ConfigLevel, ConfigOverride } from "./document";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

/** The current name of a path's last segment, given the (already current) segments before it. */
function currentName(path: readonly string[]): string {
  const last = path[path.length - 1]!;
  if (path.length === 2 && path[0] === "payments") {
    if (last === "offers") return "products";
    if (last === "groups" || last === "catalogs") return "productLines";
  }
  if (path.length === 4 && path[0] === "payments" && path[1] === "products" && (last === "groupId" || last === "catalogId")) return "productLineId";
  return last;
}

function isDropped(path: readonly string[]): boolean {
  if (path[0] !== "payments") return false;
  if (path.length === 2) return path[1] === "stripeAccountId" || path[1] === "stripeAccountSetupComplete";
  return path.length === 4 && path[1] === "items" && path[3] === "default";
}

/** Whether `path` runs through the former name of the product lines (so its entries came from catalogs). */
const formerLines = (segments: readonly string[], base: readonly string[]) => {
  const full = [...base, ...segments];
  return full.length >= 2 && full[0] === "payments" && (full[1] === "groups" || full[1] === "catalogs");
};

interface Walk {
  /** Ids of product lines written under a former name. */
  formerLineIds: Set<string>;
}

function rename(node: Json, base: readonly string[], walk: Walk): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    const segments = key.split(".");
    const renamed: string[] = [];
    let fromFormer = false;
    for (const segment of segments) {
      if (!fromFormer && formerLines([...renamed, segment], base)) fromFormer = true;
      renamed.push(currentName([...base, ...renamed, segment]));
    }
    const path = [...base, ...renamed];
    if (isDropped(path)) continue;
    // A product line's id is the segment right after payments.productLines.
    if (fromFormer && path.length >= 3) walk.formerLineIds.add(path[2]!);
    let next = isObject(value) ? rename(value, path, walk) : value;
    if (fromFormer && path.length === 2 && isObject(next)) for (const id of Object.keys(next)) walk.formerLineIds.add(id.split(".")[0]!);
    const name = renamed.join(".");
    if (isObject(out[name]) && isObject(next)) next = { ...(out[name] as Json), ...next };
    out[name] = next;
  }
  return out;
}

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

/** Reads the value at `path` through nested objects and dotted keys alike (the last write wins, as when rendering). */
function valuesAt(node: Json, path: readonly string[]): unknown[] {
  const found: unknown[] = [];
  for (const [key, value] of Object.entries(node)) {
    const segments = key.split(".");
    const common = Math.min(segments.length, path.length);
    if (segments.slice(0, common).some((s, i) => s !== path[i])) continue;
    if (segments.length >= path.length) {
      if (segments.length === path.length) found.push(value);
      continue;
    }
    if (isObject(value)) found.push(...valuesAt(value, path.slice(segments.length)));
  }
  return found;
}

/** Every product id the override names under payments.products. */
function productIds(node: Json, base: readonly string[] = []): Set<string> {
  const ids = new Set<string>();
  for (const [key, value] of Object.entries(node)) {
    const path = [...base, ...key.split(".")];
    if (path.length >= 3 && path[0] === "payments" && path[1] === "products") ids.add(path[2]!);
    else if (isObject(value) && path.length < 3) for (const id of productIds(value, path)) ids.add(id);
  }
  return ids;
}

/** Removes every key at or below `path`, however the override spells it. */
function removePath(node: Json, path: readonly string[]): Json {
  const out: Json = {};
  for (const [key, value] of Object.entries(node)) {
    const segments = key.split(".");
    const common = Math.min(segments.length, path.length);
    const prefixMatches = segments.slice(0, common).every((s, i) => s === path[i]);
    if (prefixMatches && segments.length >= path.length) continue;
    out[key] = prefixMatches && isObject(value) ? removePath(value, path.slice(segments.length)) : value;
  }
  return out;
}

const last = <T>(values: T[]): T | undefined => values[values.length - 1];

/** The override with former payments key names written as the current ones (see the module comment). */
function migratePaymentsKeys(override: ConfigOverride): ConfigOverride {
  if (!isObject(override)) return override;
  const walk: Walk = { formerLineIds: new Set() };
  let result = rename(override, [], walk);
  if (walk.formerLineIds.size === 0) return result;

  const typeOfLine = new Map<string, string>();
  for (const productId of productIds(result)) {
    const product = ["payments", "products", productId];
    const lineId = last(valuesAt(result, [...product, "productLineId"]));
    const customerType = last(valuesAt(result, [...product, "customerType"]));
    if (typeof lineId === "string" && typeof customerType === "string" && !typeOfLine.has(lineId)) typeOfLine.set(lineId, customerType);
  }
  for (const lineId of walk.formerLineIds) {
    const line = ["payments", "productLines", lineId];
    const customerType = typeOfLine.get(lineId);
    if (customerType === undefined) {
      result = removePath(result, line);
    } else if (last(valuesAt(result, [...line, "customerType"])) === undefined) {
      result[[...line, "customerType"].join(".")] = customerType;
    }
  }
  return result;
}

const is = (path: string[], dotted: string) => path.join(".") === dotted;

/** One override, rewritten from any older form to the current keys of its level. */
export function migrateLegacyKeys(level: ConfigLevel, override: ConfigOverride): ConfigOverride {
  const branchOrHigher = level !== "project";
  const environment = level === "environment";
  return mapByPath(migratePaymentsKeys(override), (path, value) => {
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
