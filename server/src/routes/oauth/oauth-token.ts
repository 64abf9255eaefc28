import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { clientInfo } from "../../http/client-info";
import type { ClientInfo } from "../../services/sessions/client-info";
import { jsonResponse, publicRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MAX_URL_LENGTH } from "../../http/schemas";
import type { ServiceDeps } from "../../services/deps";
import { PUBLIC_CLIENT_SENTINEL, tenancyForClient } from "../../services/oauth/client-credentials";
import { exchangeAuthorizationCode, PKCE_VERIFIER } from "../../services/oauth/authorization-codes";
import { refreshSession } from "../../services/sessions/sessions";

const clientFields = {
  client_id: z.string().min(1).max(200).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
  client_secret: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .openapi({ description: `A publishable client key, or \`${PUBLIC_CLIENT_SENTINEL}\` (or nothing) when the project requires none.` }),
  scope: z.string().max(512).optional(),
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
      .regex(PKCE_VERIFIER, "a PKCE code verifier: at most 128 letters, digits and - . _ ~")
      .optional()
      .openapi({ description: "`authorization_code` grant: the PKCE verifier of the flow's challenge (S256 or plain)." }),
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

// One named schema for both spellings (generated clients would otherwise name two types alike).
const AfterCallbackUrl = z
  .string()
  .nullable()
  .openapi("OAuthAfterCallbackRedirectUrl", {
    description: "Authorization code grant: the `after_callback_redirect_url` the flow was started with (`afterCallbackRedirectUrl`: the same, under the name older SDKs read).",
  });

const TokenResponse = z
  .object({
    access_token: z.string(),
    token_type: z.literal("Bearer"),
    expires_in: z.number().int(),
    refresh_token: z.string(),
    scope: z.string(),
    is_new_user: z.boolean().optional().openapi({ description: "Authorization code grant: whether this sign-in created the user." }),
    newUser: z.boolean().optional().openapi({ description: "Authorization code grant: `is_new_user` again, under the name older SDKs read." }),
    after_callback_redirect_url: AfterCallbackUrl.optional(),
    afterCallbackRedirectUrl: AfterCallbackUrl.optional(),
  })
  .openapi("OAuthTokenResponse");

const exchangeOAuthTokenRoute = publicRoute(
  ["INVALID_OAUTH_CLIENT_ID_OR_SECRET", "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT", "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED", "INVALID_AUTHORIZATION_CODE", "MULTI_FACTOR_AUTHENTICATION_REQUIRED", "OAUTH_REDIRECT_URI_MISMATCH", "SSO_REQUIRED"],
  {
    operationId: "exchangeOAuthToken",
    method: "post",
    path: "/auth/oauth/token",
    tags: ["OAuth"],
    summary: "Exchange a refresh token or an authorization code for tokens",
    description:
      "OAuth 2.0 token endpoint (form-encoded, or JSON). `refresh_token`: a new access token; the refresh token stays the same " +
      "for the session. `authorization_code`: the code from our OAuth callback (or the cross-domain hand-off), with the " +
      "flow's `redirect_uri` and the PKCE verifier of its challenge, opens the session (a wrong verifier answers " +
      "INVALID_AUTHORIZATION_CODE, a wrong redirect URI 400 in plain text, and both count against the code; a used or " +
      "expired code answers INVALID_AUTHORIZATION_CODE; code_check_per_ip applies). A user with two-factor sign-in on gets " +
      "MULTI_FACTOR_AUTHENTICATION_REQUIRED with an attempt code instead. A cross-domain code hands back the session it " +
      "was issued for, with the same refresh token.",
    request: {
      // Not `required`: with two media types, only the one the request sends is validated.
      body: {
        required: false,
        content: { "application/x-www-form-urlencoded": { schema: TokenRequest }, "application/json": { schema: TokenRequest } },
      },
    },
    responses: { 200: jsonResponse(TokenResponse, "The session's tokens"), ...rateLimitedResponse },
  },
);

async function refreshGrant(deps: ServiceDeps, form: TokenForm & { refresh_token: string }, client: ClientInfo) {
  const tenancy = await tenancyForClient(deps, form.client_id, form.client_secret, "token");
  const { accessToken } = await refreshSession(deps, tenancy, form.refresh_token, client);
  return { access_token: accessToken, refresh_token: form.refresh_token };
}

export function registerOAuthTokenRoutes(router: Router): void {
  router.openapi(exchangeOAuthTokenRoute, async (c) => {
    const json = /^application\/(.+\+)?json/i.test(c.req.header("content-type") ?? "");
    const form = (json ? c.req.valid("json") : c.req.valid("form")) as TokenForm | undefined;
    if (!form) throw new KnownError("SCHEMA_ERROR", { message: "body: send the token request form-encoded (or as JSON)" });
    const deps = c.var.deps;
    const base = { token_type: "Bearer" as const, expires_in: deps.settings.accessTokenTtlSeconds, scope: "legacy" };
    // The refinement made sure each grant's fields are there.
    if (form.grant_type === "refresh_token") return c.json({ ...base, ...(await refreshGrant(deps, { ...form, refresh_token: form.refresh_token! }, clientInfo(c))) }, 200);
    const { result, afterCallbackRedirectUrl, scope } = await exchangeAuthorizationCode(
      deps,
      { clientId: form.client_id, clientSecret: form.client_secret, code: form.code!, redirectUri: form.redirect_uri!, codeVerifier: form.code_verifier! },
      clientInfo(c),
    );
    // Token answers must not be cached (RFC 6749 §5.1); older clients read the Pragma.
    c.header("pragma", "no-cache");
    return c.json(
      {
        ...base,
        scope,
        access_token: result.access_token,
        refresh_token: result.refresh_token,
        is_new_user: result.is_new_user,
        newUser: result.is_new_user,
        after_callback_redirect_url: afterCallbackRedirectUrl,
        afterCallbackRedirectUrl,
      },
      200,
    );
  });
}
