import { describe, expect, it } from "vitest";
import { createApiDocument } from "../app";
import { convertSchema, toOpenApi30 } from "./openapi-3.0";

describe("OpenAPI 3.1 -> 3.0.3 schemas", () => {
  it("turns a type list with null into nullable", () => {
    expect(convertSchema({ type: ["string", "null"], maxLength: 5 })).toEqual({ type: "string", maxLength: 5, nullable: true });
    expect(convertSchema({ type: ["integer"] })).toEqual({ type: "integer" });
  });

  it("turns several non-null types into one anyOf branch per type", () => {
    expect(convertSchema({ type: ["string", "integer", "null"], description: "d" })).toEqual({
      anyOf: [
        { type: "string", description: "d", nullable: true },
        { type: "integer", description: "d", nullable: true },
      ],
    });
  });

  it("makes the null branch of an anyOf a typed nullable schema that admits only null", () => {
    expect(convertSchema({ anyOf: [{ $ref: "#/components/schemas/Team" }, { type: "null" }] })).toEqual({
      anyOf: [{ $ref: "#/components/schemas/Team" }, { type: "object", nullable: true, enum: [null] }],
    });
  });

  it("turns numeric exclusive bounds into the 3.0 boolean form, keeping the tighter bound", () => {
    expect(convertSchema({ type: "integer", exclusiveMinimum: 0, maximum: 10 })).toEqual({ type: "integer", minimum: 0, exclusiveMinimum: true, maximum: 10 });
    expect(convertSchema({ type: "number", exclusiveMaximum: 5 })).toEqual({ type: "number", maximum: 5, exclusiveMaximum: true });
    expect(convertSchema({ type: "number", minimum: 3, exclusiveMinimum: 1 })).toEqual({ type: "number", minimum: 3 });
    expect(convertSchema({ type: "number", minimum: 1, exclusiveMinimum: 1 })).toEqual({ type: "number", minimum: 1, exclusiveMinimum: true });
  });

  it("turns const into a one-value enum and examples into example", () => {
    expect(convertSchema({ const: true })).toEqual({ enum: [true] });
    expect(convertSchema({ type: "string", examples: ["a", "b"] })).toEqual({ type: "string", example: "a" });
    expect(convertSchema({ type: "string", example: "kept", examples: ["a"] })).toEqual({ type: "string", example: "kept" });
  });

  it("drops keywords 3.0 does not know, and siblings of $ref", () => {
    expect(convertSchema({ $schema: "x", type: "string", contentMediaType: "text/plain", propertyNames: { pattern: "^a" } })).toEqual({ type: "string" });
    expect(convertSchema({ $ref: "#/components/schemas/User", description: "ignored by 3.0" })).toEqual({ $ref: "#/components/schemas/User" });
  });

  it("converts nested schemas but never a property merely named like a keyword", () => {
    const schema = {
      type: "object",
      properties: {
        type: { type: ["string", "null"] },
        const: { const: "x" },
        list: { type: "array", items: { type: ["number", "null"] } },
        map: { type: "object", additionalProperties: { type: ["boolean", "null"] } },
      },
      required: ["type"],
    };
    expect(convertSchema(schema)).toEqual({
      type: "object",
      properties: {
        type: { type: "string", nullable: true },
        const: { enum: ["x"] },
        list: { type: "array", items: { type: "number", nullable: true } },
        map: { type: "object", additionalProperties: { type: "boolean", nullable: true } },
      },
      required: ["type"],
    });
  });
});

describe("OpenAPI 3.1 -> 3.0.3 documents", () => {
  it("drops webhooks and the license identifier and converts schemas wherever the document holds them", () => {
    const document = {
      openapi: "3.1.0",
      info: { title: "t", version: "1", license: { name: "MIT", identifier: "MIT" } },
      webhooks: {},
      paths: {
        "/a/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: ["string"] } }],
          post: {
            parameters: [{ name: "q", in: "query", schema: { type: ["integer", "null"] } }],
            requestBody: { content: { "application/json": { schema: { const: 1 } } } },
            responses: {
              200: {
                description: "ok",
                headers: { "Retry-After": { schema: { type: ["integer", "null"] } } },
                content: { "application/json": { schema: { type: "null" } } },
              },
            },
          },
        },
      },
      components: { schemas: { N: { type: ["number", "null"], exclusiveMinimum: 0 } }, pathItems: {} },
    };
    expect(toOpenApi30(document)).toEqual({
      openapi: "3.0.3",
      info: { title: "t", version: "1", license: { name: "MIT" } },
      paths: {
        "/a/{id}": {
          parameters: [{ name: "id", in: "path", required: true, schema: { type: "string" } }],
          post: {
            parameters: [{ name: "q", in: "query", schema: { type: "integer", nullable: true } }],
            requestBody: { content: { "application/json": { schema: { enum: [1] } } } },
            responses: {
              200: {
                description: "ok",
                headers: { "Retry-After": { schema: { type: "integer", nullable: true } } },
                content: { "application/json": { schema: { type: "object", nullable: true, enum: [null] } } },
              },
            },
          },
        },
      },
      components: { schemas: { N: { type: "number", nullable: true, minimum: 0, exclusiveMinimum: true } } },
    });
  });

  it("leaves nothing of 3.1 in the published document's rendering", () => {
    const converted = JSON.stringify(toOpenApi30(createApiDocument()));
    expect(converted).not.toMatch(/"type":\[/);
    expect(converted).not.toMatch(/"type":"null"/);
    expect(converted).not.toMatch(/"exclusiveM(in|ax)imum":-?\d/);
    expect(converted).not.toMatch(/"const":|"examples":\[|"webhooks":/);
  });
});
