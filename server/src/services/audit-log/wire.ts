import type { AuditEvent } from "../../domain/audit-events";

/** An audit event as the API, the export and the `audit_event.created` webhook carry it. */
export function toAuditEventWire(event: AuditEvent) {
  return {
    id: event.id,
    seq: event.seq,
    created_at_millis: event.createdAtMillis,
    action: event.action,
    actor: event.actor,
    target: event.target,
    team_id: event.teamId,
    ip: event.ip,
    user_agent: event.userAgent,
    details: event.details,
    prev_hash: event.prevHash,
    hash: event.hash,
  };
}
