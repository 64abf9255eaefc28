/**
 * The audit log as users see it: their own "Security activity" (events where they acted or
 * were acted on), and a team's events for its admins. A team admin is a member holding
 * `$update_team` (the starter `team_admin` permission contains it): whoever may change the
 * team may see what was done in it. Reusing it, rather than a system permission of our own,
 * keeps the team permission list Stack Auth's SDKs know.
 */
import type { AuditEvent } from "../../domain/audit-events";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { listAuditEvents, type AuditEventPage, type AuditLogQuery } from "./search";

export const TEAM_AUDIT_LOG_PERMISSION = "$update_team";

type Filters = Omit<AuditLogQuery, "userId" | "teamId">;

/**
 * The user's own events. An event's address and user agent are the actor's, so they are shown
 * only where the actor is the user, or an anonymous caller acting on the user's account: a
 * refused password or code (auth.sign_in.failed), where the address is what tells the user
 * where an attempt on their credentials came from. An admin, a key, a directory or another
 * user acting on the account keeps their address and device to themselves.
 */
export async function listOwnSecurityActivity(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  filters: Filters,
  page: { limit: number; cursor?: string },
): Promise<AuditEventPage> {
  const found = await listAuditEvents(deps, tenancy, { ...filters, userId }, page);
  return { ...found, items: found.items.map((event) => (clientShownTo(event, userId) ? event : { ...event, ip: null, userAgent: null })) };
}

function clientShownTo(event: AuditEvent, userId: string): boolean {
  return event.actor.type === "user" && (event.actor.id === userId || event.actor.id === null);
}

/** The app's own side: the dashboard, server-key code and Gatehouse itself. */
const OPERATOR_ACTORS: ReadonlySet<AuditEvent["actor"]["type"]> = new Set(["admin", "server", "system"]);

/**
 * A team's events (the route admits a client only as a member holding TEAM_AUDIT_LOG_PERMISSION).
 * Read by a team admin (`asTeamAdmin`), the address and device of the app's operators stay
 * theirs, as in a user's own activity; the team's members, directory, IdP and set-up links keep
 * them, since those are the organisation's own people and systems. The server reads them all.
 */
export async function listTeamAuditEvents(
  deps: ServiceDeps,
  tenancy: Tenancy,
  teamId: string,
  filters: Filters,
  page: { limit: number; cursor?: string },
  asTeamAdmin: boolean,
): Promise<AuditEventPage> {
  const found = await listAuditEvents(deps, tenancy, { ...filters, teamId }, page);
  if (!asTeamAdmin) return found;
  return { ...found, items: found.items.map((event) => (OPERATOR_ACTORS.has(event.actor.type) ? { ...event, ip: null, userAgent: null } : event)) };
}
