import { z } from "@hono/zod-openapi";
import type { PermissionScope } from "../../services/permissions/scope";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP, resolveOwnUserIdForClient, resolveUserId, SERVER_AND_UP } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmptyObjectSchema, listSchema, SuccessSchema } from "../../http/schemas";
import { grantPermission, listPermissions, revokePermission, type GrantedPermission } from "../../services/permissions/grants";
import { PermissionIdSchema } from "./shapes";

const UserIdOrMe = z.union([z.uuid(), z.literal("me")]);
const booleanQuery = z.enum(["true", "false"]).transform((v) => v === "true");

const TeamPermissionSchema = z
  .object({ id: PermissionIdSchema, user_id: z.uuid(), team_id: z.uuid() })
  .openapi("TeamPermission");
const ProjectPermissionSchema = z.object({ id: PermissionIdSchema, user_id: z.uuid() }).openapi("ProjectPermission");

const userParam = UserIdOrMe.openapi({ param: { name: "user_id", in: "path" }, description: "A user id, or `me`." });
const permissionParam = PermissionIdSchema.openapi({ param: { name: "permission_id", in: "path" } });
const TeamGrantParams = z.object({
  team_id: z.uuid().openapi({ param: { name: "team_id", in: "path" } }),
  user_id: userParam,
  permission_id: permissionParam,
});
const ProjectGrantParams = z.object({ user_id: userParam, permission_id: permissionParam });

const OWN_USER_DESCRIPTION =
  "A user id, or `me`. Client access must name the signed-in user; another user, or none, is refused with a plain 403.";
const recursiveQuery = booleanQuery.optional().openapi({ description: "Include permissions contained in granted ones; default true." });
const TeamListQuery = z.object({
  team_id: z.uuid().optional(),
  user_id: UserIdOrMe.optional().openapi({ description: OWN_USER_DESCRIPTION }),
  permission_id: PermissionIdSchema.optional(),
  recursive: recursiveQuery,
});
const ProjectListQuery = z.object({
  user_id: UserIdOrMe.optional().openapi({ description: OWN_USER_DESCRIPTION }),
  permission_id: PermissionIdSchema.optional(),
  recursive: recursiveQuery,
});

// The SDK sends `{}` (or nothing) with grants and revocations; any key in it is SCHEMA_ERROR.
const EmptyBody = optionalJsonBody(EmptyObjectSchema);

/** Client access must name the signed-in user; server access may list every user's. */
const resolveListedUser = (auth: RequestAuth, userId: string | undefined) =>
  resolveOwnUserIdForClient(auth, userId, () => new KnownError("CLIENT_CANNOT_LIST_OTHER_USERS_PERMISSIONS"));

