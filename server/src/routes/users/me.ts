import { z } from "@hono/zod-openapi";
import type { User } from "../../domain/users";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP, refuseClientFields, requireUser } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import { deleteUser } from "../../services/users/server-users";
import { getOwnUser } from "../../services/users/own-user";
import { updateUser } from "../../services/users/user-changes";
import { ClientUserSchema, rulesOf, ServerUserSchema, toClientUser, toServerUser } from "./shapes";
import { CLIENT_WRITABLE_USER_FIELDS, ServerUserUpdateSchema, toUserChanges } from "./user-schemas";

const CurrentUserSchema = z.union([ServerUserSchema, ClientUserSchema]).openapi("CurrentUser", {
  description: "The server shape with server or admin access, the client shape otherwise.",
});

const getCurrentUserRoute = authenticatedRoute(CLIENT_AND_UP, ["CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "getCurrentUser",
  method: "get",
  path: "/users/me",
  tags: ["Users"],
  summary: "Get the signed-in user",
  responses: { 200: jsonResponse(CurrentUserSchema, "The signed-in user") },
});

const updateCurrentUserRoute = authenticatedRoute(
  CLIENT_AND_UP,
  [
    "CANNOT_GET_OWN_USER_WITHOUT_USER",
    "TEAM_MEMBERSHIP_NOT_FOUND",
    "USER_EMAIL_ALREADY_EXISTS",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "PASSWORD_AND_PASSWORD_HASH",
    "UNSUPPORTED_PASSWORD_HASH",
    "PRIMARY_EMAIL_AUTH_WITHOUT_PRIMARY_EMAIL",
    "PRIMARY_EMAIL_VERIFIED_WITHOUT_PRIMARY_EMAIL",
  ],
  {
    operationId: "updateCurrentUser",
    method: "patch",
    path: "/users/me",
    tags: ["Users"],
    summary: "Update the signed-in user",
    description: `With client access only ${CLIENT_WRITABLE_USER_FIELDS.join(", ")} may be changed; server access may change every field.`,
    request: { body: jsonBody(ServerUserUpdateSchema) },
    responses: { 200: jsonResponse(CurrentUserSchema, "The updated user") },
  },
);

// USER_NOT_FOUND: a delete racing another delete of the same user finds no one.
const deleteCurrentUserRoute = authenticatedRoute(CLIENT_AND_UP, ["CANNOT_GET_OWN_USER_WITHOUT_USER", "CLIENT_USER_DELETION_NOT_ENABLED", "USER_NOT_FOUND"], {
  operationId: "deleteCurrentUser",
  method: "delete",
  path: "/users/me",
  tags: ["Users"],
  summary: "Delete the signed-in user",
  description: "With client access only when the project allows client user deletion (else CLIENT_USER_DELETION_NOT_ENABLED).",
  responses: { 200: jsonResponse(SuccessSchema, "Deleted; every session of the user ends") },
});

function shapeFor(auth: RequestAuth, user: User) {
  const rules = rulesOf(auth);
  return auth.type === "client" ? toClientUser(user, rules) : toServerUser(user, rules);
}

export function registerCurrentUserRoutes(router: Router): void {
  router.openapi(getCurrentUserRoute, async (c) => {
    const auth = c.var.auth;
    const claims = requireUser(auth, true);
    const user = await getOwnUser(c.var.deps, auth.tenancy, claims.sub);
    return c.json(shapeFor(auth, user), 200);
  });

  router.openapi(updateCurrentUserRoute, async (c) => {
    const auth = c.var.auth;
    const claims = requireUser(auth, true);
    const body = c.req.valid("json");
    refuseClientFields(auth, body, Object.keys(body).filter((key) => !(CLIENT_WRITABLE_USER_FIELDS as readonly string[]).includes(key)));
    await getOwnUser(c.var.deps, auth.tenancy, claims.sub);
    const user = await updateUser(c.var.deps, auth.tenancy, claims.sub, toUserChanges(body));
    return c.json(shapeFor(auth, user), 200);
  });

  router.openapi(deleteCurrentUserRoute, async (c) => {
    const auth = c.var.auth;
    const claims = requireUser(auth, true);
    if (auth.type === "client" && !auth.tenancy.config.users.allowClientUserDeletion) {
      throw new KnownError("CLIENT_USER_DELETION_NOT_ENABLED");
    }
    await deleteUser(c.var.deps, auth.tenancy, claims.sub);
    return c.json({ success: true as const }, 200);
  });
}
