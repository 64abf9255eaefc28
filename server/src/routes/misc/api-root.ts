import { z } from "@hono/zod-openapi";
import { resolveAccess } from "../../http/access";
import { optionallyAuthenticatedRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import type { RequestAuth } from "../../http/env";

const getApiRootRoute = optionallyAuthenticatedRoute([], {
  operationId: "getApiRoot",
  method: "get",
  path: "/",
  tags: ["Misc"],
  summary: "Where the documentation is, and who the request's headers say is calling",
  description:
    "A plain-text greeting that names the OpenAPI document and, when project headers are sent, the access level, project and " +
    "user they resolve to; wrong headers answer the same known errors as any authenticated route.",
  request: { query: z.strictObject({}) },
  responses: { 200: { description: "Where to read more, and the caller", content: { "text/plain": { schema: z.string() } } } },
});

function describeCaller(auth: RequestAuth | null): string {
  if (!auth) return "Authentication: none";
  return [
    `Authentication: ${auth.type} access`,
    `  Project: ${auth.tenancy.projectId}`,
    `  User: ${auth.user ? (auth.user.email ?? auth.user.sub) : "none"}`,
  ].join("\n");
}

export function registerApiRootRoutes(router: Router): void {
  router.openapi(getApiRootRoute, async (c) => {
    const auth = await resolveAccess(c, c.var.deps);
    return c.text(
      "Welcome to the Gatehouse API. The OpenAPI document is at /api/v1/openapi.json (3.0.3 rendering at /api/v1/openapi-3.0.json) " +
        `and the reference at /api/docs.\n\n${describeCaller(auth)}\n`,
      200,
    );
  });
}
