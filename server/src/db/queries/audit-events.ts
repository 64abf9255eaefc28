import type { AuditAction, AuditActorType, AuditEvent } from "../../domain/audit-events";
import type { Queryable } from "../db";
import { toMillis } from "./rows";
import type { Tenant } from "./tenant";

export interface AuditEventRow {
  seq: string | number;
  id: string;
  created_at: Date | string;
  action: string;
  actor_type: string;
  actor_id: string | null;
  target_type: string | null;
  target_id: string | null;
  team_id: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | null;
  prev_hash: string;
  hash: string;
}

export const AUDIT_EVENT_COLUMNS =
  "e.seq, e.id, e.created_at, e.action, e.actor_type, e.actor_id, e.target_type, e.target_id, e.team_id, e.ip, e.user_agent, e.details, e.prev_hash, e.hash";

export function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    seq: Number(row.seq),
    id: row.id,
    createdAtMillis: toMillis(row.created_at),
    action: row.action as AuditAction,
    actor: { type: row.actor_type as AuditActorType, id: row.actor_id },
    target: row.target_type !== null && row.target_id !== null ? { type: row.target_type, id: row.target_id } : null,
    teamId: row.team_id,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details ?? {},
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

/** Where a branch's chain stands: its last event, and the checkpoint retention left behind. */
export interface AuditChainHead {
  lastSeq: number;
  lastHash: string;
  lastCreatedAtMillis: number | null;
  checkpointSeq: number;
  checkpointHash: string;
}

interface ChainHeadRow {
  last_seq: string | number;
  last_hash: string;
  last_created_at: Date | string | null;
  checkpoint_seq: string | number;
  checkpoint_hash: string;
}

const toChainHead = (row: ChainHeadRow): AuditChainHead => ({
  lastSeq: Number(row.last_seq),
  lastHash: row.last_hash,
  lastCreatedAtMillis: row.last_created_at === null ? null : toMillis(row.last_created_at),
  checkpointSeq: Number(row.checkpoint_seq),
  checkpointHash: row.checkpoint_hash,
});

const HEAD_COLUMNS = "last_seq, last_hash, last_created_at, checkpoint_seq, checkpoint_hash";

/**
 * The branch's chain head, created on first use, locked until the transaction ends: the one
 * place writers queue, so two of them never append after the same event. The no-op update
 * takes the row lock and, after waiting for another writer, returns what it committed.
 */
export async function lockAuditChainHead(tx: Queryable, tenant: Tenant): Promise<AuditChainHead> {
  const rows = await tx.query<ChainHeadRow>(
    `INSERT INTO audit_chain_heads AS h (project_id, branch_id) VALUES ($1, $2)
     ON CONFLICT (project_id, branch_id) DO UPDATE SET last_seq = h.last_seq
     RETURNING ${HEAD_COLUMNS}`,
    [tenant.projectId, tenant.branchId],
  );
  return toChainHead(rows[0]!);
}

/** The chain head as committed, without locking; null when the branch never recorded an event. */
export async function findAuditChainHead(q: Queryable, tenant: Tenant): Promise<AuditChainHead | null> {
  const rows = await q.query<ChainHeadRow>(
    `SELECT ${HEAD_COLUMNS} FROM audit_chain_heads WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId],
  );
  return rows[0] ? toChainHead(rows[0]) : null;
}

/** Appends the event (its seq and hashes computed under the head lock) and moves the head to it. */
export async function appendAuditEvent(tx: Queryable, tenant: Tenant, event: AuditEvent): Promise<void> {
  await tx.query(
    `INSERT INTO audit_events (project_id, branch_id, seq, id, created_at, action, actor_type, actor_id, target_type, target_id,
       team_id, ip, user_agent, details, prev_hash, hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14::jsonb, $15, $16)`,
    [
      tenant.projectId,
      tenant.branchId,
      event.seq,
      event.id,
      new Date(event.createdAtMillis),
      event.action,
      event.actor.type,
      event.actor.id,
      event.target?.type ?? null,
      event.target?.id ?? null,
      event.teamId,
      event.ip,
      event.userAgent,
      JSON.stringify(event.details),
      event.prevHash,
      event.hash,
    ],
  );
  await tx.query(
    `UPDATE audit_chain_heads SET last_seq = $3, last_hash = $4, last_created_at = $5 WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId, event.seq, event.hash, new Date(event.createdAtMillis)],
  );
}

/**
 * Makes the rest of the transaction read one snapshot, so the head and every page of events
 * verification reads agree; the transaction's first statement.
 */
export async function readAuditChainAsOneSnapshot(tx: Queryable): Promise<void> {
  await tx.query("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ");
}

/** Up to `limit` events after `afterSeq`, in chain order (verification reads the chain with it). */
export async function listAuditChain(q: Queryable, tenant: Tenant, afterSeq: number, limit: number): Promise<AuditEvent[]> {
  const rows = await q.query<AuditEventRow>(
    `SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e
     WHERE e.project_id = $1 AND e.branch_id = $2 AND e.seq > $3::bigint
     ORDER BY e.seq LIMIT $4`,
    [tenant.projectId, tenant.branchId, afterSeq, limit],
  );
  return rows.map(toAuditEvent);
}

/** The chain head locked for retention; null when the branch has no chain. */
export async function lockExistingAuditChainHead(tx: Queryable, tenant: Tenant): Promise<AuditChainHead | null> {
  const rows = await tx.query<ChainHeadRow>(
    `SELECT ${HEAD_COLUMNS} FROM audit_chain_heads WHERE project_id = $1 AND branch_id = $2 FOR UPDATE`,
    [tenant.projectId, tenant.branchId],
  );
  return rows[0] ? toChainHead(rows[0]) : null;
}

/** Every branch that has an audit chain, for the retention sweep. */
export async function listAuditChains(q: Queryable): Promise<Tenant[]> {
  const rows = await q.query<{ project_id: string; branch_id: string }>("SELECT project_id, branch_id FROM audit_chain_heads ORDER BY project_id, branch_id");
  return rows.map((row) => ({ projectId: row.project_id, branchId: row.branch_id }));
}

/**
 * Deletes the oldest events created before `cutoff`, up to `limit` of them, and moves the
 * checkpoint to the last one deleted, so the chain still verifies from there. Call with the
 * head locked (lockExistingAuditChainHead). Answers how many were deleted.
 */
export async function deleteAuditEventsBefore(tx: Queryable, tenant: Tenant, cutoff: Date, limit: number): Promise<number> {
  const doomed = await tx.query<{ seq: string; hash: string }>(
    `SELECT seq, hash FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND created_at < $3 ORDER BY created_at, seq LIMIT $4`,
    [tenant.projectId, tenant.branchId, cutoff, limit],
  );
  const last = doomed[doomed.length - 1];
  if (!last) return 0;
  await tx.query("DELETE FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND seq <= $3::bigint", [tenant.projectId, tenant.branchId, last.seq]);
  await tx.query("UPDATE audit_chain_heads SET checkpoint_seq = $3, checkpoint_hash = $4 WHERE project_id = $1 AND branch_id = $2", [
    tenant.projectId,
    tenant.branchId,
    last.seq,
    last.hash,
  ]);
  return doomed.length;
}
