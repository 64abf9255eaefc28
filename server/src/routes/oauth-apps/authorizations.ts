import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { decideAuthorization, getAuthorization } from "../../services/oauth-apps/authorizations";
import type { RequestAuth } from "../../http/env";

const UidParam = z.object({
  uid: z.string().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/).openapi({ param: { name: "uid", in: "path" }, description: "The request's id, from the authorize page's address." }),
});

const AuthorizationSchema = z
  .object({
    client: z.object({
      client_id: z.string(),
      display_name: z.string(),
      logo_url: z.string().nullable(),
      homepage_url: z.string().nullable(),
    }),
    scopes: z.array(z.string()).openapi({ description: "The OpenID scopes the app asks for (openid, profile, email, teams, offline_access)." }),
    resources: z
      .array(z.object({ uri: z.string(), display_name: z.string().nullable(), scopes: z.array(z.string()) }))
      .openapi({ description: "The APIs the app wants a token for (RFC 8707 resource indicators), with the scopes it asks of each." }),
    needs_decision: z.boolean().openapi({ description: "False when the user allowed all of this before and the app did not ask to be asked again: the page may answer at once." }),
    requires_fresh_sign_in: z.boolean().openapi({ description: "True when the app wants a sign-in made now (prompt=login, or max_age passed): sign in again before answering." }),
  })
  .openapi("OAuthAuthorizationRequest");

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(CLIENT_AND_UP, errors, { ...spec, tags: ["OAuth apps"] });

const getRoute = route(["USER_AUTHENTICATION_REQUIRED", "USER_NOT_FOUND", "RESTRICTED_USER_NOT_ALLOWED", "OAUTH_SERVER_NOT_ENABLED", "OAUTH_AUTHORIZATION_NOT_FOUND"], {
  operationId: "getOAuthAuthorization",
  method: "get",
  path: "/oauth-apps/authorizations/{uid}",
  summary: "What an app asks the signed-in user for",
  description:
    "The authorize page's read: an app sent the user to the project's OAuth server, which sent them to " +
    "`/oauth2/<project_id>/authorize/<uid>`. Answered for the signed-in user (their access token).",
  request: { params: UidParam },
  responses: { 200: jsonResponse(AuthorizationSchema, "The request") },
});

const decideRoute = route(
  [
    "USER_AUTHENTICATION_REQUIRED",
    "USER_NOT_FOUND",
    "RESTRICTED_USER_NOT_ALLOWED",
    "OAUTH_SERVER_NOT_ENABLED",
    "OAUTH_AUTHORIZATION_NOT_FOUND",
    "OAUTH_FRESH_SIGN_IN_REQUIRED",
    "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED",
  ],
  {
    operationId: "decideOAuthAuthorization",
    method: "post",
    path: "/oauth-apps/authorizations/{uid}",
    summary: "Allow or deny an app's request",
    description:
      "Signs the user in to the OAuth server with this session and, when allowed, gives the app a grant for what it asked " +
      "(remembered for next time). The browser then goes to `redirect_to`, which returns to the app with a code or `access_denied`. " +
      "Signing out of this session, or its revocation, ends the OAuth sign-in as well.",
    request: { params: UidParam, body: jsonBody(z.strictObject({ decision: z.enum(["allow", "deny"]) }).openapi("OAuthAuthorizationDecision")) },
    responses: { 200: jsonResponse(z.object({ redirect_to: z.string() }).openapi("OAuthAuthorizationAnswer"), "Where the browser goes next") },
  },
);

function signedIn(auth: RequestAuth) {
  const user = requireUser(auth);
  return { userId: user.sub, sessionId: user.refresh_token_id };
}

export function registerOAuthAuthorizationRoutes(router: Router): void {
  router.openapi(getRoute, async (c) => {
    const auth = c.var.auth;
    const request = await getAuthorization(c.var.deps, auth.tenancy, c.req.valid("param").uid, signedIn(auth));
    return c.json(
      {
        client: {
          client_id: request.app.clientId,
          display_name: request.app.displayName,
          logo_url: request.app.logoUrl,
          homepage_url: request.app.homepageUrl,
        },
        scopes: request.scopes,
        resources: request.resources.map((r) => ({ uri: r.uri, display_name: r.displayName, scopes: r.scopes })),
        needs_decision: request.needsDecision,
        requires_fresh_sign_in: request.requiresFreshSignIn,
      },
      200,
    );
  });

  router.openapi(decideRoute, async (c) => {
    const auth = c.var.auth;
    const { redirectTo } = await decideAuthorization(c.var.deps, auth.tenancy, c.req.valid("param").uid, signedIn(auth), c.req.valid("json").decision === "allow");
    return c.json({ redirect_to: redirectTo }, 200);
  });
}
