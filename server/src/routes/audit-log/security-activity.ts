import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listOwnSecurityActivity, listTeamAuditEvents, TEAM_AUDIT_LOG_PERMISSION } from "../../services/audit-log/scoped-reads";
import { AuditEventListSchema, AuditFilterQuery, AuditPageQuery, DEFAULT_AUDIT_PAGE, pageWire, toAuditQuery } from "./schemas";

const TAGS = ["Audit log"];

const listOwnSecurityActivityRoute = authenticatedRoute(CLIENT_AND_UP, ["USER_AUTHENTICATION_REQUIRED", "AUDIT_LOG_FILTER_INVALID"], {
  operationId: "listOwnSecurityActivity",
  method: "get",
  path: "/audit-log/me",
  tags: TAGS,
  summary: "The signed-in user's security activity, newest first",
  description:
    "Audit events where the signed-in user is the actor or the target: sign-ins (and failed ones), sign-outs, second-factor, " +
    "password and e-mail changes, sessions ended, keys, permissions and team memberships. Needs the user's access token. " +
    "`ip` and `user_agent` are shown for what the user did and for refused sign-ins on their account; they are null where an admin, a key " +
    "or another user acted.",
  request: { query: AuditFilterQuery.merge(AuditPageQuery) },
  responses: { 200: jsonResponse(AuditEventListSchema, "A page of events") },
});

const listTeamAuditEventsRoute = authenticatedRoute(CLIENT_AND_UP, ["AUDIT_LOG_FILTER_INVALID"], {
  operationId: "listTeamAuditEvents",
  method: "get",
  path: "/audit-log/teams/{team_id}",
  tags: TAGS,
  summary: "A team's audit events, newest first",
  description:
    `With client access the signed-in user must be a member of the team holding \`${TEAM_AUDIT_LOG_PERMISSION}\` (its admins), and \`ip\` and ` +
    "`user_agent` are null where the actor is the app's side (`admin`, `server`, `system`); server and admin access read them all.",
  request: {
    params: z.object({ team_id: z.uuid().openapi({ param: { name: "team_id", in: "path" } }) }),
    query: AuditFilterQuery.merge(AuditPageQuery),
  },
  responses: { 200: jsonResponse(AuditEventListSchema, "A page of events") },
}, { clientTeamPermission: { teamIdIn: "param", permissions: [TEAM_AUDIT_LOG_PERMISSION] } });

export function registerSecurityActivityRoutes(router: Router): void {
  router.openapi(listOwnSecurityActivityRoute, async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("query");
    const user = requireUser(c.var.auth);
    const page = await listOwnSecurityActivity(c.var.deps, c.var.auth.tenancy, user.sub, toAuditQuery(filters), { limit: limit ?? DEFAULT_AUDIT_PAGE, cursor });
    return c.json(pageWire(page), 200);
  });

  router.openapi(listTeamAuditEventsRoute, async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("query");
    const page = await listTeamAuditEvents(
      c.var.deps,
      c.var.auth.tenancy,
      c.req.valid("param").team_id,
      toAuditQuery(filters),
      { limit: limit ?? DEFAULT_AUDIT_PAGE, cursor },
      c.var.auth.type === "client",
    );
    return c.json(pageWire(page), 200);
  });
}
