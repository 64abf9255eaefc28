import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { getCookie } from "hono/cookie";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import type { AppEnv } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse, publicRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, UrlSchema } from "../../http/schemas";
import { isValidChallenge, PKCE_METHODS } from "../../services/oauth/authorization-codes";
import { hasEnabledSsoConnection } from "../../services/sso/connections";
import { getSpMetadata } from "../../services/sso/metadata";
import { discoverSso, finishOidcSso, finishSamlSso, SSO_FLOW_LIFETIME_SECONDS, SSO_STATE_COOKIE_PREFIX, startSso } from "../../services/sso/flow";

const ResponseMode = z.enum(["json", "redirect"]);

const SsoAuthorizeQuery = z
  .strictObject({
    client_id: z.string().min(1).max(200).openapi({ description: "The project id, optionally followed by `#<branch id>`." }),
    client_secret: z.string().min(1).max(512).openapi({ description: "A publishable client key, or `__stack_public_client__`." }),
    redirect_uri: UrlSchema.openapi({ description: "The client's callback page (the OAuth callback page): our code and `state` are added to it." }),
    scope: z.string().max(512).optional(),
    state: z.string().min(1).max(1024),
    code_challenge: z.string().min(1).max(128),
    code_challenge_method: z.enum(PKCE_METHODS),
    email: EmailSchema.optional().openapi({ description: "The person's address: its verified domain names the connection (e-mail-first)." }),
    connection_id: z.uuid().optional().openapi({ description: "The connection, when known (instead of `email`)." }),
    error_redirect_url: UrlSchema.optional(),
    after_callback_redirect_url: CallbackUrlSchema.optional(),
    stack_response_mode: ResponseMode.optional().openapi({ description: "`json`: answer `{location}` instead of redirecting." }),
  })
  .superRefine((query, ctx) => {
    if (!isValidChallenge(query.code_challenge_method, query.code_challenge)) {
      ctx.addIssue({ code: "custom", path: ["code_challenge"], message: "the code challenge does not fit its method" });
    }
    if ((query.email === undefined) === (query.connection_id === undefined)) {
      ctx.addIssue({ code: "custom", path: ["email"], message: "give email or connection_id (one of them)" });
    }
  })
  .openapi("SsoAuthorizeQuery");

const locationHeader = { Location: { description: "Where the browser goes next.", schema: { type: "string" as const } } };

const DiscoverySchema = z
  .object({
    connection_id: z.uuid(),
    protocol: z.enum(["oidc", "saml"]),
    display_name: z.string(),
    required: z.boolean().openapi({ description: "Whether the address must sign in through SSO (its domain enforces it)." }),
  })
  .openapi("SsoDiscovery");

const ssoStatusRoute = authenticatedRoute(CLIENT_AND_UP, [], {
  operationId: "getSsoStatus",
  method: "get",
  path: "/auth/sso/status",
  tags: ["SSO"],
  summary: "Whether the project offers single sign-on",
  description:
    "Whether a team of the project has an enabled SSO connection: a sign-in page then offers \"Continue with SSO\". Its own " +
    "operation rather than a field of GET /projects/current, whose shape Stack's SDKs and tests know exactly.",
  responses: { 200: jsonResponse(z.object({ enabled: z.boolean() }).openapi("SsoStatus"), "Whether SSO is offered") },
});

const discoverSsoRoute = authenticatedRoute(CLIENT_AND_UP, ["SSO_NOT_AVAILABLE_FOR_EMAIL"], {
  operationId: "discoverSso",
  method: "post",
  path: "/auth/sso/discover",
  tags: ["SSO"],
  summary: "Whether an e-mail address signs in through SSO",
  description:
    "E-mail-first sign-in: the address's domain, verified by a team with an enabled connection, names the connection. " +
    "Answers SSO_NOT_AVAILABLE_FOR_EMAIL otherwise. Counts against sign_in_per_ip (429).",
  request: { body: jsonBody(z.strictObject({ email: EmailSchema }).openapi("SsoDiscoveryRequest")) },
  responses: { 200: jsonResponse(DiscoverySchema, "The connection"), ...rateLimitedResponse },
});

