import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, resolveUserIdForAccess } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import { listConnections, revokeConnection } from "../../services/oauth-apps/connections";
import { ConnectionSchema } from "./shapes";

const UserQuery = z.object({
  user_id: UserIdOrMe.openapi({ description: "`me` for the signed-in user; server access may name anyone." }),
});

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(CLIENT_AND_UP, errors, { ...spec, tags: ["OAuth apps"] });

const listRoute = route(["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "listOAuthConnections",
  method: "get",
  path: "/oauth-apps/connections",
  summary: "The apps a user has allowed to sign them in",
  description: "Account settings' \"Connected apps\". Client access lists the signed-in user's only.",
  request: { query: UserQuery },
  responses: { 200: jsonResponse(listSchema(ConnectionSchema, "OAuthConnectionList"), "Newest first") },
});

const revokeRoute = route(["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "OAUTH_APP_NOT_CONNECTED"], {
  operationId: "revokeOAuthConnection",
  method: "delete",
  path: "/oauth-apps/connections/{client_id}",
  summary: "Disconnect an app from a user",
  description: "Deletes the user's grants to the app and every code and token issued under them: its access tokens stop at once, and the app must ask again.",
  request: {
    params: z.object({ client_id: z.string().min(1).max(64).openapi({ param: { name: "client_id", in: "path" } }) }),
    query: UserQuery,
  },
  responses: { 200: jsonResponse(SuccessSchema, "Disconnected") },
});

export function registerOAuthConnectionRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const userId = resolveUserIdForAccess(c.var.auth, c.req.valid("query").user_id);
    const connections = await listConnections(c.var.deps, c.var.auth.tenancy, userId);
    return c.json(
      {
        items: connections.map((connection) => ({
          client_id: connection.app.clientId,
          display_name: connection.app.displayName,
          logo_url: connection.app.logoUrl,
          homepage_url: connection.app.homepageUrl,
          scopes: connection.scopes,
          connected_at_millis: connection.connectedAtMillis,
        })),
        is_paginated: false,
      },
      200,
    );
  });

  router.openapi(revokeRoute, async (c) => {
    const userId = resolveUserIdForAccess(c.var.auth, c.req.valid("query").user_id);
    await revokeConnection(c.var.deps, c.var.auth.tenancy, userId, c.req.valid("param").client_id);
    return c.json({ success: true as const }, 200);
  });
}
