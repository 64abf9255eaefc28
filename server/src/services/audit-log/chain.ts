/**
 * The hash chain of the audit log. Each event's hash is SHA-256 over a canonical
 * serialisation of every stored field (project, branch, seq, id, time, action, actor, target,
 * team, IP, user agent, details) followed by the previous event's hash. Changing any column
 * of an event changes its hash; deleting or reordering events breaks the next event's link
 * (its prev_hash, or its seq, which is hashed too); the chain head row pins the last event, so
 * cutting the tail is seen as well. An attacker who can rewrite the whole table and the head
 * can forge a consistent chain: the chain proves the log was not edited piecemeal, and an
 * exported copy or webhook receiver holding a later hash proves more.
 */
import { createHash } from "node:crypto";
import type { Tenant } from "../../db/queries/tenant";
import type { AuditEvent } from "../../domain/audit-events";

/** The prev_hash of a chain's first event. */
export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every depth, so equal values always serialise the same way. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, item]) => item !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(",")}}`;
}

/** The hash an event must carry, given its fields and its prevHash. */
export function auditEventHash(tenant: Tenant, event: Omit<AuditEvent, "hash">): string {
  const fields = [
    tenant.projectId,
    tenant.branchId,
    event.seq,
    event.id,
    new Date(event.createdAtMillis).toISOString(),
    event.action,
    event.actor.type,
    event.actor.id,
    event.target?.type ?? null,
    event.target?.id ?? null,
    event.teamId,
    event.ip,
    event.userAgent,
    event.details,
    event.prevHash,
  ];
  return createHash("sha256").update(canonicalJson(fields)).digest("hex");
}
