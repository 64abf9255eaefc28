/**
 * fast-check arbitraries built from the JSON Schemas of an OpenAPI 3.1 document. Mostly valid
 * values, so requests get past validation and reach the operation's real work, with a share of
 * hostile ones (wrong types, NUL, lone surrogates, huge numbers, long strings) so validation is
 * exercised too. Where a property or parameter name names something the seeded project has
 * (user_id, team_id, email, …) the values come from that pool, so ids exist.
 */
import fc from "fast-check";
import type { JsonSchema } from "../openapi-document";

/** Real values by field name, from the seeded project. */
export type Pools = Record<string, readonly unknown[]>;

export interface SchemaContext {
  components: Record<string, JsonSchema>;
  pools: Pools;
  /** Share (0..1) of values replaced by a hostile one at each level. */
  hostility: number;
}

const HOSTILE_STRINGS = ["", "\u0000", "a\u0000b", "\ud800", "x\udc00", "'; DROP TABLE users; --", "%00", "😀", "a".repeat(5000), " ", "null", "../../etc/passwd"];

export function hostileValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.constantFrom(null, true, false, 0, -1, 1e308, -1e308, 8.64e15 + 1, Number.MAX_SAFE_INTEGER + 2, 0.5),
    fc.constant({}),
    fc.constant([]),
    fc.array(fc.string(), { maxLength: 3 }),
    // Any UTF-16 units, lone surrogates included (fc.string's "binary" unit costs seconds to build).
    fc.array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 20 }).map((units) => String.fromCharCode(...units)),
  );
}

function deref(schema: JsonSchema, ctx: SchemaContext): JsonSchema {
  let current = schema;
  for (let i = 0; current?.$ref && i < 20; i += 1) {
    current = ctx.components[String(current.$ref).replace("#/components/schemas/", "")] ?? {};
  }
  return current ?? {};
}

/** A value for `schema`; `name` is the property or parameter name it sits under, for pools. */
export function arbitraryFor(schema: JsonSchema, ctx: SchemaContext, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const valid = validArbitrary(deref(schema, ctx), ctx, name, depth);
  if (ctx.hostility <= 0) return valid;
  const hostileWeight = Math.max(1, Math.round(ctx.hostility * 100));
  return fc.oneof({ arbitrary: valid, weight: 100 - hostileWeight }, { arbitrary: hostileValue(), weight: hostileWeight });
}

function validArbitrary(schema: JsonSchema, ctx: SchemaContext, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  const pool = name ? ctx.pools[name] : undefined;
  const own = ownArbitrary(schema, ctx, name, depth);
  // Pool values win most of the time: an existing id reaches the operation's success path.
  if (pool && pool.length > 0) return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, { arbitrary: own, weight: 1 });
  return own;
}

function ownArbitrary(schema: JsonSchema, ctx: SchemaContext, name: string | undefined, depth: number): fc.Arbitrary<unknown> {
  if ("const" in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum)) return fc.constantFrom(...(schema.enum as unknown[]));
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives?.length) return fc.oneof(...alternatives.map((alt) => validArbitrary(deref(alt, ctx), ctx, name, depth)));
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) return validArbitrary(deref(schema.allOf[0], ctx), ctx, name, depth);
  const types: string[] = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => ownArbitrary({ ...schema, type }, ctx, name, depth)));
  switch (types[0]) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: finiteOr(schema.minimum, -1_000_000), max: finiteOr(schema.maximum, Math.max(1_000_000, Date.now() + 1e10)) });
    case "number":
      return fc.double({ min: finiteOr(schema.minimum, -1e12), max: finiteOr(schema.maximum, 1e12), noNaN: true, noDefaultInfinity: true });
    case "string":
      return stringArbitrary(schema, name);
    case "array":
      if (depth > 4) return fc.constant([]);
      return fc.array(arbitraryFor(schema.items ?? {}, ctx, singular(name), depth + 1), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case "object":
      return objectArbitrary(schema, ctx, depth);
    default:
      // No type: any JSON (metadata and the like).
      return depth > 3 ? fc.jsonValue({ maxDepth: 1 }) : fc.jsonValue({ maxDepth: 3 });
  }
}

function objectArbitrary(schema: JsonSchema, ctx: SchemaContext, depth: number): fc.Arbitrary<unknown> {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set<string>(schema.required ?? []);
  if (depth > 4 || Object.keys(properties).length === 0) {
    if (schema.additionalProperties && typeof schema.additionalProperties === "object") {
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), arbitraryFor(schema.additionalProperties, ctx, undefined, depth + 1), { maxKeys: 3 });
    }
    return fc.constant({});
  }
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) record[key] = arbitraryFor(value, ctx, key, depth + 1);
  const requiredKeys = Object.keys(properties).filter((key) => required.has(key));
  return fc.record(record, { requiredKeys });
}

function stringArbitrary(schema: JsonSchema, name: string | undefined): fc.Arbitrary<unknown> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 40, 300);
  switch (schema.format) {
    case "uuid":
      return fc.uuid();
    case "email":
      return fc.emailAddress();
    case "uri":
      return fc.oneof(fc.webUrl(), fc.constant("/handler/callback"), fc.constant("http://localhost:8102/cb"));
    default:
      break;
  }
  if (schema.pattern) {
    try {
      // Cut to length rather than filtered: a filter retries without end when the pattern's strings
      // are rarely short enough (the fuzzer hung on one). A cut string may break the pattern, which
      // the server must refuse as SCHEMA_ERROR anyway.
      return fc.stringMatching(new RegExp(schema.pattern), { size: "small" }).map((s) => s.slice(0, Math.max(max, min)));
    } catch {
      // an ECMA-incompatible pattern: fall through to plain strings
    }
  }
  if (name && /url$/.test(name)) return fc.oneof(fc.webUrl(), fc.constant("/handler/callback"));
  if (name && /email$/.test(name)) return fc.emailAddress();
  return fc.string({ minLength: min, maxLength: Math.max(min, max) });
}

function finiteOr(value: unknown, fallback: number): number {
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function singular(name: string | undefined): string | undefined {
  return name?.endsWith("s") ? name.slice(0, -1) : name;
}
