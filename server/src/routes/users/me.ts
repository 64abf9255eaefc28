import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import type { UserRecord } from "../../db/queries/users";
import type { RequestAuth } from "../../http/env";
import { getOwnUser, updateOwnUser } from "../../services/users/own-user";
import { ClientUserSchema, OwnUserUpdateSchema, ServerUserSchema, toClientUser, toServerUser } from "./shapes";

const CurrentUserSchema = z.union([ServerUserSchema, ClientUserSchema]).openapi("CurrentUser", {
  description: "The server shape with server or admin access, the client shape otherwise.",
});

const getCurrentUser = authenticatedRoute(CLIENT_AND_UP, ["CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "getCurrentUser",
  method: "get",
  path: "/users/me",
  tags: ["Users"],
  summary: "Get the signed-in user",
  responses: { 200: jsonResponse(CurrentUserSchema, "The signed-in user") },
});

const updateCurrentUser = authenticatedRoute(
  CLIENT_AND_UP,
  ["CANNOT_GET_OWN_USER_WITHOUT_USER", "TEAM_MEMBERSHIP_NOT_FOUND"],
  {
    operationId: "updateCurrentUser",
    method: "patch",
    path: "/users/me",
    tags: ["Users"],
    summary: "Update the signed-in user",
    request: { body: jsonBody(OwnUserUpdateSchema) },
    responses: { 200: jsonResponse(CurrentUserSchema, "The updated user") },
  },
);

function shapeFor(auth: RequestAuth, user: UserRecord) {
  return auth.type === "client" ? toClientUser(user) : toServerUser(user);
}

export function registerCurrentUserRoutes(router: Router): void {
  router.openapi(getCurrentUser, async (c) => {
    const auth = c.var.auth;
    const claims = requireUser(auth, true);
    const user = await getOwnUser(c.var.deps, auth.tenancy, claims.sub);
    return c.json(shapeFor(auth, user), 200);
  });

  router.openapi(updateCurrentUser, async (c) => {
    const auth = c.var.auth;
    const claims = requireUser(auth, true);
    const body = c.req.valid("json");
    const user = await updateOwnUser(c.var.deps, auth.tenancy, claims.sub, {
      displayName: body.display_name,
      profileImageUrl: body.profile_image_url,
      clientMetadata: body.client_metadata,
      selectedTeamId: body.selected_team_id,
    });
    return c.json(shapeFor(auth, user), 200);
  });
}