const authorizeSsoRoute = publicRoute(
  [
    "INVALID_OAUTH_CLIENT_ID_OR_SECRET",
    "INVALID_PUBLISHABLE_CLIENT_KEY",
    "PUBLISHABLE_CLIENT_KEY_REQUIRED_FOR_PROJECT",
    "REDIRECT_URL_NOT_WHITELISTED",
    "SSO_NOT_AVAILABLE_FOR_EMAIL",
    "SSO_CONNECTION_DISABLED",
    "SSO_IDP_UNAVAILABLE",
  ],
  {
    operationId: "authorizeSso",
    method: "get",
    path: "/auth/sso/authorize",
    tags: ["SSO"],
    summary: "Start signing in through a team's SSO connection",
    description:
      "As /auth/oauth/authorize, with `email` or `connection_id` instead of a provider: a redirect (307) to the identity provider " +
      "(OIDC with PKCE, state and nonce; SAML with an AuthnRequest over HTTP-Redirect). The IdP's answer ends at the client's " +
      "`redirect_uri` with our authorization code, traded at POST /auth/oauth/token. The attempt lasts 10 minutes. Counts against sign_in_per_ip.",
    request: { query: SsoAuthorizeQuery },
    responses: {
      200: jsonResponse(z.object({ location: z.string() }).openapi("SsoAuthorizeLocation"), "JSON mode: where to send the browser"),
      307: { description: "To the identity provider", headers: locationHeader },
      ...rateLimitedResponse,
    },
  },
);

const CALLBACK_ERRORS = [
  "SSO_FLOW_UNKNOWN",
  "SSO_FLOW_COOKIE_MISSING",
  "SSO_IDP_RESPONSE_INVALID",
  "SSO_IDP_UNAVAILABLE",
  "SSO_IDP_DENIED",
  "SSO_EMAIL_MISSING",
  "SSO_EMAIL_DOMAIN_NOT_ALLOWED",
  "SSO_CONNECTION_DISABLED",
  "SIGN_UP_NOT_ENABLED",
  "SIGN_UP_REJECTED",
  "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE",
  "REDIRECT_URL_NOT_WHITELISTED",
] as const;

const callbackResponses = {
  303: { description: "To the client's callback page with our code", headers: locationHeader },
  307: { description: "To the client's callback or error page with the error", headers: locationHeader },
};

const OidcAnswer = z
  .looseObject({
    code: z.string().max(4096).optional(),
    state: z.string().max(1024).optional(),
    error: z.string().max(256).optional(),
    error_description: z.string().max(2048).optional(),
    iss: z.string().max(2048).optional(),
  })
  .openapi("SsoOidcAnswer");

const oidcCallbackRoute = publicRoute([...CALLBACK_ERRORS], {
  operationId: "ssoOidcCallback",
  method: "get",
  path: "/auth/sso/oidc/callback",
  tags: ["SSO"],
  summary: "The OpenID provider's answer",
  description:
    "Register this URL at the team's OpenID provider. The code is exchanged with our PKCE verifier; the ID token's issuer, audience, " +
    "expiry and nonce are checked. Known errors once the attempt is known go to the client's pages (307), as OAuth's callback does.",
  request: { query: OidcAnswer },
  responses: callbackResponses,
});

const SamlParams = z.object({
  project_id: z.string().min(1).max(200).openapi({ param: { name: "project_id", in: "path" } }),
  connection_id: z.uuid().openapi({ param: { name: "connection_id", in: "path" } }),
});

const SamlPost = z
  .looseObject({
    SAMLResponse: z.string().min(1).max(1_000_000),
    RelayState: z.string().max(1024).optional(),
  })
  .openapi("SsoSamlPost");

const samlAcsRoute = publicRoute([...CALLBACK_ERRORS], {
  operationId: "ssoSamlAcs",
  method: "post",
  path: "/auth/sso/saml/{project_id}/{connection_id}/acs",
  tags: ["SSO"],
  summary: "The SAML Assertion Consumer Service (HTTP-POST binding)",
  description:
    "The IdP posts its Response here. A signature (on the Response or the Assertion) by the IdP's certificate is required; audience, " +
    "Destination, Recipient, issuer, times (2 minutes of clock skew) and InResponseTo are checked; an assertion is accepted once. " +
    "An IdP-initiated answer is refused unless the connection allows it, and then sends the browser to the app's sign-in page to " +
    "start an SP-initiated sign-in.",
  request: { params: SamlParams, body: { required: true, content: { "application/x-www-form-urlencoded": { schema: SamlPost } } } },
  responses: { ...callbackResponses, ...rateLimitedResponse },
});

