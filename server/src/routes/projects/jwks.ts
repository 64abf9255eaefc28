import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";

const JwkSchema = z
  .object({ kty: z.literal("EC"), crv: z.literal("P-256"), alg: z.literal("ES256"), kid: z.string(), x: z.string(), y: z.string(), use: z.literal("sig") })
  .openapi("Jwk");

const JwksSchema = z.object({ keys: z.array(JwkSchema) }).openapi("Jwks");

const getProjectJwksRoute = publicRoute(["PROJECT_NOT_FOUND"], {
  operationId: "getProjectJwks",
  method: "get",
  path: "/projects/{project_id}/.well-known/jwks.json",
  tags: ["Projects"],
  summary: "Public keys that verify the project's access tokens",
  request: {
    params: z.object({ project_id: z.string().openapi({ param: { name: "project_id", in: "path" } }) }),
    query: z.object({
      include_anonymous: z.enum(["true", "false"]).optional().openapi({ description: "Also list the key that signs anonymous users' tokens." }),
    }),
  },
  responses: { 200: jsonResponse(JwksSchema, "JSON Web Key Set") },
});

export function registerJwksRoutes(router: Router): void {
  router.openapi(getProjectJwksRoute, async (c) => {
    const { project_id } = c.req.valid("param");
    const deps = c.var.deps;
    const lookup = await deps.tenancies.lookup(project_id);
    if (!lookup.found) throw new KnownError("PROJECT_NOT_FOUND", { project_id });
    const keys = await deps.signingKeys.keysFor(project_id);
    const selected = c.req.valid("query").include_anonymous === "true" ? [keys.regular, keys.anonymous] : [keys.regular];
    const jwks = selected.map((k) => ({
      kty: "EC" as const,
      crv: "P-256" as const,
      alg: "ES256" as const,
      use: "sig" as const,
      kid: k.kid,
      x: String(k.publicJwk.x),
      y: String(k.publicJwk.y),
    }));
    c.header("cache-control", "public, max-age=3600");
    return c.json({ keys: jwks }, 200);
  });
}
