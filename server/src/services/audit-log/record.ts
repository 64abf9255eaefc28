/**
 * Recording audit events. An event is appended in the transaction of the action it records,
 * so it commits or rolls back with it; a refusal that must be on record although the request
 * fails (a failed sign-in) is recorded with `deps.db`, in a transaction of its own.
 *
 * Appending locks the branch's chain head until the transaction ends: audited writes of one
 * project branch commit one after another. Record the event as the transaction's last step,
 * so the lock is held briefly and taken after the action's own row locks.
 */
import { newId } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import { appendAuditEvent, lockAuditChainHead } from "../../db/queries/audit-events";
import type { AuditAction, AuditEvent } from "../../domain/audit-events";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import type { ClientInfo } from "../sessions/client-info";
import { currentRequest } from "../../request-context";
import { recordWebhookEvent } from "../webhooks/events";
import { auditEventHash } from "./chain";
import { toAuditEventWire } from "./wire";

export interface AuditEventInput {
  tenancy: Tenancy;
  action: AuditAction;
  actor: { type: "user" | "admin" | "server" | "scim" | "sso" | "sso_portal" | "system"; id: string | null };
  target?: { type: string; id: string } | null;
  teamId?: string | null;
  /** The caller's address and user agent; left out, the request's own (null: none). */
  client?: ClientInfo | null;
  details?: Record<string, unknown>;
}

export type AuditActor = AuditEventInput["actor"];

/**
 * Whoever the request being handled was made by (http/access.ts notes it): a user, a project
 * owner on the dashboard (admin), a key (server, admin); Gatehouse itself outside a request.
 */
export function requestActor(): AuditActor {
  return currentRequest()?.caller?.actor ?? { type: "system", id: null };
}

/** Records `action` on `target`, done by the request's caller: the common case of the services' events. */
export function recordCallerEvent(
  deps: Pick<ServiceDeps, "db">,
  q: Queryable,
  tenancy: Tenancy,
  action: AuditAction,
  target: { type: string; id: string } | null,
  more: Pick<AuditEventInput, "teamId" | "details"> = {},
): Promise<AuditEvent> {
  return recordAuditEvent(deps, q, { tenancy, action, actor: requestActor(), target, ...more });
}

/** User agents are kept to this many characters; the rest says nothing an audit needs. */
const USER_AGENT_MAX = 512;

/**
 * Appends the event to its project branch's chain. `q` is the caller's transaction, or
 * `deps.db` for an event that stands alone.
 */
export async function recordAuditEvent(deps: Pick<ServiceDeps, "db">, q: Queryable, event: AuditEventInput): Promise<AuditEvent> {
  if (q === deps.db) return deps.db.transaction((tx) => append(tx, event));
  return append(q, event);
}

async function append(tx: Queryable, input: AuditEventInput): Promise<AuditEvent> {
  const tenant = { projectId: input.tenancy.projectId, branchId: input.tenancy.branchId };
  const client = input.client === undefined ? (currentRequest()?.caller?.client() ?? null) : input.client;
  const head = await lockAuditChainHead(tx, tenant);
  const unhashed: Omit<AuditEvent, "hash"> = {
    seq: head.lastSeq + 1,
    id: newId(),
    // Never earlier than the event before it, whatever the clocks of the processes say: a time
    // range is then a seq range (see db/queries/audit-events.ts).
    createdAtMillis: Math.max(Date.now(), head.lastCreatedAtMillis ?? 0),
    action: input.action,
    actor: { type: input.actor.type, id: input.actor.id },
    target: input.target ? { type: input.target.type, id: input.target.id } : null,
    teamId: input.teamId ?? null,
    ip: client?.ip ?? null,
    userAgent: client?.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
    // A JSON round trip drops undefined and whatever jsonb would not keep as it was.
    details: JSON.parse(JSON.stringify(input.details ?? {})) as Record<string, unknown>,
    prevHash: head.lastHash,
  };
  const event: AuditEvent = { ...unhashed, hash: auditEventHash(tenant, unhashed) };
  await appendAuditEvent(tx, tenant, event);
  await recordWebhookEvent(tx, input.tenancy, "audit_event.created", () => toAuditEventWire(event));
  return event;
}
