import { z } from "@hono/zod-openapi";
import { KnownError, type KnownErrorCode } from "../../errors";
import { CLIENT_AND_UP, requireUser, resolveOwnUserIdForClient, resolveUserIdForAccess } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { CODE_ERRORS, CodeBody, CodeCheckSchema } from "../../http/code-schemas";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, EmptyObjectSchema, listSchema, SuccessSchema, UserIdOrMe } from "../../http/schemas";
import { mailLocale } from "../../http/locale";
import {
  acceptInvitationById,
  INVITATION_LIFETIME_MS,
  listInvitationsOfTeam,
  listInvitationsOfUser,
  redeemInvitationCode,
  revokeTeamInvitation,
  sendTeamInvitation,
  type TeamInvitationRecord,
} from "../../services/teams/invitations";
import { requireMemberWithPermissions } from "../../services/teams/team-permission-check";

const TAGS = ["Teams"];
const LIFETIME_DAYS = INVITATION_LIFETIME_MS / (24 * 60 * 60 * 1000);

const SendBody = z
  .strictObject({
    team_id: z.uuid(),
    email: EmailSchema.openapi({ description: "The recipient's address." }),
    callback_url: CallbackUrlSchema,
  })
  .openapi("TeamInvitationSend");

const SentSchema = z.object({ success: z.literal(true), id: z.uuid() }).openapi("TeamInvitationSent");

const InvitationSchema = z
  .object({
    id: z.uuid(),
    team_id: z.uuid(),
    team_display_name: z.string(),
    expires_at_millis: z.number().int(),
    recipient_email: z.string(),
  })
  .openapi("TeamInvitation");

const InvitationDetailsSchema = z.object({ team_id: z.uuid(), team_display_name: z.string() }).openapi("TeamInvitationDetails");
const InvitationTeamNameSchema = z.object({ team_display_name: z.string() }).openapi("TeamInvitationTeamName");

const ListQuery = z.object({
  team_id: z.uuid().optional().openapi({ description: "The team's open invitations. Give this or `user_id`." }),
  user_id: UserIdOrMe.optional().openapi({
    description:
      "Invitations addressed to one of this user's verified e-mails; client access may only name itself (another user answers CANNOT_GET_OWN_USER_WITHOUT_USER).",
  }),
});

const TeamQuery = z.object({ team_id: z.uuid() });
const InvitationIdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });
const AcceptByIdQuery = z.object({ user_id: UserIdOrMe });

const MEMBER_ERRORS: KnownErrorCode[] = ["TEAM_NOT_FOUND", "TEAM_MEMBERSHIP_NOT_FOUND", "TEAM_PERMISSION_REQUIRED", "USER_AUTHENTICATION_REQUIRED"];
const ACCEPT_ERRORS: KnownErrorCode[] = [...CODE_ERRORS, "USER_AUTHENTICATION_REQUIRED", "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED"];

const sendTeamInvitationRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "REDIRECT_URL_NOT_WHITELISTED"], {
  operationId: "sendTeamInvitation",
  method: "post",
  path: "/team-invitations/send-code",
  tags: TAGS,
  summary: "Invite someone to a team by e-mail",
  description:
    `Mails the recipient a link to \`callback_url\` with \`?code=…\`. A client needs \`$invite_members\` in the team. ` +
    `The invitation can be accepted for ${LIFETIME_DAYS} days; a new invitation to the same address for the same team replaces the earlier one.`,
  request: { body: jsonBody(SendBody) },
  responses: { 200: jsonResponse(SentSchema, "Sent"), ...rateLimitedResponse },
}, { clientTeamPermission: { teamIdIn: "json", permissions: ["$invite_members"] } });

const codeRoute = <const R extends { operationId: string; path: string; summary: string; description: string; response: z.ZodType }>(
  errors: readonly KnownErrorCode[],
  route: R,
) =>
  authenticatedRoute(CLIENT_AND_UP, errors, {
    operationId: route.operationId,
    method: "post",
    path: route.path,
    tags: TAGS,
    summary: route.summary,
    description: route.description,
    request: { body: jsonBody(CodeBody) },
    responses: { 200: jsonResponse(route.response, "Done"), ...rateLimitedResponse },
  });

