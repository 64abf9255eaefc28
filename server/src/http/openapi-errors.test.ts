import { describe, expect, it } from "vitest";
import { createApiDocument } from "../app";
import { knownErrors, type KnownErrorCode } from "../errors";

interface ErrorBodyUse {
  operationId: string;
  status: string;
}

/** Every component schema that is a known-error body (its `code` is an enum), with the operations answering it. */
function errorBodies() {
  const document = createApiDocument() as unknown as {
    paths: Record<string, Record<string, { operationId?: string; responses?: Record<string, { content?: Record<string, { schema?: { $ref?: string } }> }> }>>;
    components: { schemas: Record<string, { properties?: { code?: { enum?: string[] } } }> };
  };
  const uses = new Map<string, ErrorBodyUse[]>();
  for (const item of Object.values(document.paths))
    for (const operation of Object.values(item))
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const ref = response.content?.["application/json"]?.schema?.$ref;
        if (!ref || Number(status) < 400) continue;
        const name = ref.slice("#/components/schemas/".length);
        uses.set(name, [...(uses.get(name) ?? []), { operationId: operation.operationId ?? "", status }]);
      }
  return Object.entries(document.components.schemas)
    .filter(([, schema]) => schema.properties?.code?.enum)
    .map(([name, schema]) => ({ name, codes: schema.properties!.code!.enum!, uses: uses.get(name) ?? [] }));
}

const pascal = (code: string) =>
  code
    .toLowerCase()
    .split("_")
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("");

/** Whether `text` is the PascalCase forms of some of `codes`, joined. */
function spellsCodes(text: string, codes: readonly string[]): boolean {
  if (text === "") return true;
  return codes.some((code) => text.startsWith(pascal(code)) && spellsCodes(text.slice(pascal(code).length), codes));
}

describe("the document's known-error bodies", () => {
  // Bodies with many codes were named `KnownError400PlusCannotGetOwnUserWithoutUserAnd2More12pxpeo`:
  // a hash no reader or other-language client generator could make sense of (33 such names).
  it("are named by their status and codes, or by their operation and status, never by a hash", () => {
    const bodies = errorBodies();
    expect(bodies.length).toBeGreaterThan(50);
    const misnamed = bodies.filter(({ name, codes, uses }) => {
      if (uses.length > 0 && uses.every(({ operationId, status }) => name === `${operationId.charAt(0).toUpperCase()}${operationId.slice(1)}Error${status}`)) return false;
      const byCodes = /^(?:Public)?KnownError(\d{3})(?:Plus)?([A-Za-z]*)$/.exec(name);
      return !byCodes || uses.some(({ status }) => status !== byCodes[1]) || !spellsCodes(byCodes[2]!, codes);
    });
    expect(misnamed.map(({ name }) => name)).toEqual([]);
  });

  /**
   * Catalogue codes no operation declares, each for a reason. The client library's
   * `KnownErrorCode` is generated from the codes the document declares, so a code answered
   * but missing here would be one client code could not name.
   */
  const NOT_DECLARED_BY_ANY_OPERATION: Partial<Record<KnownErrorCode, string>> = {
    ROUTE_NOT_FOUND: "answered for a path outside the document, so no operation of it answers it",
    UNSUPPORTED_ERROR: "answered for the paths of Stack's hosted-platform integrations (http/hosted-only.ts), which are outside the document",
    PROJECT_PERMISSION_REQUIRED: "kept from Stack Auth's catalogue; Gatehouse never answers it",
    TEMPLATE_SOURCE_REWRITE_ERROR: "kept from Stack Auth's catalogue; Gatehouse never answers it",
    CUSTOMER_DOES_NOT_EXIST: "kept from Stack Auth's catalogue; Gatehouse never answers it",
    DEFAULT_PAYMENT_METHOD_REQUIRED: "kept from Stack Auth's catalogue; Gatehouse never answers it",
    ANALYTICS_QUERY_TIMEOUT: "kept from Stack Auth's catalogue; Gatehouse never answers it",
  };

  it("declare every code of the catalogue that is answered as a known error, but the few listed with a reason", () => {
    const declared = new Set(errorBodies().flatMap(({ codes }) => codes));
    const catalogue = (Object.keys(knownErrors) as KnownErrorCode[]).filter((code) => (knownErrors[code] as { plain?: true }).plain !== true);
    expect(catalogue.filter((code) => !declared.has(code) && !Object.hasOwn(NOT_DECLARED_BY_ANY_OPERATION, code))).toEqual([]);
    expect([...declared].filter((code) => !Object.hasOwn(knownErrors, code))).toEqual([]);
    expect(Object.keys(NOT_DECLARED_BY_ANY_OPERATION).filter((code) => declared.has(code))).toEqual([]);
  });
});
