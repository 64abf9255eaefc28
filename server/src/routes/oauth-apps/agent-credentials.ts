import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, resolveUserIdForAccess } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import type { AgentCredential } from "../../domain/oauth-apps";
import {
  AGENT_CREDENTIAL_MAX_PERMISSIONS,
  AGENT_CREDENTIAL_MAX_SECONDS,
  createAgentCredential,
  listUserAgentCredentials,
  revokeAgentCredential,
} from "../../services/oauth-apps/agent-credentials";

const UserQuery = z.object({
  user_id: UserIdOrMe.openapi({ description: "`me` for the signed-in user; server access may name anyone." }),
});

const CredentialSchema = z
  .object({
    id: z.string(),
    client_id: z.string().openapi({ description: "The app or agent it was given to." }),
    team_id: z.string(),
    permissions: z.array(z.string()),
    description: z.string(),
    resource: z.string().nullable().openapi({ description: "The one API it is for, or null for the OAuth server's own (userinfo)." }),
    expires_at_millis: z.number(),
    created_at_millis: z.number(),
  })
  .openapi("AgentCredential");

const CreateBody = z
  .strictObject({
    client_id: z.string().min(1).max(64),
    team_id: z.uuid(),
    permissions: z.array(z.string().min(1).max(256)).min(1).max(AGENT_CREDENTIAL_MAX_PERMISSIONS),
    description: z.string().trim().min(1).max(256),
    expires_at_millis: z.number().int().positive().openapi({ description: `At most ${AGENT_CREDENTIAL_MAX_SECONDS / 86_400} days from now.` }),
    resource: z.string().max(2048).nullable().optional().openapi({ description: "One of the project's resources (oauthServer.resources), to make a token for that API alone." }),
  })
  .openapi("AgentCredentialCreate");

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(CLIENT_AND_UP, errors, { ...spec, tags: ["OAuth apps"] });

const createRoute = route(
  [
    "USER_NOT_FOUND",
    "CANNOT_GET_OWN_USER_WITHOUT_USER",
    "OAUTH_SERVER_NOT_ENABLED",
    "OAUTH_APP_NOT_FOUND",
    "AGENT_CREDENTIAL_INVALID",
    "TEAM_MEMBERSHIP_NOT_FOUND",
    "TEAM_PERMISSION_REQUIRED",
  ],
  {
    operationId: "createAgentCredential",
    method: "post",
    path: "/oauth-apps/agent-credentials",
    summary: "Give an app or agent a token narrowed to some team permissions and an expiry",
    description:
      "The user (or the server, naming them) hands an app or AI agent an access token of the project's OAuth server that carries " +
      "only the given permissions, which the user must hold in the team, until `expires_at_millis`. A resource server reads " +
      "`team_id` and `permissions` from the token by introspection. The token is in this answer only.",
    request: { query: UserQuery, body: jsonBody(CreateBody) },
    responses: {
      201: jsonResponse(
        CredentialSchema.extend({ access_token: z.string(), token_type: z.literal("Bearer") }).openapi("AgentCredentialWithToken"),
        "The credential, and its token once",
      ),
    },
  },
);

const listRoute = route(["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "listAgentCredentials",
  method: "get",
  path: "/oauth-apps/agent-credentials",
  summary: "A user's live agent credentials",
  request: { query: UserQuery },
  responses: { 200: jsonResponse(listSchema(CredentialSchema, "AgentCredentialList"), "Newest first") },
});

const revokeRoute = route(["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "AGENT_CREDENTIAL_NOT_FOUND"], {
  operationId: "revokeAgentCredential",
  method: "delete",
  path: "/oauth-apps/agent-credentials/{credential_id}",
  summary: "Revoke an agent credential",
  description: "Its token stops at once.",
  request: { params: z.object({ credential_id: z.uuid().openapi({ param: { name: "credential_id", in: "path" } }) }), query: UserQuery },
  responses: { 200: jsonResponse(SuccessSchema, "Revoked") },
});

const toWire = (credential: AgentCredential) => ({
  id: credential.id,
  client_id: credential.clientId,
  team_id: credential.teamId,
  permissions: credential.permissions,
  description: credential.description,
  resource: credential.resource,
  expires_at_millis: credential.expiresAtMillis,
  created_at_millis: credential.createdAtMillis,
});

export function registerAgentCredentialRoutes(router: Router): void {
  router.openapi(createRoute, async (c) => {
    const userId = resolveUserIdForAccess(c.var.auth, c.req.valid("query").user_id);
    const body = c.req.valid("json");
    const { credential, accessToken } = await createAgentCredential(c.var.deps, c.var.auth.tenancy, userId, {
      clientId: body.client_id,
      teamId: body.team_id,
      permissions: body.permissions,
      description: body.description,
      expiresAtMillis: body.expires_at_millis,
      resource: body.resource ?? null,
    });
    return c.json({ ...toWire(credential), access_token: accessToken, token_type: "Bearer" as const }, 201);
  });

  router.openapi(listRoute, async (c) => {
    const userId = resolveUserIdForAccess(c.var.auth, c.req.valid("query").user_id);
    const credentials = await listUserAgentCredentials(c.var.deps, c.var.auth.tenancy, userId);
    return c.json({ items: credentials.map(toWire), is_paginated: false }, 200);
  });

  router.openapi(revokeRoute, async (c) => {
    const userId = resolveUserIdForAccess(c.var.auth, c.req.valid("query").user_id);
    await revokeAgentCredential(c.var.deps, c.var.auth.tenancy, userId, c.req.valid("param").credential_id);
    return c.json({ success: true as const }, 200);
  });
}
