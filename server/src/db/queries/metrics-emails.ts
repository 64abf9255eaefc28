import type { Queryable } from "../db";
import { SIMPLE_STATUS_CONDITIONS, WIRE_STATUS_CONDITIONS, type WireOutboxStatus } from "./email-outbox";
import type { Tenant } from "./tenant";

export interface EmailTotals {
  ok: number;
  error: number;
  inProgress: number;
  bounced: number;
  /** Messages whose sending finished, delivered or not. */
  finishedSending: number;
}

const FINISHED_SENDING = [WIRE_STATUS_CONDITIONS.sent, WIRE_STATUS_CONDITIONS.bounced, WIRE_STATUS_CONDITIONS["server-error"]].map((c) => `(${c})`).join(" OR ");

/** The project's outbox by Stack Auth's simple statuses, in one pass over its rows. */
export async function countEmails(q: Queryable, tenant: Tenant): Promise<EmailTotals> {
  const [row] = await q.query<Record<string, string>>(
    `SELECT count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS.ok}) AS ok,
       count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS.error}) AS error,
       count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS["in-progress"]}) AS in_progress,
       count(*) FILTER (WHERE ${WIRE_STATUS_CONDITIONS.bounced}) AS bounced,
       count(*) FILTER (WHERE ${FINISHED_SENDING}) AS finished_sending
     FROM email_outbox WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId],
  );
  return {
    ok: Number(row?.ok ?? 0),
    error: Number(row?.error ?? 0),
    inProgress: Number(row?.in_progress ?? 0),
    bounced: Number(row?.bounced ?? 0),
    finishedSending: Number(row?.finished_sending ?? 0),
  };
}

export interface EmailDay {
  day: string;
  ok: number;
  error: number;
  inProgress: number;
}

/** Messages queued per UTC day from `since`, by simple status, along the created-at index. */
export async function countEmailsByDay(q: Queryable, tenant: Tenant, since: string): Promise<EmailDay[]> {
  const rows = await q.query<{ day: string; ok: string; error: string; in_progress: string }>(
    `SELECT to_char((created_at AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS day,
       count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS.ok}) AS ok,
       count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS.error}) AS error,
       count(*) FILTER (WHERE ${SIMPLE_STATUS_CONDITIONS["in-progress"]}) AS in_progress
     FROM email_outbox WHERE project_id = $1 AND branch_id = $2 AND created_at >= ($3::date AT TIME ZONE 'UTC')
     GROUP BY 1`,
    [tenant.projectId, tenant.branchId, since],
  );
  return rows.map((row) => ({ day: row.day, ok: Number(row.ok), error: Number(row.error), inProgress: Number(row.in_progress) }));
}

export interface RecentEmailRow {
  id: string;
  status: WireOutboxStatus;
  /** As stored: sealed when `sealed`; null until rendered. */
  subject: string | null;
  sealed: boolean;
  createdAtMillis: number;
}

// The wire statuses' conditions are disjoint; the first that holds names the row's status.
const WIRE_STATUS_CASE = `CASE ${Object.entries(WIRE_STATUS_CONDITIONS)
  .filter(([, condition]) => condition !== "false")
  .map(([status, condition]) => `WHEN ${condition} THEN '${status}'`)
  .join(" ")} END`;

/** The newest messages, newest first. */
export async function findRecentEmails(q: Queryable, tenant: Tenant, limit: number): Promise<RecentEmailRow[]> {
  const rows = await q.query<{ id: string; status: WireOutboxStatus; subject: string | null; sealed: boolean; created_at: Date }>(
    `SELECT id, ${WIRE_STATUS_CASE} AS status, subject, sealed, created_at FROM email_outbox
     WHERE project_id = $1 AND branch_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [tenant.projectId, tenant.branchId, limit],
  );
  return rows.map((row) => ({ id: row.id, status: row.status, subject: row.subject, sealed: row.sealed, createdAtMillis: new Date(row.created_at).getTime() }));
}
