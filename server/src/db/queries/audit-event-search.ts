/**
 * Pages of a branch's audit log, newest first, keyset-paged on seq. Every filter is answered
 * by one of migration 0102's indexes read backwards from the page's upper seq bound, so a
 * page costs about the same however many events the log holds:
 * - a time range is first turned into a seq range (created_at never decreases along seq) with
 *   audit_events_time, two index probes;
 * - a user is the actor or the target: the newest `limit` of each index, merged;
 * - an action list (an action, or every action under a prefix): the newest `limit` of each
 *   action from audit_events_action, merged;
 * - a team alone reads audit_events_team; no filter reads the primary key.
 */
import type { AuditAction, AuditEvent } from "../../domain/audit-events";
import type { Queryable } from "../db";
import { AUDIT_EVENT_COLUMNS, toAuditEvent, type AuditEventRow } from "./audit-events";
import type { Tenant } from "./tenant";

export interface AuditEventFilter {
  /** Events where this user is the actor or the target. */
  userId?: string;
  teamId?: string;
  /** Events whose action is one of these (an empty list matches nothing). */
  actions?: readonly AuditAction[];
  fromMillis?: number;
  toMillis?: number;
}

export interface AuditEventPageRequest {
  limit: number;
  /** Only events before this seq (the previous page's last). */
  beforeSeq?: number;
}

/** The seq range a time range covers; null when no event falls in it. */
async function seqRange(q: Queryable, tenant: Tenant, filter: AuditEventFilter): Promise<{ low: number; high: number } | null> {
  let low = 1;
  let high = Number.MAX_SAFE_INTEGER;
  if (filter.fromMillis !== undefined) {
    const rows = await q.query<{ seq: string }>(
      `SELECT seq FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND created_at >= $3 ORDER BY created_at, seq LIMIT 1`,
      [tenant.projectId, tenant.branchId, new Date(filter.fromMillis)],
    );
    if (!rows[0]) return null;
    low = Number(rows[0].seq);
  }
  if (filter.toMillis !== undefined) {
    const rows = await q.query<{ seq: string }>(
      `SELECT seq FROM audit_events WHERE project_id = $1 AND branch_id = $2 AND created_at <= $3 ORDER BY created_at DESC, seq DESC LIMIT 1`,
      [tenant.projectId, tenant.branchId, new Date(filter.toMillis)],
    );
    if (!rows[0]) return null;
    high = Number(rows[0].seq);
  }
  return low <= high ? { low, high } : null;
}

export async function listAuditEventPage(q: Queryable, tenant: Tenant, filter: AuditEventFilter, page: AuditEventPageRequest): Promise<AuditEvent[]> {
  if (filter.actions && filter.actions.length === 0) return [];
  const range = await seqRange(q, tenant, filter);
  if (!range) return [];
  const high = page.beforeSeq === undefined ? range.high : Math.min(range.high, page.beforeSeq - 1);
  if (high < range.low) return [];

  const params: unknown[] = [tenant.projectId, tenant.branchId, range.low, high, page.limit];
  const param = (value: unknown) => (params.push(value), `$${params.length}`);
  const common = ["e.project_id = $1", "e.branch_id = $2", "e.seq >= $3::bigint", "e.seq <= $4::bigint"];
  if (filter.teamId !== undefined) common.push(`e.team_id = ${param(filter.teamId)}`);
  const select = (conditions: string[]) =>
    `SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e WHERE ${[...common, ...conditions].join(" AND ")} ORDER BY e.seq DESC LIMIT $5`;

  let sql: string;
  if (filter.userId !== undefined) {
    const user = param(filter.userId);
    const actions = filter.actions ? [`e.action = ANY(${param(filter.actions)}::text[])`] : [];
    sql = `SELECT * FROM ((${select([`e.actor_id = ${user}`, ...actions])}) UNION (${select([`e.target_id = ${user}`, ...actions])})) e ORDER BY e.seq DESC LIMIT $5`;
  } else if (filter.actions && filter.teamId === undefined) {
    const actions = param(filter.actions);
    sql = `SELECT e.* FROM unnest(${actions}::text[]) AS a(action)
           CROSS JOIN LATERAL (${select(["e.action = a.action"])}) e
           ORDER BY e.seq DESC LIMIT $5`;
  } else {
    sql = select(filter.actions ? [`e.action = ANY(${param(filter.actions)}::text[])`] : []);
  }
  const rows = await q.query<AuditEventRow>(sql, params);
  return rows.map(toAuditEvent);
}
