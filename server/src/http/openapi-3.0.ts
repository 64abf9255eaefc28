/**
 * The OpenAPI 3.0.3 rendering of the published 3.1 document, for client generators and
 * validators that read only 3.0 (Perl's OpenAPI::Client, older openapi-generator
 * templates). It rewrites the 3.1-only constructs our document uses, and the ones a route
 * could start using, into their 3.0 equivalents:
 *
 * - `type: [T, "null"]` -> `type: T, nullable: true`; several non-null types -> `anyOf`;
 * - a `{type: "null"}` schema (the null branch of an `anyOf`) -> `{type: "object",
 *   nullable: true, enum: [null]}`: 3.0.3 applies `nullable` only beside a `type`, and the
 *   enum lets nothing but null through;
 * - numeric `exclusiveMinimum`/`exclusiveMaximum` -> `minimum`/`maximum` plus the boolean;
 * - `const` -> a one-value `enum`; schema `examples` -> `example` (the first);
 * - keywords 3.0 does not know (`$schema`, `$id`, `contentMediaType`, ...) are dropped;
 * - top-level `webhooks` (3.0 has none) and `info.license.identifier` are dropped.
 *
 * Only schema objects are rewritten: it walks the places the specification puts schemas
 * (components, parameters, bodies, responses, headers), so a property that happens to be
 * named `type` or `const` is never mistaken for a keyword.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const DROPPED_SCHEMA_KEYWORDS = [
  "$schema",
  "$id",
  "$anchor",
  "$comment",
  "$defs",
  "contentMediaType",
  "contentEncoding",
  "contentSchema",
  "unevaluatedProperties",
  "unevaluatedItems",
  "dependentRequired",
  "dependentSchemas",
  "propertyNames",
  "prefixItems",
  "if",
  "then",
  "else",
];

/** Keywords whose value is one schema, and those whose value is a list or a map of schemas. */
const SCHEMA_VALUED = ["items", "not", "additionalProperties", "contains"];
const SCHEMA_LISTS = ["allOf", "anyOf", "oneOf"];
const SCHEMA_MAPS = ["properties", "patternProperties"];

const isObject = (value: Json | undefined): value is JsonObject => typeof value === "object" && value !== null && !Array.isArray(value);

/** Converts one schema object (and the schemas inside it) from JSON Schema 2020-12 to the 3.0 subset. */
export function convertSchema(input: Json): Json {
  if (!isObject(input)) return input;
  if (typeof input.$ref === "string") return { $ref: input.$ref };
  const schema: JsonObject = {};
  for (const [key, value] of Object.entries(input)) {
    if (DROPPED_SCHEMA_KEYWORDS.includes(key)) continue;
    if (SCHEMA_VALUED.includes(key)) schema[key] = convertSchema(value);
    else if (SCHEMA_LISTS.includes(key) && Array.isArray(value)) schema[key] = value.map(convertSchema);
    else if (SCHEMA_MAPS.includes(key) && isObject(value)) schema[key] = mapValues(value, convertSchema);
    else schema[key] = value;
  }

  if ("const" in schema) {
    schema.enum = [schema.const!];
    delete schema.const;
  }
  if (Array.isArray(schema.examples)) {
    if (schema.examples.length > 0 && !("example" in schema)) schema.example = schema.examples[0]!;
    delete schema.examples;
  }
  for (const [exclusive, bound] of [
    ["exclusiveMinimum", "minimum"],
    ["exclusiveMaximum", "maximum"],
  ] as const) {
    if (typeof schema[exclusive] === "number") {
      const limit = schema[exclusive];
      const existing = schema[bound];
      // Both given: the tighter one wins (an exclusive bound at or past the inclusive one).
      const tighter = typeof existing !== "number" || (bound === "minimum" ? limit >= existing : limit <= existing);
      if (tighter) {
        schema[bound] = limit;
        schema[exclusive] = true;
      } else {
        delete schema[exclusive];
      }
    }
  }
  return convertType(schema);
}

function convertType(schema: JsonObject): JsonObject {
  const type = schema.type;
  if (type === "null") return { ...schema, type: "object", nullable: true, enum: [null] };
  if (!Array.isArray(type)) return schema;
  const nullable = type.includes("null");
  const types = type.filter((t) => t !== "null");
  const { type: _type, ...rest } = schema;
  if (types.length === 0) return { ...rest, type: "object", nullable: true, enum: [null] };
  if (types.length === 1) return { ...rest, type: types[0]!, ...(nullable ? { nullable: true } : {}) };
  // Several types: one branch per type, each keeping the keywords (3.0 ignores those of other types).
  return { anyOf: types.map((t) => ({ ...rest, type: t, ...(nullable ? { nullable: true } : {}) })) };
}

