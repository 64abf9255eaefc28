import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP, requireUser, resolveOwnUserIdForClient, resolveUserId } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { DisplayNameSchema, ImageUrlSchema, MetadataSchema, SuccessSchema, toProfileChanges } from "../../http/schemas";
import { createTeam, deleteTeam, getTeam, getTeamAsMember, listTeamsOf, updateTeam } from "../../services/teams/teams";
import type { Team } from "../../domain/teams";
import { ClientTeamSchema, ServerTeamSchema, toClientTeam, toServerTeam } from "../users/shapes";

export const TeamIdParam = z.object({
  team_id: z.uuid().openapi({ param: { name: "team_id", in: "path" } }),
});

const AnyTeamSchema = z.union([ServerTeamSchema, ClientTeamSchema]).openapi("AnyTeam", {
  description: "The server shape with server or admin access, the client shape otherwise.",
});

const TeamListSchema = z
  .object({
    items: z.array(AnyTeamSchema),
    is_paginated: z.boolean(),
    pagination: z.object({ next_cursor: z.string().nullable() }).optional(),
  })
  .openapi("TeamList");

const ListQuery = z.object({
  user_id: z
    .union([z.uuid(), z.literal("me")])
    .optional()
    .openapi({
      description:
        "Only this user's teams. Client access must name the signed-in user (`me` or their id); another user, or none, is refused with a plain 403. Omitted (server only) lists every team.",
    }),
  add_current_user: z.string().optional(),
  order_by: z.string().optional().openapi({ description: "Accepted and ignored; teams come oldest first." }),
  desc: z.string().optional().openapi({ description: "Accepted and ignored." }),
  cursor: z.string().optional().openapi({ description: "Accepted and ignored; the list is not paginated." }),
  limit: z.string().optional().openapi({ description: "Accepted and ignored." }),
  query: z.string().optional().openapi({ description: "Accepted and ignored." }),
});

// A team's name may be empty, as in Stack Auth (its SDK and dashboard allow clearing it).
const teamWritableFields = {
  display_name: DisplayNameSchema.optional(),
  profile_image_url: ImageUrlSchema.nullable().optional(),
  client_metadata: MetadataSchema.optional(),
  client_read_only_metadata: MetadataSchema.optional().openapi({ description: "Server and admin access only." }),
  server_metadata: MetadataSchema.optional().openapi({ description: "Server and admin access only." }),
};

const TeamUpdateSchema = z.strictObject(teamWritableFields).openapi("TeamUpdate");
const TeamCreateSchema = z
  .strictObject({
    ...teamWritableFields,
    display_name: DisplayNameSchema,
    creator_user_id: z
      .union([z.uuid(), z.literal("me")])
      .optional()
      .openapi({ description: "Becomes the first member, with the team creator's default permissions; client access may only name itself (`me`, the default)." }),
  })
  .openapi("TeamCreate");

const SERVER_ONLY_FIELDS = ["client_read_only_metadata", "server_metadata"] as const;

const listTeamsRoute = authenticatedRoute(CLIENT_AND_UP, ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "CLIENT_CANNOT_LIST_OTHER_USERS_TEAMS"], {
  operationId: "listTeams",
  method: "get",
  path: "/teams",
  tags: ["Teams"],
  summary: "List teams, or the teams of one user",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(TeamListSchema, "The teams, oldest first") },
});

const createTeamRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "CLIENT_TEAM_CREATION_NOT_ENABLED", "CLIENT_CANNOT_CREATE_TEAM_FOR_OTHER_USER"],
  {
    operationId: "createTeam",
    method: "post",
    path: "/teams",
    tags: ["Teams"],
    summary: "Create a team",
    description:
      "With client access only for a signed-in user, when the project allows client team creation (else a plain 403); " +
      "that user becomes the first member. The creator's selected team does not change (the SDKs select the new team themselves).",
    request: { body: jsonBody(TeamCreateSchema) },
    responses: { 201: jsonResponse(AnyTeamSchema, "The new team") },
  },
  { serverOnlyFields: SERVER_ONLY_FIELDS },
);

