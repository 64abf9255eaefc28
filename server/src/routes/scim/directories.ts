import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { ADMIN_ONLY } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import type { AppEnv } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema, SuccessSchema, UuidSchema } from "../../http/schemas";
import type { ScimDirectory, ScimGroupRecord } from "../../domain/scim";
import type { ServiceDeps } from "../../services/deps";
import {
  createDirectory,
  deleteDirectory,
  getDirectory,
  listDirectories,
  revokeDirectoryToken,
  rotateDirectoryToken,
  scimBaseUrl,
  type AdminActor,
} from "../../services/scim/directories";
import { listDirectoryGroups, setGroupPermissions } from "../../services/scim/groups";

const PROTOCOL_NOTE =
  "The identity provider (Okta, Entra ID, ...) calls the SCIM 2.0 endpoints at `base_url` " +
  "(`<PUBLIC_URL>/api/v1/scim/v2`, the same for every directory) with the directory's token as " +
  "`Authorization: Bearer <token>`; the token names the project and the team. Those endpoints speak SCIM " +
  "(application/scim+json, SCIM's error schema) and are not operations of this document.";

export const ScimDirectorySchema = z
  .object({
    id: z.string(),
    team_id: z.string(),
    display_name: z.string(),
    base_url: z.string().openapi({ description: "The SCIM base URL (tenant URL) to give the identity provider." }),
    has_token: z.boolean().openapi({ description: "false after the token was revoked, until it is rotated." }),
    token_hint: z.string().nullable().openapi({ description: "The token's last four characters, to tell tokens apart." }),
    token_created_at_millis: z.number().nullable(),
    last_used_at_millis: z.number().nullable().openapi({ description: "When the token was last used (to the minute)." }),
    created_at_millis: z.number(),
  })
  .openapi("ScimDirectory");

export const ScimDirectoryWithTokenSchema = ScimDirectorySchema.extend({
  token: z.string().openapi({ description: "Shown in this answer only; only its digest is kept." }),
}).openapi("ScimDirectoryWithToken");

export const ScimGroupSchema = z
  .object({
    id: z.string(),
    display_name: z.string(),
    external_id: z.string().nullable(),
    member_count: z.number(),
    permission_ids: z.array(z.string()).openapi({ description: "The team permissions the group's members hold in the directory's team; empty: a group kept with its members only." }),
  })
  .openapi("ScimGroup");

const CreateBody = z
  .strictObject({
    team_id: UuidSchema.openapi({ description: "The team (the customer organisation) whose people the directory provisions." }),
    display_name: z.string().trim().min(1).max(256).openapi({ description: "E.g. the identity provider's name: `Okta`." }),
  })
  .openapi("ScimDirectoryCreate");

const PermissionsBody = z
  .strictObject({
    permission_ids: z
      .array(z.string().min(1).max(256))
      .max(100)
      .openapi({ description: "Team permission ids; replaces the group's mapping. Empty: the group maps to nothing." }),
  })
  .openapi("ScimGroupPermissions");

const DirectoryParam = z.object({ directory_id: UuidSchema.openapi({ param: { name: "directory_id", in: "path" } }) });
const GroupParams = DirectoryParam.extend({ group_id: UuidSchema.openapi({ param: { name: "group_id", in: "path" } }) });
const ListQuery = z.object({
  team_id: UuidSchema.optional().openapi({ param: { name: "team_id", in: "query" }, description: "Only this team's directories." }),
});

export function directoryToWire(deps: ServiceDeps, directory: ScimDirectory): z.infer<typeof ScimDirectorySchema> {
  return {
    id: directory.id,
    team_id: directory.teamId,
    display_name: directory.displayName,
    base_url: scimBaseUrl(deps),
    has_token: directory.hasToken,
    token_hint: directory.tokenHint,
    token_created_at_millis: directory.tokenCreatedAtMillis,
    last_used_at_millis: directory.lastUsedAtMillis,
    created_at_millis: directory.createdAtMillis,
  };
}

const groupToWire = (group: ScimGroupRecord & { memberCount: number }): z.infer<typeof ScimGroupSchema> => ({
  id: group.id,
  display_name: group.displayName,
  external_id: group.externalId,
  member_count: group.memberCount,
  permission_ids: group.permissionIds,
});

/** The admin behind the request, for the audit log: the owner's user id behind an admin access token (none with the admin key). */
const adminActor = (c: Context<AppEnv>): AdminActor => ({ userId: c.var.auth.owner?.userId ?? null, client: clientInfo(c) });

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(ADMIN_ONLY, errors, { ...spec, tags: ["SCIM"] });

const listRoute = route([], {
  operationId: "listScimDirectories",
  method: "get",
  path: "/internal/scim-directories",
  summary: "The project's SCIM directories",
  description: PROTOCOL_NOTE,
  request: { query: ListQuery },
  responses: { 200: jsonResponse(listSchema(ScimDirectorySchema, "ScimDirectoryList"), "Every directory (of the team, when one is named), oldest first") },
});