const acceptTeamInvitationRoute = codeRoute(ACCEPT_ERRORS, {
  operationId: "acceptTeamInvitation",
  path: "/team-invitations/accept",
  summary: "Join a team with an invitation code",
  description: "The signed-in user joins the team with its default member permissions; a user who is already a member just uses the code up.",
  response: EmptyObjectSchema,
});

const checkTeamInvitationCodeRoute = codeRoute([...CODE_ERRORS], {
  operationId: "checkTeamInvitationCode",
  path: "/team-invitations/accept/check-code",
  summary: "Check an invitation code without using it",
  description: "Needs no signed-in user.",
  response: CodeCheckSchema,
});

const getTeamInvitationDetailsRoute = codeRoute(ACCEPT_ERRORS, {
  operationId: "getTeamInvitationDetails",
  path: "/team-invitations/accept/details",
  summary: "The team an invitation code is for",
  description: "Does not use the code up. Needs a signed-in user who is not restricted.",
  response: InvitationDetailsSchema,
});

// The code is the secret the invitation e-mail carries: whoever holds it may read the name of the
// team it is for, and nothing else (no id), so a signed-out invitation page can say who invites.
const getTeamInvitationTeamNameRoute = codeRoute([...CODE_ERRORS], {
  operationId: "getTeamInvitationTeamName",
  path: "/team-invitations/accept/team-name",
  summary: "The name of the team an invitation code is for",
  description:
    "Gatehouse's own (Stack Auth has no such route). Needs no signed-in user: the code entitles its holder to the team's display name. " +
    "Does not use the code up; rate-limited per IP like check-code.",
  response: InvitationTeamNameSchema,
});

const listTeamInvitationsRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER"], {
  operationId: "listTeamInvitations",
  method: "get",
  path: "/team-invitations",
  tags: TAGS,
  summary: "List a team's open invitations, or those a user has received",
  description:
    "With `team_id`, a client must be a member holding `$read_members` and `$invite_members`. With `user_id`, the invitations " +
    "addressed to the user's verified e-mails. Exactly one of the two must be given (SCHEMA_ERROR otherwise). Used, expired and " +
    "deleted invitations are not listed.",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(listSchema(InvitationSchema, "TeamInvitationList"), "The invitations, oldest first") },
});

const deleteTeamInvitationRoute = authenticatedRoute(CLIENT_AND_UP, [...MEMBER_ERRORS, "VERIFICATION_CODE_NOT_FOUND"], {
  operationId: "deleteTeamInvitation",
  method: "delete",
  path: "/team-invitations/{id}",
  tags: TAGS,
  summary: "Withdraw an invitation",
  description: "A client needs `$remove_members` in the team. An invitation that is not open in that team answers VERIFICATION_CODE_NOT_FOUND.",
  request: { params: InvitationIdParam, query: TeamQuery },
  responses: { 200: jsonResponse(SuccessSchema, "Withdrawn") },
}, { clientTeamPermission: { teamIdIn: "query", permissions: ["$remove_members"] } });

const acceptTeamInvitationByIdRoute = authenticatedRoute(
  CLIENT_AND_UP,
  ["VERIFICATION_CODE_NOT_FOUND", "EMAIL_NOT_VERIFIED", "USER_NOT_FOUND", "CANNOT_GET_OWN_USER_WITHOUT_USER", "USER_AUTHENTICATION_REQUIRED", "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED"],
  {
    operationId: "acceptTeamInvitationById",
    method: "post",
    path: "/team-invitations/{id}/accept",
    tags: TAGS,
    summary: "Accept an invitation addressed to the user",
    description:
      "The user must have the invitation's address as a verified e-mail: while theirs is unverified the answer is " +
      "EMAIL_NOT_VERIFIED; for an invitation to an address they do not have, or a used or expired one, it is " +
      "VERIFICATION_CODE_NOT_FOUND. Client access may only accept for itself, and not as a restricted user.",
    request: { params: InvitationIdParam, query: AcceptByIdQuery, body: optionalJsonBody(EmptyObjectSchema) },
    responses: { 200: jsonResponse(EmptyObjectSchema, "Joined") },
  },
);