function mapValues(object: JsonObject, convert: (value: Json) => Json): JsonObject {
  return Object.fromEntries(Object.entries(object).map(([key, value]) => [key, convert(value)]));
}

/** Media type map (`content`): each entry's schema, and its `examples`/`example` left as they are (3.0 has both). */
function convertContent(content: Json): Json {
  if (!isObject(content)) return content;
  return mapValues(content, (media) => (isObject(media) && "schema" in media ? { ...media, schema: convertSchema(media.schema!) } : media));
}

/** A parameter or a header: a `schema` or a `content` map. */
function convertParameterLike(parameter: Json): Json {
  if (!isObject(parameter) || typeof parameter.$ref === "string") return parameter;
  const converted: JsonObject = { ...parameter };
  if ("schema" in parameter) converted.schema = convertSchema(parameter.schema!);
  if ("content" in parameter) converted.content = convertContent(parameter.content!);
  return converted;
}

function convertResponse(response: Json): Json {
  if (!isObject(response) || typeof response.$ref === "string") return response;
  const converted: JsonObject = { ...response };
  if (isObject(response.headers)) converted.headers = mapValues(response.headers, convertParameterLike);
  if ("content" in response) converted.content = convertContent(response.content!);
  return converted;
}

function convertRequestBody(body: Json): Json {
  if (!isObject(body) || typeof body.$ref === "string") return body;
  return "content" in body ? { ...body, content: convertContent(body.content!) } : body;
}

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function convertOperation(operation: Json): Json {
  if (!isObject(operation)) return operation;
  const converted: JsonObject = { ...operation };
  if (Array.isArray(operation.parameters)) converted.parameters = operation.parameters.map(convertParameterLike);
  if ("requestBody" in operation) converted.requestBody = convertRequestBody(operation.requestBody!);
  if (isObject(operation.responses)) converted.responses = mapValues(operation.responses, convertResponse);
  // Callbacks hold path items of their own.
  if (isObject(operation.callbacks)) {
    converted.callbacks = mapValues(operation.callbacks, (callback) => (isObject(callback) ? mapValues(callback, convertPathItem) : callback));
  }
  return converted;
}

function convertPathItem(item: Json): Json {
  if (!isObject(item)) return item;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(item)) {
    if (METHODS.includes(key)) converted[key] = convertOperation(value);
    else if (key === "parameters" && Array.isArray(value)) converted[key] = value.map(convertParameterLike);
    else converted[key] = value;
  }
  return converted;
}

function convertComponents(components: JsonObject): JsonObject {
  const converted: JsonObject = {};
  for (const [kind, entries] of Object.entries(components)) {
    if (!isObject(entries)) continue;
    if (kind === "schemas") converted[kind] = mapValues(entries, convertSchema);
    else if (kind === "parameters" || kind === "headers") converted[kind] = mapValues(entries, convertParameterLike);
    else if (kind === "responses") converted[kind] = mapValues(entries, convertResponse);
    else if (kind === "requestBodies") converted[kind] = mapValues(entries, convertRequestBody);
    // 3.0 has no reusable path items.
    else if (kind !== "pathItems") converted[kind] = entries;
  }
  return converted;
}

/** The whole document: same paths, operations and components, in the 3.0.3 dialect. */
export function toOpenApi30<T extends object>(document: T): JsonObject {
  const source = document as unknown as JsonObject;
  const converted: JsonObject = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === "openapi") converted.openapi = "3.0.3";
    else if (key === "webhooks" || key === "jsonSchemaDialect") continue;
    else if (key === "info" && isObject(value)) converted.info = withoutLicenseIdentifier(value);
    else if (key === "paths" && isObject(value)) converted.paths = mapValues(value, convertPathItem);
    else if (key === "components" && isObject(value)) converted.components = convertComponents(value);
    else converted[key] = value;
  }
  return converted;
}

function withoutLicenseIdentifier(info: JsonObject): JsonObject {
  if (!isObject(info.license) || !("identifier" in info.license)) return info;
  const { identifier: _identifier, ...license } = info.license;
  return { ...info, license };
}
