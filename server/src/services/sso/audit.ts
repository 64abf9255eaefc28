import type { AuditEventInput } from "../audit-log/record";
import type { ClientInfo } from "../sessions/client-info";

/**
 * Who changes a team's SSO settings, for the audit log: the project's server or admin today, a
 * team administrator through a set-up portal later, and where the request came from.
 */
export interface SsoAuditContext {
  actor: AuditEventInput["actor"];
  client: ClientInfo | null;
}
