import { z } from "@hono/zod-openapi";
import { jsonBody, jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { revokeLeakedApiKey } from "../../services/api-keys/leaked-keys";

const RevokeBody = z
  .strictObject({ api_key: z.string().max(1000).openapi({ description: "The leaked user or team API key, in full." }) })
  .openapi("CredentialScanningRevoke");

const revokeLeakedApiKeyRoute = publicRoute(["API_KEY_NOT_FOUND", "PUBLIC_API_KEY_CANNOT_BE_REVOKED", "API_KEY_EXPIRED"], {
  operationId: "revokeLeakedApiKey",
  method: "post",
  path: "/integrations/credential-scanning/revoke",
  tags: ["API keys"],
  summary: "Revoke a leaked secret API key (for secret scanners)",
  description:
    "Needs no authentication: the key itself is the authority. A secret key (`sk_…`) of any project is revoked for " +
    "good, and whoever answers for it is told by e-mail from that project (the user of a user key; the members of a " +
    "team key's team holding `$manage_api_keys`), once: a key revoked before answers 200 and sends nothing. A public " +
    "key (`pk_…`) answers PUBLIC_API_KEY_CANNOT_BE_REVOKED, an expired one API_KEY_EXPIRED, an unknown or malformed one " +
    "API_KEY_NOT_FOUND.",
  request: { body: jsonBody(RevokeBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Revoked (or already revoked)") },
});

export function registerCredentialScanningRoutes(router: Router): void {
  router.openapi(revokeLeakedApiKeyRoute, async (c) => {
    await revokeLeakedApiKey(c.var.deps, c.req.valid("json").api_key);
    return c.json({ success: true as const }, 200);
  });
}