const getTeamRoute = authenticatedRoute(CLIENT_AND_UP, ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_AUTHENTICATION_REQUIRED"], {
  operationId: "getTeam",
  method: "get",
  path: "/teams/{team_id}",
  tags: ["Teams"],
  summary: "Read a team",
  description: "With client access only for a member of the team.",
  request: { params: TeamIdParam },
  responses: { 200: jsonResponse(AnyTeamSchema, "The team") },
});

const updateTeamRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_AUTHENTICATION_REQUIRED", "TEAM_PERMISSION_REQUIRED"],
  {
    operationId: "updateTeam",
    method: "patch",
    path: "/teams/{team_id}",
    tags: ["Teams"],
    summary: "Update a team",
    description: "With client access the member needs `$update_team`, and may not change client_read_only_metadata or server_metadata.",
    request: { params: TeamIdParam, body: jsonBody(TeamUpdateSchema) },
    responses: { 200: jsonResponse(AnyTeamSchema, "The updated team") },
  },
  { serverOnlyFields: SERVER_ONLY_FIELDS, clientTeamPermission: { teamIdIn: "param", permissions: ["$update_team"] } },
);

const deleteTeamRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_AUTHENTICATION_REQUIRED", "TEAM_PERMISSION_REQUIRED"],
  {
    operationId: "deleteTeam",
    method: "delete",
    path: "/teams/{team_id}",
    tags: ["Teams"],
    summary: "Delete a team and its memberships",
    description: "With client access the member needs `$delete_team`. Users who had the team selected have none afterwards.",
    request: { params: TeamIdParam },
    responses: { 200: jsonResponse(SuccessSchema, "Deleted") },
  },
  { clientTeamPermission: { teamIdIn: "param", permissions: ["$delete_team"] } },
);

function shapeFor(auth: RequestAuth, team: Team) {
  return auth.type === "client" ? toClientTeam(team) : toServerTeam(team);
}

export function registerTeamRoutes(router: Router): void {
  router.openapi(listTeamsRoute, async (c) => {
    const auth = c.var.auth;
    const { user_id } = c.req.valid("query");
    const userId = resolveOwnUserIdForClient(auth, user_id, () => new KnownError("CLIENT_CANNOT_LIST_OTHER_USERS_TEAMS"));
    const teams = await listTeamsOf(c.var.deps, auth.tenancy, userId);
    return c.json({ items: teams.map((t) => shapeFor(auth, t)), is_paginated: false }, 200);
  });

  router.openapi(createTeamRoute, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    let creator: string | null = null;
    if (auth.type === "client") {
      requireUser(auth);
      if (!auth.tenancy.config.teams.allowClientTeamCreation) {
        throw new KnownError("CLIENT_TEAM_CREATION_NOT_ENABLED");
      }
      creator = resolveOwnUserIdForClient(auth, body.creator_user_id ?? "me", () => new KnownError("CLIENT_CANNOT_CREATE_TEAM_FOR_OTHER_USER"))!;
    } else if (body.creator_user_id !== undefined) {
      creator = resolveUserId(auth, body.creator_user_id);
    }
    const { creator_user_id: _creator, ...fields } = body;
    const team = await createTeam(c.var.deps, auth.tenancy, creator, { ...toProfileChanges(fields), displayName: body.display_name });
    return c.json(shapeFor(auth, team), 201);
  });

  router.openapi(getTeamRoute, async (c) => {
    const auth = c.var.auth;
    const { team_id } = c.req.valid("param");
    const team =
      auth.type === "client"
        ? await getTeamAsMember(c.var.deps, auth.tenancy, team_id, requireUser(auth).sub)
        : await getTeam(c.var.deps, auth.tenancy, team_id);
    return c.json(shapeFor(auth, team), 200);
  });

  router.openapi(updateTeamRoute, async (c) => {
    const auth = c.var.auth;
    const { team_id } = c.req.valid("param");
    const body = c.req.valid("json");
    const team = await updateTeam(c.var.deps, auth.tenancy, team_id, toProfileChanges(body));
    return c.json(shapeFor(auth, team), 200);
  });

  router.openapi(deleteTeamRoute, async (c) => {
    const auth = c.var.auth;
    const { team_id } = c.req.valid("param");
    await deleteTeam(c.var.deps, auth.tenancy, team_id);
    return c.json({ success: true as const }, 200);
  });
}
