import { z } from "@hono/zod-openapi";
import { resolveUserId, SERVER_AND_UP } from "../../http/access";
import { KnownError } from "../../errors";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema } from "../../http/schemas";
import { deleteUser, getUser, listUsers } from "../../services/users/server-users";
import { createUser, updateUser } from "../../services/users/user-changes";
import { rulesOf, ServerUserSchema, toServerUser } from "./shapes";
import { ServerUserCreateSchema, ServerUserUpdateSchema, toUserChanges } from "./user-schemas";

const MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;

const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");

const ListQuery = z.object({
  cursor: z.uuid().optional().openapi({ description: "The `next_cursor` of the previous page." }),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional().openapi({ description: `1 to ${MAX_PAGE_SIZE}; default ${DEFAULT_PAGE_SIZE}.` }),
  order_by: z.enum(["signed_up_at", "last_active_at"]).optional(),
  desc: booleanQuery.optional(),
  query: z.string().max(256).optional().openapi({ description: "Matches e-mail, display name or id." }),
  team_id: z.uuid().optional(),
  include_anonymous: booleanQuery.optional(),
  only_anonymous: booleanQuery.optional(),
  include_restricted: booleanQuery.optional(),
});

const UserIdParam = z.object({
  user_id: z
    .union([z.uuid(), z.literal("me")])
    .openapi({ param: { name: "user_id", in: "path" }, description: "A user id, or `me` for the signed-in user." }),
});

const UserListSchema = listSchema(ServerUserSchema, "ServerUserList");

const PRIMARY_EMAIL_AND_PASSWORD_ERRORS = [
  "PASSWORD_AND_PASSWORD_HASH",
  "UNSUPPORTED_PASSWORD_HASH",
  "PRIMARY_EMAIL_AUTH_WITHOUT_PRIMARY_EMAIL",
  "PRIMARY_EMAIL_VERIFIED_WITHOUT_PRIMARY_EMAIL",
] as const;

const listUsersRoute = authenticatedRoute(SERVER_AND_UP, ["ONLY_ANONYMOUS_WITHOUT_INCLUDE_ANONYMOUS"], {
  operationId: "listUsers",
  method: "get",
  path: "/users",
  tags: ["Users"],
  summary: "List users, a page at a time",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(UserListSchema, "A page of users") },
});

const createUserRoute = authenticatedRoute(
  SERVER_AND_UP,
  ["USER_EMAIL_ALREADY_EXISTS", "PASSWORD_TOO_SHORT", "PASSWORD_TOO_LONG", ...PRIMARY_EMAIL_AND_PASSWORD_ERRORS],
  {
    operationId: "createUser",
    method: "post",
    path: "/users",
    tags: ["Users"],
    summary: "Create a user",
    request: { body: jsonBody(ServerUserCreateSchema) },
    responses: { 201: jsonResponse(ServerUserSchema, "The new user") },
  },
);

const getUserRoute = authenticatedRoute(SERVER_AND_UP, ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "getUser",
  method: "get",
  path: "/users/{user_id}",
  tags: ["Users"],
  summary: "Read a user",
  description:
    "`/users/me` is its own path (getCurrentUser), and a concrete path matches before a templated one: " +
    "`GET /users/me` answers as getCurrentUser does, with client access too and in the client shape for it. " +
    "A user id with client access answers INSUFFICIENT_ACCESS_TYPE.",
  request: { params: UserIdParam },
  responses: { 200: jsonResponse(ServerUserSchema, "The user") },
});

const updateUserRoute = authenticatedRoute(
  SERVER_AND_UP,
  [
    "USER_NOT_FOUND",
    "CANNOT_GET_OWN_USER_WITHOUT_USER",
    "USER_EMAIL_ALREADY_EXISTS",
    "PASSWORD_TOO_SHORT",
    "PASSWORD_TOO_LONG",
    "TEAM_MEMBERSHIP_NOT_FOUND",
    ...PRIMARY_EMAIL_AND_PASSWORD_ERRORS,
  ],
  {
    operationId: "updateUser",
    method: "patch",
    path: "/users/{user_id}",
    tags: ["Users"],
    summary: "Update a user",
    request: { params: UserIdParam, body: jsonBody(ServerUserUpdateSchema) },
    responses: { 200: jsonResponse(ServerUserSchema, "The updated user") },
  },
);

const deleteUserRoute = authenticatedRoute(SERVER_AND_UP, ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "deleteUser",
  method: "delete",
  path: "/users/{user_id}",
  tags: ["Users"],
  summary: "Delete a user and everything that belongs to them",
  request: { params: UserIdParam },
  responses: { 200: jsonResponse(SuccessSchema, "Deleted") },
});

export function registerUserRoutes(router: Router): void {
  router.openapi(listUsersRoute, async (c) => {
    const query = c.req.valid("query");
    if (query.only_anonymous && !query.include_anonymous) throw new KnownError("ONLY_ANONYMOUS_WITHOUT_INCLUDE_ANONYMOUS");
    const limit = query.limit ?? DEFAULT_PAGE_SIZE;
    const page = await listUsers(c.var.deps, c.var.auth.tenancy, {
      orderBy: query.order_by ?? "signed_up_at",
      desc: query.desc ?? false,
      limit,
      cursor: query.cursor,
      query: query.query,
      teamId: query.team_id,
      anonymous: query.only_anonymous ? "only" : query.include_anonymous ? "include" : "exclude",
      includeRestricted: (query.include_restricted ?? false) || (query.include_anonymous ?? false),
    });
    return c.json({ items: page.users.map((user) => toServerUser(user, rulesOf(c.var.auth))), is_paginated: true, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(createUserRoute, async (c) => {
    const user = await createUser(c.var.deps, c.var.auth.tenancy, toUserChanges(c.req.valid("json")));
    return c.json(toServerUser(user, rulesOf(c.var.auth)), 201);
  });

  router.openapi(getUserRoute, async (c) => {
    const auth = c.var.auth;
    const user = await getUser(c.var.deps, auth.tenancy, resolveUserId(auth, c.req.valid("param").user_id));
    return c.json(toServerUser(user, rulesOf(auth)), 200);
  });

  router.openapi(updateUserRoute, async (c) => {
    const auth = c.var.auth;
    const userId = resolveUserId(auth, c.req.valid("param").user_id);
    const user = await updateUser(c.var.deps, auth.tenancy, userId, toUserChanges(c.req.valid("json")));
    return c.json(toServerUser(user, rulesOf(auth)), 200);
  });

  router.openapi(deleteUserRoute, async (c) => {
    const auth = c.var.auth;
    await deleteUser(c.var.deps, auth.tenancy, resolveUserId(auth, c.req.valid("param").user_id));
    return c.json({ success: true as const }, 200);
  });
}
