import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import type { AppEnv } from "../../http/env";
import { clientInfo } from "../../http/client-info";
import { jsonResponse, publicRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, MAX_URL_LENGTH, UrlSchema } from "../../http/schemas";
import { isValidChallenge, PKCE_METHODS } from "../../services/oauth/authorization-codes";
import { finishOAuthCallback, INNER_STATE_COOKIE_PREFIX, OAUTH_FLOW_LIFETIME_SECONDS, startOAuth } from "../../services/oauth/flow";

const ResponseMode = z.enum(["json", "redirect"]);

// The Stack SDKs add fields of their own (bot challenge, response mode under several names);
// this browser-facing query accepts and ignores what it does not know.
const AuthorizeQuery = z
  .looseObject({
    client_id: z.string().min(1).max(200).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
    client_secret: z.string().min(1).max(512).openapi({ description: "A publishable client key, or `__stack_public_client__`." }),
    redirect_uri: UrlSchema.openapi({ description: "The client's callback page; our code and `state` are added to it. It must be on a trusted domain when the provider answers." }),
    scope: z.string().max(512).optional().openapi({ description: "Our own scope; SDKs send `legacy`. Handed back by the token endpoint." }),
    state: z.string().min(1).max(1024).openapi({ description: "The client's state, handed back with the code." }),
    grant_type: z.literal("authorization_code"),
    code_challenge: z
      .string()
      .min(1)
      .max(128)
      .openapi({ description: "S256: BASE64URL(SHA-256(code_verifier)), 43 characters. plain: the verifier itself (RFC 7636 unreserved characters)." }),
    code_challenge_method: z.enum(PKCE_METHODS).openapi({ description: "`S256` (what Gatehouse's own clients send) or `plain`." }),
    response_type: z.literal("code"),
    type: z.enum(["authenticate", "link"]).default("authenticate").openapi({ description: "`link` adds the provider to the user of `token`." }),
    token: z
      .string()
      .max(8192)
      .optional()
      .openapi({ description: "The signed-in user's access token: required for `link`; with `authenticate`, an anonymous user of it is upgraded by a new provider account." }),
    provider_scope: z.string().max(2048).optional().openapi({ description: "Extra scopes to ask the provider for, space-separated (not with shared keys)." }),
    error_redirect_url: UrlSchema.optional().openapi({ description: "Where failures go when `redirect_uri` is not trusted; trusted domain." }),
    error_redirect_uri: UrlSchema.optional().openapi({ description: "Same as `error_redirect_url`." }),
    after_callback_redirect_url: CallbackUrlSchema.optional().openapi({
      description: "Handed back with the tokens, for the client to go to; relative or on a trusted domain.",
    }),
    response_mode: ResponseMode.optional(),
    stack_response_mode: ResponseMode.optional().openapi({ description: "`json`: answer `{location}` instead of redirecting." }),
    hexclave_response_mode: ResponseMode.optional(),
  })
  .superRefine((query, ctx) => {
    if (!isValidChallenge(query.code_challenge_method, query.code_challenge)) {
      ctx.addIssue({
        code: "custom",
        path: ["code_challenge"],
        message: query.code_challenge_method === "S256" ? "an S256 challenge is 43 base64url characters" : "a plain challenge uses letters, digits and - . _ ~ only",
      });
    }
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
    "OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
    "INVALID_PUBLISHABLE_CLIENT_KEY",
    "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
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
      "A browser redirect (307) to the provider, as `signInWithOAuth` drives it (the client's PKCE challenge, S256 or plain; " +
      "Gatehouse always uses S256 with the provider). The redirect sets an HttpOnly cookie binding the flow to this browser " +
      "for 3600 s. With `stack_response_mode=json` the answer is `{location}` instead and no cookie is set. The flow lasts " +
      "an hour. `redirect_uri` is judged when the provider answers (see the callback). Counts against sign_in_per_ip (429).",
    request: { params: ProviderParam, query: AuthorizeQuery },
    responses: {
      200: jsonResponse(LocationSchema, "JSON mode: where to send the browser"),
      307: { description: "To the provider", headers: locationHeader },
      ...rateLimitedResponse,
    },
  },
);

const callbackErrors = [
  "OAUTH_FLOW_UNKNOWN",
  "OAUTH_FLOW_COOKIE_MISSING",
  "OAUTH_FLOW_PROJECT_GONE",
  "OAUTH_CALLBACK_PROVIDER_MISMATCH",
  "OAUTH_PROVIDER_REFUSED_CODE",
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
  "REDIRECT_URL_NOT_WHITELISTED",
  "SSO_REQUIRED",
] as const;

