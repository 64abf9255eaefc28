import { z } from "@hono/zod-openapi";
import { KnownError } from "../../errors";
import { CLIENT_AND_UP, requireUser, resolveOwnUserIdForClient, resolveUserId } from "../../http/access";
import type { RequestAuth } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { DisplayNameSchema, ImageUrlSchema } from "../../http/schemas";
import { requireTeamPermission } from "../../services/teams/team-permission-check";
import { getMemberProfile, getTeamAsMember, listMemberProfiles, updateMemberProfile, type MemberProfile } from "../../services/teams/teams";
import type { ServiceDeps } from "../../services/deps";
import { rulesOf, ServerUserSchema, toServerUser } from "../users/shapes";
import { TeamUserParams } from "./memberships";

const ClientMemberProfileSchema = z
  .object({
    team_id: z.uuid(),
    user_id: z.uuid(),
    display_name: z.string().nullable(),
    profile_image_url: z.string().nullable(),
  })
  .openapi("ClientTeamMemberProfile");

const ServerMemberProfileSchema = ClientMemberProfileSchema.extend({ user: ServerUserSchema }).openapi("ServerTeamMemberProfile");

const AnyMemberProfileSchema = z.union([ServerMemberProfileSchema, ClientMemberProfileSchema]).openapi("AnyTeamMemberProfile", {
  description: "The server shape (with the member's user) with server or admin access, the client shape otherwise.",
});

const ProfileListSchema = z.object({ items: z.array(AnyMemberProfileSchema), is_paginated: z.boolean() }).openapi("TeamMemberProfileList");

const ListQuery = z.object({
  team_id: z.uuid().optional().openapi({ description: "Required with client access." }),
  user_id: z.union([z.uuid(), z.literal("me")]).optional(),
});

const ProfileUpdateSchema = z
  .strictObject({ display_name: DisplayNameSchema.optional(), profile_image_url: ImageUrlSchema.nullable().optional() })
  .openapi("TeamMemberProfileUpdate");

const MEMBER_ERRORS = ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "USER_AUTHENTICATION_REQUIRED", "CANNOT_GET_OWN_USER_WITHOUT_USER"] as const;

const listTeamMemberProfilesRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "TEAM_PERMISSION_REQUIRED", "TEAM_ID_REQUIRED_FOR_CLIENT"], {
  operationId: "listTeamMemberProfiles",
  method: "get",
  path: "/team-member-profiles",
  tags: ["Teams"],
  summary: "List team member profiles",
  description: "With client access `team_id` is required and the caller must be a member; listing others needs `$read_members`.",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(ProfileListSchema, "The profiles") },
});

const getTeamMemberProfileRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "TEAM_PERMISSION_REQUIRED"], {
  operationId: "getTeamMemberProfile",
  method: "get",
  path: "/team-member-profiles/{team_id}/{user_id}",
  tags: ["Teams"],
  summary: "Read a team member profile",
  description: "With client access: one's own profile, or another member's with `$read_members`.",
  request: { params: TeamUserParams },
  responses: { 200: jsonResponse(AnyMemberProfileSchema, "The profile") },
});

const updateTeamMemberProfileRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "CLIENT_CANNOT_UPDATE_OTHER_MEMBERS_PROFILE"], {
  operationId: "updateTeamMemberProfile",
  method: "patch",
  path: "/team-member-profiles/{team_id}/{user_id}",
  tags: ["Teams"],
  summary: "Update a team member profile",
  description: "With client access only one's own profile; another member's is refused with a plain 403.",
  request: { params: TeamUserParams, body: jsonBody(ProfileUpdateSchema) },
  responses: { 200: jsonResponse(AnyMemberProfileSchema, "The updated profile") },
});

function shapeFor(auth: RequestAuth, p: MemberProfile) {
  const base = { team_id: p.teamId, user_id: p.userId, display_name: p.displayName, profile_image_url: p.profileImageUrl };
  return auth.type === "client" ? base : { ...base, user: toServerUser(p.user, rulesOf(auth)) };
}

/** A client must be a member of the team, and needs `$read_members` to see anyone but itself. */
async function checkClientRead(deps: ServiceDeps, auth: RequestAuth, teamId: string, userId: string | undefined): Promise<void> {
  if (auth.type !== "client") return;
  const me = requireUser(auth).sub;
  await getTeamAsMember(deps, auth.tenancy, teamId, me);
  if (userId !== me) await requireTeamPermission(deps, auth.tenancy, teamId, me, "$read_members");
}

export function registerTeamMemberProfileRoutes(router: Router): void {
  router.openapi(listTeamMemberProfilesRoute, async (c) => {
    const auth = c.var.auth;
    const query = c.req.valid("query");
    const userId = query.user_id === undefined ? undefined : resolveUserId(auth, query.user_id);
    if (auth.type === "client") {
      if (query.team_id === undefined) throw new KnownError("TEAM_ID_REQUIRED_FOR_CLIENT");
      await checkClientRead(c.var.deps, auth, query.team_id, userId);
    }
    const profiles = await listMemberProfiles(c.var.deps, auth.tenancy, { teamId: query.team_id, userId });
    return c.json({ items: profiles.map((p) => shapeFor(auth, p)), is_paginated: false }, 200);
  });

  router.openapi(getTeamMemberProfileRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const userId = resolveUserId(auth, params.user_id);
    await checkClientRead(c.var.deps, auth, params.team_id, userId);
    return c.json(shapeFor(auth, await getMemberProfile(c.var.deps, auth.tenancy, params.team_id, userId)), 200);
  });

  router.openapi(updateTeamMemberProfileRoute, async (c) => {
    const auth = c.var.auth;
    const params = c.req.valid("param");
    const userId = resolveOwnUserIdForClient(auth, params.user_id, () => new KnownError("CLIENT_CANNOT_UPDATE_OTHER_MEMBERS_PROFILE"))!;
    const body = c.req.valid("json");
    const profile = await updateMemberProfile(c.var.deps, auth.tenancy, params.team_id, userId, {
      displayName: body.display_name,
      profileImageUrl: body.profile_image_url,
    });
    return c.json(shapeFor(auth, profile), 200);
  });
}
