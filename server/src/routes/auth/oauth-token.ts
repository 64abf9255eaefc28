import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import type { ServiceDeps } from "../../services/deps";
import { refreshSession } from "../../services/sessions";

/** What SDKs send as client_secret when the project needs no publishable key. */
const PUBLIC_CLIENT_SENTINEL = "__stack_public_client__";

// RFC 6749 §3.2: the token endpoint ignores parameters it does not recognise.
const TokenRequest = z
  .object({
    grant_type: z.literal("refresh_token"),
    refresh_token: z.string().min(1),
    client_id: z.string().min(1).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
    client_secret: z.string().min(1).openapi({ description: `A publishable client key, or \`${PUBLIC_CLIENT_SENTINEL}\`.` }),
    scope: z.string().optional(),
  })
  .openapi("OAuthTokenRequest");

const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.string(),
  })
  .openapi("OAuthTokenResponse");

const exchangeOAuthTokenRoute = publicRoute(["INVALID_OAUTH_CLIENT_ID_OR_SECRET", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED"], {
  operationId: "exchangeOAuthToken",
  method: "post",
  path: "/auth/oauth/token",
  tags: ["OAuth"],
  summary: "Exchange a refresh token for a new access token",
  description: "OAuth 2.0 token endpoint (form-encoded). The refresh token stays the same for the session.",
  request: { body: { required: true, content: { "application/x-www-form-urlencoded": { schema: TokenRequest } } } },
  responses: { 200: jsonResponse(TokenResponse, "A fresh access token") },
});

async function tenancyForClient(deps: ServiceDeps, clientId: string, clientSecret: string) {
  const [projectId = "", branchId = "main"] = clientId.split("#");
  const lookup = await deps.tenancies.lookup(projectId, branchId);
  const invalid = new KnownError("INVALID_OAUTH_CLIENT_ID_OR_SECRET", { client_id: clientId });
  if (!lookup.found) throw invalid;
  const secretOk =
    clientSecret === PUBLIC_CLIENT_SENTINEL
      ? !lookup.tenancy.config.project.requirePublishableClientKey
      : await deps.projectKeys.isValid(projectId, "publishable_client_key", clientSecret);
  if (!secretOk) throw invalid;
  return lookup.tenancy;
}

export function registerOAuthTokenRoutes(router: Router): void {
  router.openapi(exchangeOAuthTokenRoute, async (c) => {
    const form = c.req.valid("form");
    const deps = c.var.deps;
    const tenancy = await tenancyForClient(deps, form.client_id, form.client_secret);
    const { accessToken } = await refreshSession(deps, tenancy, form.refresh_token);
    return c.json(
      {
        access_token: accessToken,
        token_type: "Bearer" as const,
        expires_in: deps.settings.accessTokenTtlSeconds,
        refresh_token: form.refresh_token,
        scope: "legacy",
      },
      200,
    );
  });
}
