import type { Router } from "./router";
import { SECURITY_SCHEMES } from "./openapi";

export const API_BASE_PATH = "/api/v1";

/** The published contract, generated from the routes; key order is stable so diffs show real changes. */
export function buildOpenApiDocument(router: Router, tags: Array<{ name: string; description: string }>) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    router.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  const document = router.getOpenAPI31Document({
    openapi: "3.1.0",
    info: {
      title: "Gatehouse API",
      version: "1.0.0",
      description:
        "Sign-in, users, teams, permissions and API keys. Wire-compatible with the Stack Auth REST API. " +
        "Every request header is accepted with the `x-stack-` or the `x-hexclave-` prefix, and the response's own headers " +
        "(`known-error`, `actual-status`) come back under the prefix the request used (both when it used both or neither). " +
        "The API is also served under `/api/latest`.",
      license: { name: "MIT", url: "https://opensource.org/licenses/MIT" },
    },
    servers: [{ url: API_BASE_PATH }],
    tags,
  });
  return stableOrder(document);
}

const byKey = (object: object) =>
  Object.fromEntries(Object.entries(object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** Paths and each component map in code-point order, so a diff of the document shows real changes only. */
function stableOrder<T extends { paths?: object; components?: object }>(document: T): T {
  return {
    ...document,
    paths: byKey(document.paths ?? {}),
    components: Object.fromEntries(
      Object.entries(document.components ?? {}).map(([kind, entries]) => [kind, byKey(entries as object)]),
    ),
  };
}
