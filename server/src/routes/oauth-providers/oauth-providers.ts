import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, refuseClientFields, resolveOwnUserId, resolveUserId, SERVER_AND_UP } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmailSchema, listSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import {
  createLinkedAccount,
  deleteLinkedAccount,
  getLinkedAccount,
  listLinkedAccounts,
  updateLinkedAccount,
  type LinkedAccount,
} from "../../services/oauth/linked-accounts";

const TAGS = ["OAuth providers"];

const OAuthProviderSchema = z
  .object({
    id: z.uuid().openapi({ description: "This link's id (the `provider_id` of the paths below)." }),
    user_id: z.uuid(),
    provider_config_id: z.string().openapi({ description: "The provider's id in the project config." }),
    type: z.string().openapi({ description: "The provider's type (`github`, `oidc`...)." }),
    email: z.string().nullable(),
    allow_sign_in: z.boolean(),
    allow_connected_accounts: z.boolean(),
    account_id: z.string().optional().openapi({ description: "The account's id at the provider; server and admin access only." }),
  })
  .openapi("OAuthProvider");

const ListQuery = z.object({ user_id: UserIdOrMe.optional().openapi({ description: "Whose links; server access may leave it out for the project's (at most 1,000)." }) });

const Params = z.object({
  user_id: UserIdOrMe.openapi({ param: { name: "user_id", in: "path" } }),
  provider_id: z.uuid().openapi({ param: { name: "provider_id", in: "path" }, description: "The link's id." }),
});

const AccountIdSchema = z.string().min(1).max(512);

const CreateBody = z
  .strictObject({
    user_id: UserIdOrMe,
    provider_config_id: z.string().min(1).max(63),
    account_id: AccountIdSchema,
    email: EmailSchema.nullable().optional(),
    allow_sign_in: z.boolean(),
    allow_connected_accounts: z.boolean(),
  })
  .openapi("OAuthProviderCreate");

const UpdateBody = z
  .strictObject({
    allow_sign_in: z.boolean().optional(),
    allow_connected_accounts: z.boolean().optional(),
    email: EmailSchema.nullable().optional().openapi({ description: "Server and admin access only." }),
    account_id: AccountIdSchema.optional().openapi({ description: "Server and admin access only." }),
  })
  .openapi("OAuthProviderUpdate");

const OWNER_ERRORS = ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "CLIENT_ACCESS_OTHER_USERS_OAUTH_ACCOUNTS"] as const;
const SIGN_IN_TAKEN = ["OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN", "LINKED_ACCOUNT_SIGN_IN_TAKEN"] as const;
const PLAIN_TEXT =
  "A link the user does not have answers 404, client access naming another user 403, and a second account of one provider " +
  "signing in for one user 400, each in plain text.";

const listRoute = authenticatedRoute(CLIENT_AND_UP, OWNER_ERRORS, {
  operationId: "listOAuthProviders",
  method: "get",
  path: "/oauth-providers",
  tags: TAGS,
  summary: "List a user's linked OAuth provider accounts",
  description: "Client access lists its own user's (`user_id=me` or left out; another user's answers 403 in plain text).",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(listSchema(OAuthProviderSchema, "OAuthProviderList"), "The links, oldest first") },
});

const createRoute = authenticatedRoute(SERVER_AND_UP, ["USER_ID_DOES_NOT_EXIST", ...OWNER_ERRORS, ...SIGN_IN_TAKEN, "LINKED_ACCOUNT_PROVIDER_NOT_FOUND"], {
  operationId: "createOAuthProvider",
  method: "post",
  path: "/oauth-providers",
  tags: TAGS,
  summary: "Link a provider account to a user",
  description:
    `The provider must be in the project config (else 404 in plain text). An account another user signs in with cannot sign in here too (${SIGN_IN_TAKEN}), ` +
    "and a user signs in with one account per provider (a second answers 400 in plain text).",
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonResponse(OAuthProviderSchema, "The link") },
});

const getRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, "LINKED_ACCOUNT_NOT_FOUND"], {
  operationId: "getOAuthProvider",
  method: "get",
  path: "/oauth-providers/{user_id}/{provider_id}",
  tags: TAGS,
  summary: "Read one linked provider account",
  description: PLAIN_TEXT,
  request: { params: Params },
  responses: { 200: jsonResponse(OAuthProviderSchema, "The link") },
});

const updateRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, ...SIGN_IN_TAKEN, "LINKED_ACCOUNT_NOT_FOUND"], {
  operationId: "updateOAuthProvider",
  method: "patch",
  path: "/oauth-providers/{user_id}/{provider_id}",
  tags: TAGS,
  summary: "Change whether a linked account signs in or serves as a connected account",
  description: PLAIN_TEXT,
  request: { params: Params, body: jsonBody(UpdateBody) },
  responses: { 200: jsonResponse(OAuthProviderSchema, "The link as it now is") },
});

const deleteRoute = authenticatedRoute(CLIENT_AND_UP, [...OWNER_ERRORS, "LINKED_ACCOUNT_NOT_FOUND"], {
  operationId: "deleteOAuthProvider",
  method: "delete",
  path: "/oauth-providers/{user_id}/{provider_id}",
  tags: TAGS,
  summary: "Unlink a provider account (and drop its tokens)",
  description: PLAIN_TEXT,
  request: { params: Params },
  responses: { 200: jsonResponse(SuccessSchema, "Unlinked") },
});


function toOAuthProvider(auth: RequestAuth, account: LinkedAccount) {
  return {
    id: account.id,
    user_id: account.userId,
    provider_config_id: account.providerConfigId,
    type: account.type,
    email: account.email,
    allow_sign_in: account.allowSignIn,
    allow_connected_accounts: account.allowConnectedAccounts,
    ...(auth.type === "client" ? {} : { account_id: account.accountId }),
  };
}

export function registerOAuthProviderRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const auth = c.var.auth;
    const requested = c.req.valid("query").user_id;
    const userId = requested === undefined && auth.type !== "client" ? null : resolveOwnUserId(auth, requested ?? "me", "list the linked accounts");
    const accounts = await listLinkedAccounts(c.var.deps, auth.tenancy, userId);
    return c.json({ items: accounts.map((a) => toOAuthProvider(auth, a)), is_paginated: false }, 200);
  });

  router.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const auth = c.var.auth;
    const account = await createLinkedAccount(c.var.deps, auth.tenancy, {
      userId: resolveUserId(auth, body.user_id),
      providerConfigId: body.provider_config_id,
      accountId: body.account_id,
      email: body.email ?? null,
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
    });
    return c.json(toOAuthProvider(auth, account), 201);
  });

  router.openapi(getRoute, async (c) => {
    const params = c.req.valid("param");
    const auth = c.var.auth;
    const account = await getLinkedAccount(c.var.deps, auth.tenancy, resolveOwnUserId(auth, params.user_id, "read the linked accounts"), params.provider_id);
    return c.json(toOAuthProvider(auth, account), 200);
  });

  router.openapi(updateRoute, async (c) => {
    const params = c.req.valid("param");
    const body = c.req.valid("json");
    const auth = c.var.auth;
    refuseClientFields(auth, body, ["email", "account_id"]);
    const account = await updateLinkedAccount(c.var.deps, auth.tenancy, resolveOwnUserId(auth, params.user_id, "change the linked accounts"), params.provider_id, {
      email: body.email,
      accountId: body.account_id,
      allowSignIn: body.allow_sign_in,
      allowConnectedAccounts: body.allow_connected_accounts,
    });
    return c.json(toOAuthProvider(auth, account), 200);
  });

  router.openapi(deleteRoute, async (c) => {
    const params = c.req.valid("param");
    const auth = c.var.auth;
    await deleteLinkedAccount(c.var.deps, auth.tenancy, resolveOwnUserId(auth, params.user_id, "remove the linked accounts"), params.provider_id);
    return c.json({ success: true as const }, 200);
  });
}
