import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser, resolveUserId, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmptyObjectSchema, SuccessSchema } from "../../http/schemas";
import { requireTeamPermission } from "../../services/teams/team-permission-check";
import { addTeamMember, getTeamAsMember, removeTeamMember } from "../../services/teams/teams";

export const TeamUserParams = z.object({
  team_id: z.uuid().openapi({ param: { name: "team_id", in: "path" } }),
  user_id: z
    .union([z.uuid(), z.literal("me")])
    .openapi({ param: { name: "user_id", in: "path" }, description: "A user id, or `me` for the signed-in user." }),
});

const TeamMembershipSchema = z.object({ team_id: z.uuid(), user_id: z.uuid() }).openapi("TeamMembership");

const createTeamMembershipRoute = authenticatedRoute(
  SERVER_AND_UP,
  ["TEAM_NOT_FOUND", "USER_NOT_FOUND", "TEAM_MEMBERSHIP_ALREADY_EXISTS", "CANNOT_GET_OWN_USER_WITHOUT_USER"],
  {
    operationId: "createTeamMembership",
    method: "post",
    path: "/team-memberships/{team_id}/{user_id}",
    tags: ["Teams"],
    summary: "Add a user to a team",
    request: { params: TeamUserParams, body: jsonBody(EmptyObjectSchema) },
    responses: { 201: jsonResponse(TeamMembershipSchema, "The new membership") },
  },
);

const deleteTeamMembershipRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "TEAM_PERMISSION_REQUIRED"],
  {
    operationId: "deleteTeamMembership",
    method: "delete",
    path: "/team-memberships/{team_id}/{user_id}",
    tags: ["Teams"],
    summary: "Remove a user from a team",
    description:
      "A client may always leave a team (`me`); removing another member needs `$remove_members`. A user who had the team selected has none afterwards.",
    request: { params: TeamUserParams },
    responses: { 200: jsonResponse(SuccessSchema, "Removed") },
  },
);

export function registerTeamMembershipRoutes(router: Router): void {
  router.openapi(createTeamMembershipRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const userId = resolveUserId(auth, params.user_id);
    await addTeamMember(c.var.deps, auth.tenancy, params.team_id, userId);
    return c.json({ team_id: params.team_id, user_id: userId }, 201);
  });

  router.openapi(deleteTeamMembershipRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const userId = resolveUserId(auth, params.user_id);
    if (auth.type === "client") {
      const me = requireUser(auth).sub;
      if (userId !== me) {
        await getTeamAsMember(c.var.deps, auth.tenancy, params.team_id, me);
        await requireTeamPermission(c.var.deps, auth.tenancy, params.team_id, me, "$remove_members");
      }
    }
    await removeTeamMember(c.var.deps, auth.tenancy, params.team_id, userId);
    return c.json({ success: true as const }, 200);
  });
}
