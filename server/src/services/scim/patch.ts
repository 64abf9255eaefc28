/**
 * SCIM PATCH (RFC 7644 §3.5.2) on a resource held as a plain JSON object: the operations are
 * applied to a copy, and the caller validates the result as it would a PUT. The shapes the two
 * providers send are both read:
 *
 * - Okta: `{"op": "replace", "value": {"active": false}}` (no path, an object of attributes);
 * - Entra ID: `"op": "Replace"` (any case), paths like `emails[type eq "work"].value` and
 *   `name.givenName`, extension attributes under their URN, and booleans as strings ("False"),
 *   which the resource's own validation turns into booleans.
 *
 * Attribute names match without case, as SCIM's do. A value filter in a path (`[type eq "work"]`)
 * that matches nothing makes the element it describes (`{"type": "work", "value": ...}`) on add
 * and replace, which is what Entra ID expects when it sets a work address for the first time.
 */
import { parse, type Filter } from "scim2-parse-filter";
import { ScimError } from "../../errors/scim";
import { SCIM_MAX_PATCH_OPERATIONS } from "./limits";

export const PATCH_OP_SCHEMA = "urn:ietf:params:scim:api:messages:2.0:PatchOp";

export interface PatchOperation {
  op: "add" | "remove" | "replace";
  path: string | null;
  value: unknown;
}

export type JsonObject = Record<string, unknown>;

const isObject = (value: unknown): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Reads a PatchOp body: its operations, with `op` in lower case. */
export function readPatchBody(body: unknown): PatchOperation[] {
  if (!isObject(body)) throw new ScimError("INVALID_SYNTAX", "A PATCH body is a JSON object with the PatchOp schema and its Operations.");
  const schemas = body.schemas;
  if (Array.isArray(schemas) && !schemas.some((s) => typeof s === "string" && s.toLowerCase() === PATCH_OP_SCHEMA.toLowerCase())) {
    throw new ScimError("INVALID_SYNTAX", `A PATCH body's schemas name ${PATCH_OP_SCHEMA}.`);
  }
  const operations = keyOf(body, "Operations") === undefined ? undefined : body[keyOf(body, "Operations")!];
  if (!Array.isArray(operations) || operations.length === 0) throw new ScimError("INVALID_SYNTAX", "A PATCH body has a non-empty Operations array.");
  if (operations.length > SCIM_MAX_PATCH_OPERATIONS) throw new ScimError("INVALID_VALUE", `A PATCH has at most ${SCIM_MAX_PATCH_OPERATIONS} operations.`);
  return operations.map((operation, index) => {
    if (!isObject(operation)) throw new ScimError("INVALID_SYNTAX", `Operation ${index} is not an object.`);
    const opKey = keyOf(operation, "op");
    const op = opKey === undefined ? undefined : operation[opKey];
    const name = typeof op === "string" ? op.toLowerCase() : "";
    if (name !== "add" && name !== "remove" && name !== "replace") {
      throw new ScimError("INVALID_SYNTAX", `Operation ${index} has op ${JSON.stringify(op)}; it is add, remove or replace.`);
    }
    const pathKey = keyOf(operation, "path");
    const path = pathKey === undefined ? null : operation[pathKey];
    if (path !== null && path !== undefined && (typeof path !== "string" || path.trim() === "")) throw new ScimError("INVALID_PATH", `Operation ${index} has a path that is not a string.`);
    const valueKey = keyOf(operation, "value");
    return { op: name, path: typeof path === "string" ? path.trim() : null, value: valueKey === undefined ? undefined : operation[valueKey] };
  });
}

/** The key of `object` that is `name` without case, if any. */
export function keyOf(object: JsonObject, name: string): string | undefined {
  const lower = name.toLowerCase();
  return Object.keys(object).find((key) => key.toLowerCase() === lower);
}

interface ParsedPath {
  /** The top-level attribute: a name, or an extension schema's URN. */
  attribute: string;
  filter: Filter | null;
  sub: string | null;
}

const PATH = /^([A-Za-z][\w$-]*)(?:\[(.+)\])?(?:\.([A-Za-z][\w$-]*))?$/;

/**
 * `attr`, `attr.sub`, `attr[filter]`, `attr[filter].sub`, each optionally behind a schema URN:
 * the core schema's is dropped, an extension's becomes the attribute (`urn:...:enterprise:2.0:User`
 * with sub `manager`).
 */