const CALLBACK_DESCRIPTION =
  "Where the provider sends the browser back. Answers a redirect (303, body `{}`) to the client's `redirect_uri` with our " +
  "authorization code (single use, 5 minutes) and its `state`. Once the flow is known, a known error (an untrusted " +
  "`redirect_uri`: REDIRECT_URL_NOT_WHITELISTED, sign-up off, an address taken...) redirects (307) to the first trusted of " +
  "`redirect_uri` and `error_redirect_url` with `error=server_error`, `error_description`, `errorCode`, `message` and " +
  "`details`, or is answered as a known error when neither is trusted. An unknown or used state, a redirect-started flow " +
  "reaching a browser without its cookie, an answer at another provider's callback and a code the provider refuses are " +
  "answered 400 in plain text. The binding cookie is deleted once the flow is known.";

const callbackResponses = {
  303: { description: "To the client's callback page with the code", headers: locationHeader, content: { "application/json": { schema: z.object({}) } } },
  307: { description: "To the client's callback or error page with the error", headers: locationHeader },
};

const callbackGetRoute = publicRoute([...callbackErrors], {
  operationId: "oauthCallback",
  method: "get",
  path: "/auth/oauth/callback/{provider_id}",
  tags: ["OAuth"],
  summary: "The provider's answer (redirect)",
  description: CALLBACK_DESCRIPTION,
  request: { params: ProviderParam, query: CallbackParams },
  responses: callbackResponses,
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
  responses: callbackResponses,
});

function secureCookies(c: Context<AppEnv>): boolean {
  return c.var.deps.settings.publicUrl.startsWith("https:");
}

/**
 * The binding cookie, written out by hand in the form Stack Auth's clients and tests expect
 * (`Path=/; Expires; Max-Age; [Secure;] HttpOnly`). Over HTTPS it is also SameSite=None, as a
 * form-posted answer (Apple) is a cross-site POST that a Lax cookie would not ride along.
 */
function bindingCookie(innerState: string, secure: boolean): string {
  const expires = new Date(Date.now() + OAUTH_FLOW_LIFETIME_SECONDS * 1000).toUTCString();
  const base = `${INNER_STATE_COOKIE_PREFIX}${innerState}=true; Path=/; Expires=${expires}; Max-Age=${OAUTH_FLOW_LIFETIME_SECONDS};`;
  return secure ? `${base} Secure; HttpOnly; SameSite=None` : `${base} HttpOnly`;
}

function expiredBindingCookie(innerState: string, secure: boolean): string {
  return `${INNER_STATE_COOKIE_PREFIX}${innerState}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0;${secure ? " Secure;" : ""} HttpOnly`;
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
      scope: query.scope,
      codeChallenge: query.code_challenge,
      codeChallengeMethod: query.code_challenge_method,
      type: query.type,
      token: query.token,
      providerScope: query.provider_scope,
      errorRedirectUrl: query.error_redirect_uri ?? query.error_redirect_url,
      afterCallbackRedirectUrl: query.after_callback_redirect_url,
      cookieBound: !json,
    }, clientInfo(c));
    if (json) return c.json({ location }, 200);
    c.header("set-cookie", bindingCookie(innerState, secureCookies(c)));
    return c.redirect(location, 307);
  });

  const answer = async (c: Context<AppEnv>, providerId: string, params: URLSearchParams) => {
    const secure = secureCookies(c);
    const { location, status } = await finishOAuthCallback(c.var.deps, {
      providerId,
      params,
      hasBindingCookie: (state) => ["true", "1"].includes(getCookie(c, `${INNER_STATE_COOKIE_PREFIX}${state}`) ?? ""),
      // Set before the outcome is known, so that error answers carry it too.
      forgetBindingCookie: (state) => c.header("set-cookie", expiredBindingCookie(state, secure), { append: true }),
      countryCode: clientInfo(c).countryCode,
    });
    if (status === 307) return c.redirect(location, 307);
    // As Stack Auth's OAuth server answers: a JSON body of `{}` beside the Location.
    return c.body("{}", 303, { location, "content-type": "application/json" });
  };

  router.openapi(callbackGetRoute, async (c) => answer(c, c.req.valid("param").provider_id, answerParams(c.req.valid("query"))));

  router.openapi(callbackPostRoute, async (c) => {
    const form = c.req.header("content-type")?.startsWith("application/x-www-form-urlencoded") ? c.req.valid("form") : {};
    return answer(c, c.req.valid("param").provider_id, answerParams(c.req.valid("query"), form));
  });
}
