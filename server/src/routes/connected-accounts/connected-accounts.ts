import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser, resolveOwnUserId } from "../../http/access";
import { authenticatedRoute, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, UserIdOrMe } from "../../http/schemas";
import { connectedAccessToken, listConnectedAccounts } from "../../services/oauth/connected-accounts";

const TAGS = ["Connected accounts"];

const ConnectedAccountSchema = z
  .object({
    user_id: z.uuid(),
    provider: z.string().openapi({ description: "The provider's id in the project config." }),
    provider_account_id: z.string().openapi({ description: "The account's id at the provider." }),
  })
  .openapi("ConnectedAccount");

const AccessTokenBody = z
  .strictObject({ scope: z.string().max(2048).optional().openapi({ description: "Scopes the token must carry, space-separated." }) })
  .openapi("ConnectedAccountAccessTokenRequest");
const AccessTokenSchema = z.object({ access_token: z.string().openapi({ description: "The provider's access token." }) }).openapi("ConnectedAccountAccessToken");

const userParam = UserIdOrMe.openapi({ param: { name: "user_id", in: "path" } });
const providerParam = z.string().min(1).max(63).openapi({ param: { name: "provider_id", in: "path" }, description: "The provider's id in the project config." });

const OWNER_ERRORS = ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "CLIENT_ACCESS_OTHER_USERS_OAUTH_ACCOUNTS"] as const;
const TOKEN_ERRORS = [
  ...OWNER_ERRORS,
  "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
  "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE",
  "OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS",
  "OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE",
] as const;

const TOKEN_DESCRIPTION =
  "The provider's access token for the user's linked account (one with allow_connected_accounts), carrying every scope " +
  "asked for. An expired token is refreshed with the provider server-side. Scopes the account was never granted answer " +
  "OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: link it again with `type=link&provider_scope=...` at authorize.";

const listRoute = authenticatedRoute(CLIENT_AND_UP, OWNER_ERRORS, {
  operationId: "listConnectedAccounts",
  method: "get",
  path: "/connected-accounts/{user_id}",
  tags: TAGS,
  summary: "List a user's connected accounts",
  request: { params: z.object({ user_id: userParam }) },
  responses: { 200: jsonResponse(listSchema(ConnectedAccountSchema, "ConnectedAccountList"), "The accounts, oldest first") },
});

const tokenRoute = authenticatedRoute(CLIENT_AND_UP, TOKEN_ERRORS, {
  operationId: "createConnectedAccountAccessToken",
  method: "post",
  path: "/connected-accounts/{user_id}/{provider_id}/access-token",
  tags: TAGS,
  summary: "Get the provider's access token for a user's connected account",
  description: `${TOKEN_DESCRIPTION} With several accounts at one provider, the oldest link is used.`,
  request: { params: z.object({ user_id: userParam, provider_id: providerParam }), body: optionalJsonBody(AccessTokenBody) },
  responses: { 201: jsonResponse(AccessTokenSchema, "A live access token") },
});

const tokenByAccountRoute = authenticatedRoute(CLIENT_AND_UP, TOKEN_ERRORS, {
  operationId: "createConnectedAccountAccessTokenByAccount",
  method: "post",
  path: "/connected-accounts/{user_id}/{provider_id}/{provider_account_id}/access-token",
  tags: TAGS,
  summary: "Get the provider's access token for one of a user's accounts at a provider",
  description: TOKEN_DESCRIPTION,
  request: {
    params: z.object({
      user_id: userParam,
      provider_id: providerParam,
      provider_account_id: z.string().min(1).max(512).openapi({ param: { name: "provider_account_id", in: "path" } }),
    }),
    body: optionalJsonBody(AccessTokenBody),
  },
  responses: { 201: jsonResponse(AccessTokenSchema, "A live access token") },
});

const legacyTokenRoute = authenticatedRoute(CLIENT_AND_UP, TOKEN_ERRORS, {
  operationId: "createOAuthConnectedAccountAccessToken",
  method: "post",
  path: "/auth/oauth/connected-accounts/{provider_id}/access-token",
  tags: TAGS,
  summary: "Get the signed-in user's provider access token (legacy path)",
  description: `The older path of the same operation, for the signed-in user. ${TOKEN_DESCRIPTION}`,
  request: { params: z.object({ provider_id: providerParam }), body: optionalJsonBody(AccessTokenBody) },
  responses: { 201: jsonResponse(AccessTokenSchema, "A live access token") },
});

// Client access naming another user is refused in plain text (http/access.ts resolveOwnUserId).

export function registerConnectedAccountRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const auth = c.var.auth;
    const userId = resolveOwnUserId(auth, c.req.valid("param").user_id, "list the connected accounts");
    const accounts = await listConnectedAccounts(c.var.deps, auth.tenancy, userId);
    return c.json(
      { items: accounts.map((a) => ({ user_id: a.userId, provider: a.provider, provider_account_id: a.providerAccountId })), is_paginated: false },
      200,
    );
  });

  router.openapi(tokenRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const accessToken = await connectedAccessToken(c.var.deps, auth.tenancy, {
      userId: resolveOwnUserId(auth, params.user_id, "use the connected accounts"),
      providerConfigId: params.provider_id,
      scope: scopeOf(c.req.valid("json")),
    });
    return c.json({ access_token: accessToken }, 201);
  });

  router.openapi(tokenByAccountRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const accessToken = await connectedAccessToken(c.var.deps, auth.tenancy, {
      userId: resolveOwnUserId(auth, params.user_id, "use the connected accounts"),
      providerConfigId: params.provider_id,
      providerAccountId: params.provider_account_id,
      scope: scopeOf(c.req.valid("json")),
    });
    return c.json({ access_token: accessToken }, 201);
  });

  router.openapi(legacyTokenRoute, async (c) => {
    const auth = c.var.auth;
    const accessToken = await connectedAccessToken(c.var.deps, auth.tenancy, {
      userId: requireUser(auth).sub,
      providerConfigId: c.req.valid("param").provider_id,
      scope: scopeOf(c.req.valid("json")),
    });
    return c.json({ access_token: accessToken }, 201);
  });
}

/** The body may be left out altogether (the SDK sends `{}` when it asks for no scope). */
const scopeOf = (body: { scope?: string } | undefined) => body?.scope;
