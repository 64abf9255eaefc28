import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import type { AppEnv } from "../../http/env";
import { clientInfo } from "../../http/client-info";
import { jsonResponse, publicRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MAX_URL_LENGTH, UrlSchema } from "../../http/schemas";
import { finishOAuthCallback, INNER_STATE_COOKIE_PREFIX, OAUTH_FLOW_LIFETIME_SECONDS, startOAuth } from "../../services/oauth/flow";

const COOKIE_PATH = "/api/v1/auth/oauth";

const ResponseMode = z.enum(["json", "redirect"]);

// The Stack SDKs add fields of their own (bot challenge, response mode under several names);
// this browser-facing query accepts and ignores what it does not know.
const AuthorizeQuery = z
  .looseObject({
    client_id: z.string().min(1).max(200).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
    client_secret: z.string().min(1).max(512).openapi({ description: "A publishable client key, or `__stack_public_client__`." }),
    redirect_uri: UrlSchema.openapi({ description: "The client's callback page (trusted domain); our code and `state` are added to it." }),
    scope: z.string().max(512).optional().openapi({ description: "Our own scope; SDKs send `legacy`." }),
    state: z.string().min(1).max(1024).openapi({ description: "The client's state, handed back with the code." }),
    grant_type: z.literal("authorization_code"),
    code_challenge: z
      .string()
      .min(43)
      .max(128)
      .regex(/^[A-Za-z0-9_-]{43,128}$/, "a PKCE S256 challenge: 43 to 128 base64url characters")
      .openapi({ description: "BASE64URL(SHA-256(code_verifier)) of the client's verifier." }),
    code_challenge_method: z.literal("S256"),
    response_type: z.literal("code"),
    type: z.enum(["authenticate", "link"]).default("authenticate").openapi({ description: "`link` adds the provider to the user of `token`." }),
    token: z.string().max(8192).optional().openapi({ description: "The signed-in user's access token; required for `link`." }),
    provider_scope: z.string().max(2048).optional().openapi({ description: "Extra scopes to ask the provider for, space-separated." }),
    error_redirect_url: UrlSchema.optional().openapi({ description: "Where failures go, with `errorCode`, `message` and `details`; trusted domain." }),
    error_redirect_uri: UrlSchema.optional().openapi({ description: "Same as `error_redirect_url`." }),
    after_callback_redirect_url: z
      .string()
      .max(MAX_URL_LENGTH)
      .optional()
      .openapi({ description: "Handed back with the tokens, for the client to go to; relative or on a trusted domain." }),
    response_mode: ResponseMode.optional(),
    stack_response_mode: ResponseMode.optional().openapi({ description: "`json`: answer `{location}` instead of redirecting." }),
    hexclave_response_mode: ResponseMode.optional(),
  })
  .openapi("OAuthAuthorizeQuery");

const ProviderParam = z.object({
  provider_id: z.string().min(1).max(63).openapi({ description: "The provider's id in the project config (`github`, or a generic provider's own id)." }),
});

const CallbackParams = z
  .looseObject({
    code: z.string().max(4096).optional(),
    state: z.string().max(1024).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
    iss: z.string().max(MAX_URL_LENGTH).optional(),
  })
  .openapi("OAuthProviderAnswer", {
    description: "The provider's answer: `code` and `state`, or `error` and `error_description`, and whatever else it sends.",
  });

/** The answer's string fields (a repeated key is taken once, as a provider never repeats one). */
function answerParams(...sources: Array<Record<string, unknown>>): URLSearchParams {
  const params = new URLSearchParams();
  for (const source of sources) for (const [key, value] of Object.entries(source)) if (typeof value === "string") params.set(key, value);
  return params;
}

const LocationSchema = z.object({ location: z.string() }).openapi("OAuthAuthorizeLocation");

const locationHeader = { Location: { description: "Where the browser goes next.", schema: { type: "string" as const } } };

const authorizeRoute = publicRoute(
  [
    "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
    "REDIRECT_URL_NOT_WHITELISTED",
    "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
    "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
    "USER_AUTHENTICATION_REQUIRED",
    "UNPARSABLE_ACCESS_TOKEN",
    "ACCESS_TOKEN_EXPIRED",
    "INVALID_PROJECT_FOR_ACCESS_TOKEN",
  ],
  {
    operationId: "authorizeOAuth",
    method: "get",
    path: "/auth/oauth/authorize/{provider_id}",
    tags: ["OAuth"],
    summary: "Start signing in (or linking) with an OAuth provider",
    description:
      "A browser redirect to the provider, as `signInWithOAuth` drives it (PKCE S256 with the client's challenge). " +
      "The redirect sets an HttpOnly cookie binding the flow to this browser for 3600 s. With `stack_response_mode=json` " +
      "the answer is `{location}` instead and no cookie is set. The flow lasts an hour. Counts against sign_in_per_ip (429).",
    request: { params: ProviderParam, query: AuthorizeQuery },
    responses: {
      200: jsonResponse(LocationSchema, "JSON mode: where to send the browser"),
      302: { description: "To the provider", headers: locationHeader },
      ...rateLimitedResponse,
    },
  },
);

