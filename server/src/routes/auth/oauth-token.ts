import { z } from "@hono/zod-openapi";
import { clientInfo } from "../../http/client-info";
import { jsonResponse, publicRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MAX_URL_LENGTH } from "../../http/schemas";
import type { ServiceDeps } from "../../services/deps";
import { PUBLIC_CLIENT_SENTINEL, tenancyForClient } from "../../services/oauth/client-credentials";
import { exchangeAuthorizationCode } from "../../services/oauth/flow";
import { refreshSession } from "../../services/sessions";

const clientFields = {
  client_id: z.string().min(1).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
  client_secret: z.string().min(1).openapi({ description: `A publishable client key, or \`${PUBLIC_CLIENT_SENTINEL}\`.` }),
  scope: z.string().optional(),
};

// RFC 6749 §3.2: the token endpoint ignores parameters it does not recognise. One object for
// both grants (a oneOf of form bodies is more than generated clients can encode); each grant's
// own fields are required by the refinement below.
const TokenRequest = z
  .object({
    grant_type: z.enum(["refresh_token", "authorization_code"]),
    refresh_token: z.string().min(1).optional().openapi({ description: "`refresh_token` grant: the session's refresh token." }),
    code: z.string().min(1).max(256).optional().openapi({ description: "`authorization_code` grant: the code our callback handed to `redirect_uri`." }),
    redirect_uri: z.string().min(1).max(MAX_URL_LENGTH).optional().openapi({ description: "`authorization_code` grant: the `redirect_uri` the flow was started with." }),
    code_verifier: z
      .string()
      .min(43)
      .max(128)
      .regex(/^[A-Za-z0-9._~-]{43,128}$/, "a PKCE code verifier: 43 to 128 unreserved characters")
      .optional()
      .openapi({ description: "`authorization_code` grant: the PKCE verifier of the flow's S256 challenge." }),
    ...clientFields,
  })
  .superRefine((form, ctx) => {
    const needed = form.grant_type === "refresh_token" ? (["refresh_token"] as const) : (["code", "redirect_uri", "code_verifier"] as const);
    for (const field of needed) {
      if (form[field] === undefined) ctx.addIssue({ code: "custom", path: [field], message: `required for grant_type ${form.grant_type}` });
    }
  })
  .openapi("OAuthTokenRequest");

type TokenForm = z.infer<typeof TokenRequest>;

const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.string(),
    user_id: z.uuid().optional().openapi({ description: "Authorization code grant: the signed-in user." }),
    is_new_user: z.boolean().optional().openapi({ description: "Authorization code grant: whether this sign-in created the user." }),
    after_callback_redirect_url: z
      .string()
      .nullable()
      .optional()
      .openapi({ description: "Authorization code grant: the `after_callback_redirect_url` the flow was started with." }),
  })
  .openapi("OAuthTokenResponse");

const exchangeOAuthTokenRoute = publicRoute(
  ["INVALID_OAUTH_CLIENT_ID_OR_SECRET", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", "INVALID_AUTHORIZATION_CODE", "MULTI_FACTOR_AUTHENTICATION_REQUIRED"],
  {
    operationId: "exchangeOAuthToken",
    method: "post",
    path: "/auth/oauth/token",
    tags: ["OAuth"],
    summary: "Exchange a refresh token or an authorization code for tokens",
    description:
      "OAuth 2.0 token endpoint (form-encoded). `refresh_token`: a new access token; the refresh token stays the same " +
      "for the session. `authorization_code`: the code from our OAuth callback, with the flow's `redirect_uri` and the " +
      "PKCE verifier of its S256 challenge, opens the session (a wrong verifier or URI counts against the code, which " +
      "then answers INVALID_AUTHORIZATION_CODE; a used or expired code too; code_check_per_ip applies). A user with two-factor sign-in on gets " +
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code instead.",
    request: { body: { required: true, content: { "application/x-www-form-urlencoded": { schema: TokenRequest } } } },
    responses: { 200: jsonResponse(TokenResponse, "The session's tokens"), ...rateLimitedResponse },
  },
);

async function refreshGrant(deps: ServiceDeps, form: TokenForm & { refresh_token: string }) {
  const tenancy = await tenancyForClient(deps, form.client_id, form.client_secret);
  const { accessToken } = await refreshSession(deps, tenancy, form.refresh_token);
  return { access_token: accessToken, refresh_token: form.refresh_token };
}

export function registerOAuthTokenRoutes(router: Router): void {
  router.openapi(exchangeOAuthTokenRoute, async (c) => {
    const form = c.req.valid("form");
    const deps = c.var.deps;
    const base = { token_type: "Bearer" as const, expires_in: deps.settings.accessTokenTtlSeconds, scope: "legacy" };
    // The refinement made sure each grant's fields are there.
    if (form.grant_type === "refresh_token") return c.json({ ...base, ...(await refreshGrant(deps, { ...form, refresh_token: form.refresh_token! })) }, 200);
    const { result, afterCallbackRedirectUrl } = await exchangeAuthorizationCode(
      deps,
      { clientId: form.client_id, clientSecret: form.client_secret, code: form.code!, redirectUri: form.redirect_uri!, codeVerifier: form.code_verifier! },
      clientInfo(c),
    );
    return c.json(
      {
        ...base,
        access_token: result.access_token,
        refresh_token: result.refresh_token,
        user_id: result.user_id,
        is_new_user: result.is_new_user,
        after_callback_redirect_url: afterCallbackRedirectUrl,
      },
      200,
    );
  });
}