const listErrors = ["CANNOT_GET_OWN_USER_WITHOUT_USER", "CLIENT_CANNOT_LIST_OTHER_USERS_PERMISSIONS"] as const;
const grantErrors = ["CANNOT_GET_OWN_USER_WITHOUT_USER", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"] as const;

const listTeamPermissionsRoute = authenticatedRoute(CLIENT_AND_UP, listErrors, {
  operationId: "listTeamPermissions",
  method: "get",
  path: "/team-permissions",
  tags: ["Permissions"],
  summary: "List the team permissions users hold",
  description: "With client access `user_id` (the signed-in user) is required. `recursive` (default true) adds contained permissions.",
  request: { query: TeamListQuery },
  responses: { 200: jsonResponse(listSchema(TeamPermissionSchema, "TeamPermissionList"), "The permissions") },
});

const grantTeamPermissionRoute = authenticatedRoute(SERVER_AND_UP, [...grantErrors, "TEAM_MEMBERSHIP_NOT_FOUND"], {
  operationId: "grantTeamPermission",
  method: "post",
  path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
  tags: ["Permissions"],
  summary: "Grant a team permission to a member",
  request: { params: TeamGrantParams, body: EmptyBody },
  responses: { 201: jsonResponse(TeamPermissionSchema, "The granted permission") },
});

const revokeTeamPermissionRoute = authenticatedRoute(SERVER_AND_UP, [...grantErrors, "TEAM_MEMBERSHIP_NOT_FOUND"], {
  operationId: "revokeTeamPermission",
  method: "delete",
  path: "/team-permissions/{team_id}/{user_id}/{permission_id}",
  tags: ["Permissions"],
  summary: "Revoke a team permission from a member",
  request: { params: TeamGrantParams, body: EmptyBody },
  responses: { 200: jsonResponse(SuccessSchema, "Revoked") },
});

const listProjectPermissionsRoute = authenticatedRoute(CLIENT_AND_UP, listErrors, {
  operationId: "listProjectPermissions",
  method: "get",
  path: "/project-permissions",
  tags: ["Permissions"],
  summary: "List the project permissions users hold",
  description: "With client access `user_id` (the signed-in user) is required. `recursive` (default true) adds contained permissions.",
  request: { query: ProjectListQuery },
  responses: { 200: jsonResponse(listSchema(ProjectPermissionSchema, "ProjectPermissionList"), "The permissions") },
});

const grantProjectPermissionRoute = authenticatedRoute(SERVER_AND_UP, [...grantErrors, "USER_NOT_FOUND"], {
  operationId: "grantProjectPermission",
  method: "post",
  path: "/project-permissions/{user_id}/{permission_id}",
  tags: ["Permissions"],
  summary: "Grant a project permission to a user",
  request: { params: ProjectGrantParams, body: EmptyBody },
  responses: { 201: jsonResponse(ProjectPermissionSchema, "The granted permission") },
});

const revokeProjectPermissionRoute = authenticatedRoute(SERVER_AND_UP, [...grantErrors, "USER_NOT_FOUND"], {
  operationId: "revokeProjectPermission",
  method: "delete",
  path: "/project-permissions/{user_id}/{permission_id}",
  tags: ["Permissions"],
  summary: "Revoke a project permission from a user",
  request: { params: ProjectGrantParams, body: EmptyBody },
  responses: { 200: jsonResponse(SuccessSchema, "Revoked") },
});

const teamWire = (p: GrantedPermission) => ({ id: p.id, user_id: p.userId, team_id: p.teamId! });
const projectWire = (p: GrantedPermission) => ({ id: p.id, user_id: p.userId });

export function registerPermissionRoutes(router: Router): void {
  const scopeTeam: PermissionScope = "team";
  router.openapi(listTeamPermissionsRoute, async (c) => {
    const q = c.req.valid("query");
    const auth = c.var.auth;
    const items = await listPermissions(c.var.deps, auth.tenancy, scopeTeam, {
      teamId: q.team_id,
      userId: resolveListedUser(auth, q.user_id),
      permissionId: q.permission_id,
      recursive: q.recursive ?? true,
    });
    return c.json({ items: items.map(teamWire), is_paginated: false }, 200);
  });
  router.openapi(grantTeamPermissionRoute, async (c) => {
    const p = c.req.valid("param");
    const auth = c.var.auth;
    const granted = await grantPermission(c.var.deps, auth.tenancy, "team", {
      teamId: p.team_id,
      userId: resolveUserId(auth, p.user_id),
      permissionId: p.permission_id,
    });
    return c.json(teamWire(granted), 201);
  });
  router.openapi(revokeTeamPermissionRoute, async (c) => {
    const p = c.req.valid("param");
    const auth = c.var.auth;
    await revokePermission(c.var.deps, auth.tenancy, "team", { teamId: p.team_id, userId: resolveUserId(auth, p.user_id), permissionId: p.permission_id });
    return c.json({ success: true as const }, 200);
  });
  router.openapi(listProjectPermissionsRoute, async (c) => {
    const q = c.req.valid("query");
    const auth = c.var.auth;
    const items = await listPermissions(c.var.deps, auth.tenancy, "project", {
      userId: resolveListedUser(auth, q.user_id),
      permissionId: q.permission_id,
      recursive: q.recursive ?? true,
    });
    return c.json({ items: items.map(projectWire), is_paginated: false }, 200);
  });
  router.openapi(grantProjectPermissionRoute, async (c) => {
    const p = c.req.valid("param");
    const auth = c.var.auth;
    const granted = await grantPermission(c.var.deps, auth.tenancy, "project", {
      teamId: null,
      userId: resolveUserId(auth, p.user_id),
      permissionId: p.permission_id,
    });
    return c.json(projectWire(granted), 201);
  });
  router.openapi(revokeProjectPermissionRoute, async (c) => {
    const p = c.req.valid("param");
    const auth = c.var.auth;
    await revokePermission(c.var.deps, auth.tenancy, "project", { teamId: null, userId: resolveUserId(auth, p.user_id), permissionId: p.permission_id });
    return c.json({ success: true as const }, 200);
  });
}