const createRoute = route(["TEAM_NOT_FOUND"], {
  operationId: "createScimDirectory",
  method: "post",
  path: "/internal/scim-directories",
  summary: "Make a SCIM directory for a team",
  description: `The answer shows the directory's token, once. ${PROTOCOL_NOTE}`,
  request: { body: jsonBody(CreateBody) },
  responses: { 201: jsonResponse(ScimDirectoryWithTokenSchema, "The directory, and its token once") },
});

const getRoute = route(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "getScimDirectory",
  method: "get",
  path: "/internal/scim-directories/{directory_id}",
  summary: "One SCIM directory",
  request: { params: DirectoryParam },
  responses: { 200: jsonResponse(ScimDirectorySchema, "The directory") },
});

const deleteRoute = route(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "deleteScimDirectory",
  method: "delete",
  path: "/internal/scim-directories/{directory_id}",
  summary: "Remove a SCIM directory",
  description: "Its token stops at once; its groups and its links to users go. The users stay, with their team membership.",
  request: { params: DirectoryParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

const rotateRoute = route(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "rotateScimDirectoryToken",
  method: "post",
  path: "/internal/scim-directories/{directory_id}/rotate-token",
  summary: "Give a SCIM directory a new token",
  description: "The old token (or none, after a revocation) stops working at once; the answer shows the new one once.",
  request: { params: DirectoryParam },
  responses: { 200: jsonResponse(ScimDirectoryWithTokenSchema, "The directory, and its new token once") },
});

const revokeRoute = route(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "revokeScimDirectoryToken",
  method: "post",
  path: "/internal/scim-directories/{directory_id}/revoke-token",
  summary: "Revoke a SCIM directory's token",
  description: "The token stops working at once; the directory keeps its users and groups until a new token is made (rotate).",
  request: { params: DirectoryParam },
  responses: { 200: jsonResponse(ScimDirectorySchema, "The directory, without a token") },
});

const listGroupsRoute = route(["SCIM_DIRECTORY_NOT_FOUND"], {
  operationId: "listScimDirectoryGroups",
  method: "get",
  path: "/internal/scim-directories/{directory_id}/groups",
  summary: "The groups a SCIM directory pushed, and the team permissions each maps to",
  request: { params: DirectoryParam },
  responses: { 200: jsonResponse(listSchema(ScimGroupSchema, "ScimGroupList"), "The directory's groups, oldest first (at most 1000)") },
});

const setPermissionsRoute = route(["SCIM_DIRECTORY_NOT_FOUND", "SCIM_GROUP_NOT_FOUND", "PERMISSION_NOT_FOUND", "WRONG_PERMISSION_SCOPE"], {
  operationId: "setScimGroupPermissions",
  method: "put",
  path: "/internal/scim-directories/{directory_id}/groups/{group_id}/permissions",
  summary: "Map a SCIM group to team permissions",
  description:
    "The group's active members hold these team permissions in the directory's team, from now on and whenever they join the group; " +
    "permissions the directory granted that no group maps to any more are taken back. A permission a member held otherwise is never taken back.",
  request: { params: GroupParams, body: jsonBody(PermissionsBody) },
  responses: { 200: jsonResponse(ScimGroupSchema, "The group with its new mapping") },
});

export function registerScimDirectoryRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const directories = await listDirectories(c.var.deps, c.var.auth.tenancy, c.req.valid("query").team_id);
    return c.json({ items: directories.map((d) => directoryToWire(c.var.deps, d)), is_paginated: false }, 200);
  });

  router.openapi(createRoute, async (c) => {
    const body = c.req.valid("json");
    const { directory, token } = await createDirectory(c.var.deps, c.var.auth.tenancy, adminActor(c), { teamId: body.team_id, displayName: body.display_name });
    return c.json({ ...directoryToWire(c.var.deps, directory), token }, 201);
  });

  router.openapi(getRoute, async (c) =>
    c.json(directoryToWire(c.var.deps, await getDirectory(c.var.deps, c.var.auth.tenancy, c.req.valid("param").directory_id)), 200),
  );

  router.openapi(deleteRoute, async (c) => {
    await deleteDirectory(c.var.deps, c.var.auth.tenancy, adminActor(c), c.req.valid("param").directory_id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(rotateRoute, async (c) => {
    const { directory, token } = await rotateDirectoryToken(c.var.deps, c.var.auth.tenancy, adminActor(c), c.req.valid("param").directory_id);
    return c.json({ ...directoryToWire(c.var.deps, directory), token }, 200);
  });

  router.openapi(revokeRoute, async (c) =>
    c.json(directoryToWire(c.var.deps, await revokeDirectoryToken(c.var.deps, c.var.auth.tenancy, adminActor(c), c.req.valid("param").directory_id)), 200),
  );

  router.openapi(listGroupsRoute, async (c) => {
    const groups = await listDirectoryGroups(c.var.deps, c.var.auth.tenancy, c.req.valid("param").directory_id);
    return c.json({ items: groups.map(groupToWire), is_paginated: false }, 200);
  });

  router.openapi(setPermissionsRoute, async (c) => {
    const { directory_id, group_id } = c.req.valid("param");
    const group = await setGroupPermissions(c.var.deps, c.var.auth.tenancy, adminActor(c), directory_id, group_id, c.req.valid("json").permission_ids);
    return c.json(groupToWire(group), 200);
  });
}
