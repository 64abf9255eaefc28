/** Read access to the committed OpenAPI document, the one Prism serves and validates against. */
import { readFileSync } from "node:fs";
import { OPENAPI_DOCUMENT } from "./prism";

export interface OpenApiOperation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean }>;
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, { description: string; headers?: Record<string, unknown>; content?: Record<string, { schema: JsonSchema }> }>;
}

export type JsonSchema = Record<string, any>;

export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, JsonSchema>; securitySchemes: Record<string, { type: string; in: string; name: string }> };
}

let cached: OpenApiDocument | undefined;

export function loadDocument(): OpenApiDocument {
  cached ??= JSON.parse(readFileSync(OPENAPI_DOCUMENT, "utf8")) as OpenApiDocument;
  return cached;
}

export function operation(template: string, method: string): OpenApiOperation {
  const op = loadDocument().paths[template]?.[method];
  if (!op) throw new Error(`the document has no ${method.toUpperCase()} ${template}`);
  return op;
}

export function allOperations(): Array<{ template: string; method: string; op: OpenApiOperation }> {
  return Object.entries(loadDocument().paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ template, method, op })),
  );
}

/** Follows a local `$ref` (one level at a time) until a schema body is reached. */
export function deref(schema: JsonSchema): JsonSchema {
  let current = schema;
  for (let depth = 0; current.$ref && depth < 20; depth += 1) {
    const name = String(current.$ref).replace("#/components/schemas/", "");
    const next = loadDocument().components.schemas[name];
    if (!next) throw new Error(`unresolvable $ref ${current.$ref}`);
    current = next;
  }
  return current;
}

/** The header names of the security schemes in every alternative the operation declares. */
export function securityAlternatives(op: OpenApiOperation): string[][] {
  const schemes = loadDocument().components.securitySchemes;
  return (op.security ?? []).map((alt) => Object.keys(alt).map((name) => schemes[name]!.name).sort());
}