const callbackErrors = [
  "OUTER_OAUTH_TIMEOUT",
  "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  "OAUTH_PROVIDER_ACCESS_DENIED",
  "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
  "SIGN_UP_NOT_ENABLED",
  "SIGN_UP_REJECTED",
  "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  "OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER",
  "USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION",
  "USER_NOT_FOUND",
] as const;

const CALLBACK_DESCRIPTION =
  "Where the provider sends the browser back. Answers a redirect to the client's `redirect_uri` with our authorization " +
  "code (single use, 5 minutes) and its `state`; once the flow is known, failures redirect to its `error_redirect_url` " +
  "with `errorCode`, `message` and `details`. An unknown, used or expired state, or a redirect-started flow reaching a " +
  "browser without its cookie, answers OUTER_OAUTH_TIMEOUT.";

const callbackGetRoute = publicRoute([...callbackErrors], {
  operationId: "oauthCallback",
  method: "get",
  path: "/auth/oauth/callback/{provider_id}",
  tags: ["OAuth"],
  summary: "The provider's answer (redirect)",
  description: CALLBACK_DESCRIPTION,
  request: { params: ProviderParam, query: CallbackParams },
  responses: { 303: { description: "To the client's callback page, or its error page", headers: locationHeader } },
});

const callbackPostRoute = publicRoute([...callbackErrors], {
  operationId: "oauthCallbackFormPost",
  method: "post",
  path: "/auth/oauth/callback/{provider_id}",
  tags: ["OAuth"],
  summary: "The provider's answer (form post)",
  description: `${CALLBACK_DESCRIPTION} Providers that answer with a form post (Apple) come here.`,
  request: {
    params: ProviderParam,
    query: CallbackParams,
    body: { required: false, content: { "application/x-www-form-urlencoded": { schema: CallbackParams } } },
  },
  responses: { 303: { description: "To the client's callback page, or its error page", headers: locationHeader } },
});

function secureCookies(c: Context<AppEnv>): boolean {
  return c.var.deps.settings.publicUrl.startsWith("https:");
}

export function registerOAuthRoutes(router: Router): void {
  router.openapi(authorizeRoute, async (c) => {
    const query = c.req.valid("query");
    const json = [query.stack_response_mode, query.hexclave_response_mode, query.response_mode].includes("json");
    const { location, innerState } = await startOAuth(c.var.deps, {
      providerId: c.req.valid("param").provider_id,
      clientId: query.client_id,
      clientSecret: query.client_secret,
      redirectUri: query.redirect_uri,
      state: query.state,
      codeChallenge: query.code_challenge,
      type: query.type,
      token: query.token,
      providerScope: query.provider_scope,
      errorRedirectUrl: query.error_redirect_uri ?? query.error_redirect_url,
      afterCallbackRedirectUrl: query.after_callback_redirect_url,
      cookieBound: !json,
    }, clientInfo(c));
    if (json) return c.json({ location }, 200);
    const secure = secureCookies(c);
    setCookie(c, `${INNER_STATE_COOKIE_PREFIX}${innerState}`, "1", {
      path: COOKIE_PATH,
      httpOnly: true,
      maxAge: OAUTH_FLOW_LIFETIME_SECONDS,
      secure,
      // A form-posted answer (Apple) is a cross-site POST, which only SameSite=None lets the cookie ride along.
      sameSite: secure ? "None" : "Lax",
    });
    return c.redirect(location, 302);
  });

  const answer = async (c: Context<AppEnv>, providerId: string, params: URLSearchParams) => {
    const { location, innerState } = await finishOAuthCallback(c.var.deps, {
      providerId,
      params,
      hasBindingCookie: (state) => getCookie(c, `${INNER_STATE_COOKIE_PREFIX}${state}`) === "1",
      countryCode: clientInfo(c).countryCode,
    });
    deleteCookie(c, `${INNER_STATE_COOKIE_PREFIX}${innerState}`, { path: COOKIE_PATH, secure: secureCookies(c) });
    return c.redirect(location, 303);
  };

  router.openapi(callbackGetRoute, async (c) => answer(c, c.req.valid("param").provider_id, answerParams(c.req.valid("query"))));

  router.openapi(callbackPostRoute, async (c) => {
    const form = c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded") ? c.req.valid("form") : {};
    return answer(c, c.req.valid("param").provider_id, answerParams(c.req.valid("query"), form));
  });
}
