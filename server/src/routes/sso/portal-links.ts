import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { CLIENT_AND_UP } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import type { AppEnv } from "../../http/env";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";
import type { SsoPortalLink } from "../../domain/sso";
import { TEAM_AUDIT_LOG_PERMISSION } from "../../services/audit-log/scoped-reads";
import type { SsoAuditContext } from "../../services/sso/audit";
import {
  createPortalLink,
  listPortalLinks,
  PORTAL_LINK_DEFAULT_LIFETIME_MS,
  PORTAL_LINK_MAX_LIFETIME_MS,
  PORTAL_LINK_MIN_LIFETIME_MS,
  revokePortalLink,
} from "../../services/sso/portal";
import { auditContext, TeamParam } from "./connections";

/** A team admin may hand out set-up links for their team: the same rule as the team's audit log (whoever may change the team). */
const TEAM_ADMIN = { clientTeamPermission: { teamIdIn: "param" as const, permissions: [TEAM_AUDIT_LOG_PERMISSION] } };

const LinkParams = TeamParam.extend({ link_id: z.uuid().openapi({ param: { name: "link_id", in: "path" } }) });

export const SsoPortalLinkSchema = z
  .object({
    id: z.uuid(),
    team_id: z.uuid(),
    token_hint: z.string().openapi({ description: "The token's last four characters." }),
    created_by: z.object({ type: z.enum(["user", "admin", "server"]), id: z.string().nullable() }),
    expires_at_millis: z.number().int(),
    revoked_at_millis: z.number().int().nullable(),
    last_used_at_millis: z.number().int().nullable(),
    created_at_millis: z.number().int(),
    status: z.enum(["active", "expired", "revoked"]),
  })
  .openapi("SsoPortalLink");

const CreatedSsoPortalLinkSchema = SsoPortalLinkSchema.extend({
  token: z.string().openapi({ description: "Shown in this answer only; only its digest is kept." }),
  url: z.string().openapi({ description: "The set-up page, the token in its fragment (`#token=…`): send it to the team's administrator." }),
}).openapi("SsoPortalLinkCreated");

function linkJson(link: SsoPortalLink): z.infer<typeof SsoPortalLinkSchema> {
  return {
    id: link.id,
    team_id: link.teamId,
    token_hint: link.tokenHint,
    created_by: link.createdBy,
    expires_at_millis: link.expiresAtMillis,
    revoked_at_millis: link.revokedAtMillis,
    last_used_at_millis: link.lastUsedAtMillis,
    created_at_millis: link.createdAtMillis,
    status: link.revokedAtMillis !== null ? "revoked" : link.expiresAtMillis <= Date.now() ? "expired" : "active",
  };
}

/** Who made the change: a team admin (client access), else the project's server or admin. */
function linkAuditContext(c: Context<AppEnv>): SsoAuditContext {
  const auth = c.var.auth;
  if (auth.type === "client" && auth.user) return { actor: { type: "user", id: auth.user.sub }, client: clientInfo(c) };
  return auditContext(c);
}

const ACCESS_NOTE = "Server and admin access; client access for a member of the team holding `$update_team` (a team admin).";

const listRoute = authenticatedRoute(CLIENT_AND_UP, ["TEAM_NOT_FOUND"], {
  operationId: "listSsoPortalLinks",
  method: "get",
  path: "/teams/{team_id}/sso-portal-links",
  tags: ["SSO"],
  summary: "List a team's SSO set-up links",
  description: `Newest first, revoked and expired ones too. ${ACCESS_NOTE}`,
  request: { params: TeamParam },
  responses: { 200: jsonResponse(z.object({ items: z.array(SsoPortalLinkSchema) }).openapi("SsoPortalLinkList"), "The team's links") },
}, TEAM_ADMIN);

const createRoute = authenticatedRoute(CLIENT_AND_UP, ["TEAM_NOT_FOUND"], {
  operationId: "createSsoPortalLink",
  method: "post",
  path: "/teams/{team_id}/sso-portal-links",
  tags: ["SSO"],
  summary: "Make a self-serve SSO set-up link for a team",
  description:
    "Whoever opens the answered `url` configures the team's SSO connections, domains and SCIM directory and tests a sign-in, " +
    `without access to the project's dashboard, until the link expires or is revoked. The token is shown once. ${ACCESS_NOTE}`,
  request: {
    params: TeamParam,
    body: jsonBody(
      z
        .strictObject({
          expires_in_millis: z
            .number()
            .int()
            .min(PORTAL_LINK_MIN_LIFETIME_MS)
            .max(PORTAL_LINK_MAX_LIFETIME_MS)
            .optional()
            .openapi({ description: `How long the link works; default ${PORTAL_LINK_DEFAULT_LIFETIME_MS} (7 days), at most 30 days.` }),
        })
        .openapi("SsoPortalLinkCreate"),
    ),
  },
  responses: { 201: jsonResponse(CreatedSsoPortalLinkSchema, "The link, with its token (shown this once)") },
}, TEAM_ADMIN);

const revokeRoute = authenticatedRoute(CLIENT_AND_UP, ["TEAM_NOT_FOUND", "SSO_PORTAL_LINK_NOT_FOUND"], {
  operationId: "revokeSsoPortalLink",
  method: "delete",
  path: "/teams/{team_id}/sso-portal-links/{link_id}",
  tags: ["SSO"],
  summary: "Revoke an SSO set-up link",
  description: `It stops working at once. ${ACCESS_NOTE}`,
  request: { params: LinkParams },
  responses: { 200: jsonResponse(SuccessSchema, "Revoked") },
}, TEAM_ADMIN);

export function registerSsoPortalLinkRoutes(router: Router): void {
  router.openapi(listRoute, async (c) => {
    const links = await listPortalLinks(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id);
    return c.json({ items: links.map(linkJson) }, 200);
  });

  router.openapi(createRoute, async (c) => {
    const made = await createPortalLink(c.var.deps, c.var.auth.tenancy, c.req.valid("param").team_id, { expiresInMillis: c.req.valid("json").expires_in_millis }, linkAuditContext(c));
    return c.json({ ...linkJson(made.link), token: made.token, url: made.url }, 201);
  });

  router.openapi(revokeRoute, async (c) => {
    const { team_id, link_id } = c.req.valid("param");
    await revokePortalLink(c.var.deps, c.var.auth.tenancy, team_id, link_id, linkAuditContext(c));
    return c.json({ success: true as const }, 200);
  });
}