const samlMetadataRoute = publicRoute(["SSO_CONNECTION_NOT_FOUND"], {
  operationId: "ssoSamlMetadata",
  method: "get",
  path: "/auth/sso/saml/{project_id}/{connection_id}/metadata",
  tags: ["SSO"],
  summary: "The connection's SAML service provider metadata",
  description: "Our entity id (this URL), ACS URL and the connection's certificate, for the IdP's set-up.",
  request: { params: SamlParams },
  responses: { 200: { description: "SP metadata (EntityDescriptor)", content: { "application/samlmetadata+xml": { schema: z.string() } } } },
});

function secureCookies(c: Context<AppEnv>): boolean {
  return c.var.deps.settings.publicUrl.startsWith("https:");
}

function stateCookie(innerState: string, secure: boolean): string {
  return `${SSO_STATE_COOKIE_PREFIX}${innerState}=1; Path=/api/v1/auth/sso; Max-Age=${SSO_FLOW_LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function expiredStateCookie(innerState: string, secure: boolean): string {
  return `${SSO_STATE_COOKIE_PREFIX}${innerState}=; Path=/api/v1/auth/sso; Max-Age=0; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

export function registerSsoSignInRoutes(router: Router): void {
  router.openapi(ssoStatusRoute, async (c) => c.json({ enabled: await hasEnabledSsoConnection(c.var.deps, c.var.auth.tenancy) }, 200));

  router.openapi(discoverSsoRoute, async (c) => {
    const found = await discoverSso(c.var.deps, c.var.auth.tenancy, c.req.valid("json").email, clientInfo(c));
    return c.json({ connection_id: found.connectionId, protocol: found.protocol, display_name: found.displayName, required: found.required }, 200);
  });

  router.openapi(authorizeSsoRoute, async (c) => {
    const query = c.req.valid("query");
    const json = query.stack_response_mode === "json";
    const started = await startSso(
      c.var.deps,
      {
        clientId: query.client_id,
        clientSecret: query.client_secret,
        redirectUri: query.redirect_uri,
        state: query.state,
        scope: query.scope,
        codeChallenge: query.code_challenge,
        codeChallengeMethod: query.code_challenge_method,
        email: query.email,
        connectionId: query.connection_id,
        errorRedirectUrl: query.error_redirect_url,
        afterCallbackRedirectUrl: query.after_callback_redirect_url,
        cookieBound: !json,
      },
      clientInfo(c),
    );
    if (json) return c.json({ location: started.location }, 200);
    if (started.cookieBound) c.header("set-cookie", stateCookie(started.innerState, secureCookies(c)));
    return c.redirect(started.location, 307);
  });

  router.openapi(oidcCallbackRoute, async (c) => {
    const secure = secureCookies(c);
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(c.req.valid("query"))) if (typeof value === "string") params.set(key, value);
    const { location, status } = await finishOidcSso(c.var.deps, {
      params,
      binding: {
        hasCookie: (state) => getCookie(c, `${SSO_STATE_COOKIE_PREFIX}${state}`) === "1",
        forgetCookie: (state) => c.header("set-cookie", expiredStateCookie(state, secure), { append: true }),
      },
      caller: clientInfo(c),
    });
    return c.redirect(location, status);
  });

  router.openapi(samlAcsRoute, async (c) => {
    const { project_id, connection_id } = c.req.valid("param");
    const form = c.req.valid("form");
    const { location, status } = await finishSamlSso(c.var.deps, {
      projectId: project_id,
      connectionId: connection_id,
      samlResponse: form.SAMLResponse,
      relayState: typeof form.RelayState === "string" ? form.RelayState : "",
      caller: clientInfo(c),
    });
    return c.redirect(location, status);
  });

  router.openapi(samlMetadataRoute, async (c) => {
    const { project_id, connection_id } = c.req.valid("param");
    const xml = await getSpMetadata(c.var.deps, project_id, connection_id);
    return c.body(xml, 200, { "content-type": "application/samlmetadata+xml; charset=utf-8" });
  });
}