export function parsePath(path: string, coreSchema: string): ParsedPath {
  let rest = path;
  if (rest.toLowerCase().startsWith(`${coreSchema.toLowerCase()}:`)) rest = rest.slice(coreSchema.length + 1);
  else if (rest.toLowerCase().startsWith("urn:")) {
    const colon = rest.lastIndexOf(":");
    const urn = rest.slice(0, colon);
    const inner = rest.slice(colon + 1);
    if (!/^[A-Za-z][\w$-]*(\.[A-Za-z][\w$-]*)?$/.test(inner)) throw new ScimError("INVALID_PATH", `The path ${path} is not one this server reads.`);
    const [first, second] = inner.split(".");
    // `urn:...:User:manager.value`: the manager's value, under the extension.
    return { attribute: urn, filter: null, sub: second === undefined ? first! : `${first}.${second}` };
  }
  const match = PATH.exec(rest);
  if (!match) throw new ScimError("INVALID_PATH", `The path ${path} is not a SCIM attribute path (attr, attr.sub, attr[filter] or attr[filter].sub).`);
  let filter: Filter | null = null;
  if (match[2] !== undefined) {
    try {
      filter = parse(match[2]);
    } catch {
      throw new ScimError("INVALID_PATH", `The filter in the path ${path} is not a SCIM filter.`);
    }
  }
  return { attribute: match[1]!, filter, sub: match[3] ?? null };
}

/** Whether an element of a multi-valued attribute matches a path's value filter (strings compared without case). */
export function elementMatches(element: unknown, filter: Filter): boolean {
  switch (filter.op) {
    case "and":
      return filter.filters.every((f) => elementMatches(element, f));
    case "or":
      return filter.filters.some((f) => elementMatches(element, f));
    case "not":
      return !elementMatches(element, filter.filter);
    case "[]":
      throw new ScimError("INVALID_PATH", "A path's filter cannot nest [...].");
    default: {
      if (!isObject(element)) return false;
      const key = keyOf(element, filter.attrPath);
      const actual = key === undefined ? undefined : element[key];
      if (filter.op === "pr") return actual !== undefined && actual !== null && actual !== "";
      const expected = filter.compValue;
      const a = typeof actual === "string" ? actual.toLowerCase() : actual;
      const e = typeof expected === "string" ? expected.toLowerCase() : expected;
      switch (filter.op) {
        case "eq":
          return a === e;
        case "ne":
          return a !== e;
        case "co":
          return typeof a === "string" && typeof e === "string" && a.includes(e);
        case "sw":
          return typeof a === "string" && typeof e === "string" && a.startsWith(e);
        case "ew":
          return typeof a === "string" && typeof e === "string" && a.endsWith(e);
        default:
          throw new ScimError("INVALID_PATH", `A path's filter supports eq, ne, co, sw, ew and pr, not ${filter.op}.`);
      }
    }
  }
}

