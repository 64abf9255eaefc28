import type { Context, Handler } from "hono";
import type { KnownErrorCode } from "../errors";
import { requireMemberWithPermissions } from "../services/teams/team-permission-check";
import { refuseClientFields, requireUser } from "./access";
import type { AppEnv } from "./env";

/**
 * Route options (`authenticatedRoute(..., rules)`) for what client access may do on a route
 * that server and admin access use freely. The router checks them after validation, before
 * the handler, in this order: body fields first (a malformed request is refused as such),
 * then the team permission.
 */
export interface ClientAccessRules {
  /** Body fields only server and admin access may set; a client sending one gets SCHEMA_ERROR. */
  serverOnlyFields?: readonly string[];
  /** The signed-in user must be a member of the team the request names and hold every permission listed. */
  clientTeamPermission?: {
    /** Where the request names the team: its validated `team_id` path parameter, query parameter or body field. */
    teamIdIn: "param" | "query" | "json";
    permissions: readonly string[];
  };
}

/** What the team permission check can answer; declared in the route's responses. */
export const CLIENT_TEAM_PERMISSION_ERRORS: readonly KnownErrorCode[] = [
  "USER_AUTHENTICATION_REQUIRED",
  "TEAM_NOT_FOUND",
  "TEAM_MEMBERSHIP_NOT_FOUND",
  "TEAM_PERMISSION_REQUIRED",
];

type ValidTarget = "param" | "query" | "json";

export function checkingClientAccessRules(rules: ClientAccessRules, handler: Handler<AppEnv>): Handler<AppEnv> {
  return async (c: Context<AppEnv>, next) => {
    const auth = c.var.auth;
    if (auth.type === "client") {
      const valid = (target: ValidTarget) => (c.req.valid as (t: ValidTarget) => Record<string, unknown>).call(c.req, target);
      if (rules.serverOnlyFields) refuseClientFields(auth, valid("json"), rules.serverOnlyFields);
      const team = rules.clientTeamPermission;
      if (team) {
        const teamId = valid(team.teamIdIn).team_id as string;
        await requireMemberWithPermissions(c.var.deps, auth.tenancy, teamId, requireUser(auth).sub, team.permissions);
      }
    }
    return handler(c, next);
  };
}
