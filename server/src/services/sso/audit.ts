import type { AuditEventInput } from "../audit-log/record";
import type { ClientInfo } from "../sessions/client-info";

/**
 * Who changes a team's SSO settings, for the audit log (the project's server or admin, a team
 * administrator, or a set-up link's holder), and where the request came from.
 */
export interface SsoAuditContext {
  actor: NonNullable<AuditEventInput["actor"]>;
  client: ClientInfo | null;
}