/** For a filter `attr eq "v"` (and those joined by and), the element it describes: `{attr: "v"}`. */
function elementDescribedBy(filter: Filter): JsonObject | null {
  if (filter.op === "eq" && !filter.attrPath.includes(".")) return { [filter.attrPath]: filter.compValue };
  if (filter.op === "and") {
    const parts = filter.filters.map(elementDescribedBy);
    return parts.every((p) => p !== null) ? Object.assign({}, ...parts) : null;
  }
  return null;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function setIn(target: JsonObject, name: string, value: unknown): void {
  const key = keyOf(target, name) ?? name;
  target[key] = value;
}

function removeFrom(target: JsonObject, name: string): void {
  const key = keyOf(target, name);
  if (key !== undefined) delete target[key];
}

/** add or replace of `value` at the attribute `name` of `target`. */
function put(target: JsonObject, name: string, value: unknown, op: "add" | "replace"): void {
  const key = keyOf(target, name);
  const current = key === undefined ? undefined : target[key];
  if (op === "add" && Array.isArray(current)) {
    const added = Array.isArray(value) ? value : [value];
    target[key!] = [...current, ...added.filter((item) => !current.some((existing) => sameValue(existing, item)))];
    return;
  }
  if (isObject(current) && isObject(value)) {
    // A complex attribute's sub-attributes are set one by one; those not given stay.
    const merged = { ...current };
    for (const [sub, subValue] of Object.entries(value)) setIn(merged, sub, subValue);
    target[key!] = merged;
    return;
  }
  setIn(target, name, value);
}

/**
 * Applies the operations to a copy of `resource`. `readOnly` names attributes the client may
 * not change (mutability); `coreSchema` is the resource's schema URN, which paths may start with.
 */
export function applyPatch(resource: JsonObject, operations: PatchOperation[], coreSchema: string, readOnly: readonly string[]): JsonObject {
  const result = structuredClone(resource);
  const refuseReadOnly = (attribute: string) => {
    if (readOnly.some((name) => name.toLowerCase() === attribute.toLowerCase())) {
      throw new ScimError("MUTABILITY", `The attribute ${attribute} cannot be changed.`);
    }
  };
  for (const { op, path, value } of operations) {
    if (path === null) {
      if (op === "remove") throw new ScimError("NO_TARGET", "A remove operation needs a path.");
      if (!isObject(value)) throw new ScimError("INVALID_VALUE", `An ${op} without a path takes an object of attributes as its value.`);
      for (const [name, attributeValue] of Object.entries(value)) {
        // Okta and Entra ID send the resource's id and schemas along; they are not changes.
        if (name.toLowerCase() === "schemas" || (name.toLowerCase() === "id" && typeof attributeValue === "string")) continue;
        const parsed = parsePath(name, coreSchema);
        refuseReadOnly(parsed.attribute);
        applyAt(result, parsed, op, attributeValue);
      }
      continue;
    }
    const parsed = parsePath(path, coreSchema);
    refuseReadOnly(parsed.attribute);
    applyAt(result, parsed, op, value);
  }
  return result;
}

function applyAt(target: JsonObject, { attribute, filter, sub }: ParsedPath, op: PatchOperation["op"], value: unknown): void {
  if (op !== "remove" && value === undefined) throw new ScimError("INVALID_VALUE", `An ${op} of ${attribute} needs a value.`);
  if (filter === null) {
    if (sub === null) {
      if (op === "remove") {
        const key = keyOf(target, attribute);
        const current = key === undefined ? undefined : target[key];
        // Entra ID removes some elements of a multi-valued attribute by giving them as the value.
        if (value !== undefined && Array.isArray(current)) {
          const removed = Array.isArray(value) ? value : [value];
          target[key!] = current.filter((item) => !removed.some((r) => isObject(r) && isObject(item) ? sameValue(item[keyOf(item, "value") ?? "value"], r[keyOf(r, "value") ?? "value"]) : sameValue(item, r)));
        } else {
          removeFrom(target, attribute);
        }
        return;
      }
      put(target, attribute, value, op);
      return;
    }
    const key = keyOf(target, attribute) ?? attribute;
    const current = target[key];
    const container: JsonObject = isObject(current) ? { ...current } : {};
    const [first, second] = sub.split(".");
    if (second !== undefined) {
      // An extension's complex sub-attribute (`urn:...:User:manager.value`).
      const innerKey = keyOf(container, first!) ?? first!;
      const inner: JsonObject = isObject(container[innerKey]) ? { ...(container[innerKey] as JsonObject) } : {};
      if (op === "remove") removeFrom(inner, second);
      else put(inner, second, value, op);
      container[innerKey] = inner;
    } else if (op === "remove") removeFrom(container, first!);
    else put(container, first!, value, op);
    target[key] = container;
    return;
  }
  const key = keyOf(target, attribute) ?? attribute;
  const current = target[key];
  const elements: unknown[] = Array.isArray(current) ? [...current] : [];
  const matching = elements.map((element, index) => (elementMatches(element, filter) ? index : -1)).filter((index) => index >= 0);
  if (op === "remove") {
    if (sub === null) target[key] = elements.filter((_, index) => !matching.includes(index));
    else {
      for (const index of matching) {
        const element = { ...(elements[index] as JsonObject) };
        removeFrom(element, sub);
        elements[index] = element;
      }
      target[key] = elements;
    }
    return;
  }
  if (matching.length === 0) {
    const described = elementDescribedBy(filter);
    if (!described) throw new ScimError("NO_TARGET", `No element of ${attribute} matches the path's filter.`);
    elements.push(sub === null ? (isObject(value) ? { ...described, ...value } : described) : { ...described, [sub]: value });
    target[key] = elements;
    return;
  }
  for (const index of matching) {
    const element: JsonObject = isObject(elements[index]) ? { ...(elements[index] as JsonObject) } : {};
    if (sub === null) {
      if (!isObject(value)) throw new ScimError("INVALID_VALUE", `An element of ${attribute} is replaced by an object.`);
      elements[index] = op === "replace" ? value : { ...element, ...value };
    } else {
      setIn(element, sub, value);
      elements[index] = element;
    }
  }
  target[key] = elements;
}
