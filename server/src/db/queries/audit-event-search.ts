/**
 * Pages of a branch's audit log, newest first, keyset-paged on seq. Every filter is answered
 * by one of migration 0102's indexes read backwards from the page's upper seq bound, so a
 * page costs about the same however many events the log holds:
 * - a time range is turned into a seq range (created_at never decreases along seq) with
 *   audit_events_time, two index probes in the same statement;
 * - a user is the actor or the target: the newest `limit` of each index, merged;
 * - an action list (an action, or every action under a prefix): the newest `limit` of each
 *   action from audit_events_action, merged;
 * - a team alone reads audit_events_team; no filter reads the primary key.
 */
import type { AuditAction, AuditEvent } from "../../domain/audit-events";
import type { Queryable } from "../db";
import { UNNAMED_STATEMENT } from "../prepared-statements";
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

/**
 * The seq bounds of the filter's time range, as SQL evaluated once per statement (init plans
 * over audit_events_time), so a time-filtered page is still one round trip. An empty range
 * gives bounds that cross, and the page is empty.
 */
function seqBounds(filter: AuditEventFilter, param: (value: unknown) => string): { low: string; high: string } {
  const scope = "t.project_id = $1 AND t.branch_id = $2";
  const low =
    filter.fromMillis === undefined
      ? "1"
      : `COALESCE((SELECT t.seq FROM audit_events t WHERE ${scope} AND t.created_at >= ${param(new Date(filter.fromMillis))} ORDER BY t.created_at, t.seq LIMIT 1), ${Number.MAX_SAFE_INTEGER})`;
  const high =
    filter.toMillis === undefined
      ? `${Number.MAX_SAFE_INTEGER}`
      : `COALESCE((SELECT t.seq FROM audit_events t WHERE ${scope} AND t.created_at <= ${param(new Date(filter.toMillis))} ORDER BY t.created_at DESC, t.seq DESC LIMIT 1), 0)`;
  return { low, high };
}

export async function listAuditEventPage(q: Queryable, tenant: Tenant, filter: AuditEventFilter, page: AuditEventPageRequest): Promise<AuditEvent[]> {
  if (filter.actions && filter.actions.length === 0) return [];
  const params: unknown[] = [tenant.projectId, tenant.branchId, page.limit, page.beforeSeq ?? Number.MAX_SAFE_INTEGER];
  const param = (value: unknown) => (params.push(value), `$${params.length}`);
  const { low, high } = seqBounds(filter, param);
  const common = ["e.project_id = $1", "e.branch_id = $2", "e.seq < $4::bigint", `e.seq >= ${low}`, `e.seq <= ${high}`];
  if (filter.teamId !== undefined) common.push(`e.team_id = ${param(filter.teamId)}`);
  const select = (conditions: string[]) =>
    `SELECT ${AUDIT_EVENT_COLUMNS} FROM audit_events e WHERE ${[...common, ...conditions].join(" AND ")} ORDER BY e.seq DESC LIMIT $3`;

  let sql: string;
  if (filter.userId !== undefined) {
    const user = param(filter.userId);
    const actions = filter.actions ? [`e.action = ANY(${param(filter.actions)}::text[])`] : [];
    sql = `SELECT * FROM ((${select([`e.actor_id = ${user}`, ...actions])}) UNION (${select([`e.target_id = ${user}`, ...actions])})) e ORDER BY e.seq DESC LIMIT $3`;
  } else if (filter.actions && filter.teamId === undefined) {
    const actions = param(filter.actions);
    sql = `SELECT e.* FROM unnest(${actions}::text[]) AS a(action)
           CROSS JOIN LATERAL (${select(["e.action = a.action"])}) e
           ORDER BY e.seq DESC LIMIT $3`;
  } else {
    sql = select(filter.actions ? [`e.action = ANY(${param(filter.actions)}::text[])`] : []);
  }
  // Planned with its values every time: a prepared statement's generic plan knows neither the
  // page size nor how many events a user, team or action has, and at ten million events it
  // chose bitmap scans and sorts over the ordered index scans a page needs.
  const rows = await q.query<AuditEventRow>(UNNAMED_STATEMENT + sql, params);
  return rows.map(toAuditEvent);
}