function toInvitation(invitation: TeamInvitationRecord) {
  return {
    id: invitation.id,
    team_id: invitation.teamId,
    team_display_name: invitation.teamDisplayName,
    expires_at_millis: invitation.expiresAt.getTime(),
    recipient_email: invitation.recipientEmail,
  };
}

export function registerTeamInvitationRoutes(router: Router): void {
  router.openapi(sendTeamInvitationRoute, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    const isClient = auth.type === "client";
    const id = await sendTeamInvitation(c.var.deps, auth.tenancy, {
      teamId: body.team_id,
      email: body.email,
      callbackUrl: body.callback_url,
      locale: mailLocale(c),
      limitedFor: isClient ? clientInfo(c) : undefined,
    });
    return c.json({ success: true as const, id }, 200);
  });

  router.openapi(acceptTeamInvitationRoute, async (c) => {
    const auth = c.var.auth;
    await redeemInvitationCode(c.var.deps, auth.tenancy, c.req.valid("json").code, "accept", { id: auth.user?.sub ?? null, client: clientInfo(c) });
    return c.json({}, 200);
  });

  router.openapi(checkTeamInvitationCodeRoute, async (c) => {
    const auth = c.var.auth;
    await redeemInvitationCode(c.var.deps, auth.tenancy, c.req.valid("json").code, "check", { id: auth.user?.sub ?? null, client: clientInfo(c) });
    return c.json({ is_code_valid: true as const }, 200);
  });

  router.openapi(getTeamInvitationTeamNameRoute, async (c) => {
    const auth = c.var.auth;
    const team = await redeemInvitationCode(c.var.deps, auth.tenancy, c.req.valid("json").code, "check", { id: auth.user?.sub ?? null, client: clientInfo(c) });
    return c.json({ team_display_name: team.teamDisplayName }, 200);
  });

  router.openapi(getTeamInvitationDetailsRoute, async (c) => {
    const auth = c.var.auth;
    const team = await redeemInvitationCode(c.var.deps, auth.tenancy, c.req.valid("json").code, "details", {
      id: auth.user?.sub ?? null,
      client: clientInfo(c),
    });
    return c.json({ team_id: team.teamId, team_display_name: team.teamDisplayName }, 200);
  });

  router.openapi(listTeamInvitationsRoute, async (c) => {
    const auth = c.var.auth;
    const query = c.req.valid("query");
    if ((query.team_id === undefined) === (query.user_id === undefined)) {
      throw new KnownError("SCHEMA_ERROR", { message: "query: give exactly one of team_id and user_id" });
    }
    let invitations: TeamInvitationRecord[];
    if (query.team_id !== undefined) {
      if (auth.type === "client") {
        await requireMemberWithPermissions(c.var.deps, auth.tenancy, query.team_id, requireUser(auth).sub, ["$read_members", "$invite_members"]);
      }
      invitations = await listInvitationsOfTeam(c.var.deps, auth.tenancy, query.team_id);
    } else {
      // As Stack Auth answers: a client naming another user is told it has no such user of its own.
      const userId = resolveOwnUserIdForClient(auth, query.user_id, () => new KnownError("CANNOT_GET_OWN_USER_WITHOUT_USER"))!;
      invitations = await listInvitationsOfUser(c.var.deps, auth.tenancy, userId);
    }
    return c.json({ items: invitations.map(toInvitation), is_paginated: false }, 200);
  });

  router.openapi(deleteTeamInvitationRoute, async (c) => {
    const auth = c.var.auth;
    const teamId = c.req.valid("query").team_id;
    await revokeTeamInvitation(c.var.deps, auth.tenancy, teamId, c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(acceptTeamInvitationByIdRoute, async (c) => {
    const auth = c.var.auth;
    const userId = resolveUserIdForAccess(auth, c.req.valid("query").user_id);
    await acceptInvitationById(c.var.deps, auth.tenancy, c.req.valid("param").id, userId, { refuseRestricted: auth.type === "client" });
    return c.json({}, 200);
  });
}
