import type { AttemptError, OutboxMessage, OutboxSourceKind, OutboxStatus } from "../../domain/email-outbox";
import type { Queryable } from "../db";
import { toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";


/** Statuses a worker may claim (when due and not paused). */
export const PENDING_STATUSES: readonly OutboxStatus[] = ["queued", "scheduled", "rendering", "sending"];
/**
 * Statuses an admin may still edit or cancel: nothing has been handed to SMTP yet. Editing a
 * message a worker is rendering takes it back from the worker (see editOutboxEmail).
 */
export const EDITABLE_STATUSES: readonly OutboxStatus[] = ["queued", "scheduled", "rendering"];

/**
 * The outbox's statuses as Stack Auth's SDKs name them (GET /emails/outbox?status=), each as
 * a condition on a row: a message not yet rendered is `preparing`, a held one `paused`, a
 * failed try after rendering `server-error` and before it `render-error`.
 */
export const WIRE_STATUS_CONDITIONS = {
  paused: "paused AND status IN ('queued', 'scheduled')",
  preparing: "NOT paused AND status IN ('queued', 'scheduled') AND rendered_at IS NULL",
  queued: "NOT paused AND status = 'queued' AND rendered_at IS NOT NULL",
  scheduled: "NOT paused AND status = 'scheduled' AND rendered_at IS NOT NULL",
  rendering: "status = 'rendering'",
  sending: "status = 'sending'",
  sent: "status = 'sent'",
  bounced: "status = 'bounced'",
  "server-error": "status = 'failed' AND rendered_at IS NOT NULL",
  "render-error": "status = 'failed' AND rendered_at IS NULL",
  skipped: "status IN ('skipped', 'not_sent')",
  "delivery-delayed": "false",
  opened: "false",
  clicked: "false",
  "marked-as-spam": "false",
} as const;
export type WireOutboxStatus = keyof typeof WIRE_STATUS_CONDITIONS;

export const SIMPLE_STATUS_CONDITIONS = {
  "in-progress": "status IN ('queued', 'scheduled', 'rendering', 'sending')",
  ok: "status IN ('sent', 'skipped', 'not_sent')",
  error: "status IN ('failed', 'bounced')",
} as const;
export type SimpleOutboxStatus = keyof typeof SIMPLE_STATUS_CONDITIONS;

/** Subject and bodies as stored: sealed by the service, except in rows older than sealing; null until rendered. */
export interface OutboxContent {
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

interface OutboxRow {
  project_id: string;
  branch_id: string;
  id: string;
  to_address: string;
  subject: string | null;
  text_body: string | null;
  html_body: string | null;
  sealed: boolean;
  purpose: string;
  user_id: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: Date;
  updated_at: Date;
  sent_at: Date | null;
  attempts: number;
  next_attempt_at: Date | null;
  scheduled_at: Date | null;
  priority: number;
  source_kind: OutboxSourceKind | null;
  source: string | null;
  notification_category_id: string | null;
  draft_id: string | null;
  paused: boolean;
  rendered_at: Date | null;
  started_sending_at: Date | null;
  finished_at: Date | null;
  attempt_errors: AttemptError[] | string;
}

const COLUMN_LIST = [
  "project_id",
  "branch_id",
  "id",
  "to_address",
  "subject",
  "text_body",
  "html_body",
  "sealed",
  "purpose",
  "user_id",
  "status",
  "error",
  "created_at",
  "updated_at",
  "sent_at",
  "attempts",
  "next_attempt_at",
  "scheduled_at",
  "priority",
  "source_kind",
  "source",
  "notification_category_id",
  "draft_id",
  "paused",
  "rendered_at",
  "started_sending_at",
  "finished_at",
  "attempt_errors",
];
const COLUMNS = COLUMN_LIST.join(", ");
const columnsOf = (alias: string) => COLUMN_LIST.map((c) => `${alias}.${c}`).join(", ");

function toOutboxMessage(row: OutboxRow): OutboxMessage {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    textBody: row.text_body,
    htmlBody: row.html_body,
    sealed: row.sealed,
    purpose: row.purpose,
    userId: row.user_id,
    status: row.status,
    error: row.error,
    createdAtMillis: toMillis(row.created_at),
    updatedAtMillis: toMillis(row.updated_at),
    sentAtMillis: toMillisOrNull(row.sent_at),
    attempts: row.attempts,
    nextAttemptAtMillis: toMillisOrNull(row.next_attempt_at),
    scheduledAtMillis: toMillisOrNull(row.scheduled_at),
    priority: row.priority,
    sourceKind: row.source_kind,
    source: row.source,
    notificationCategoryId: row.notification_category_id,
    draftId: row.draft_id,
    paused: row.paused,
    renderedAtMillis: toMillisOrNull(row.rendered_at),
    startedSendingAtMillis: toMillisOrNull(row.started_sending_at),
    finishedAtMillis: toMillisOrNull(row.finished_at),
    attemptErrors: typeof row.attempt_errors === "string" ? (JSON.parse(row.attempt_errors) as AttemptError[]) : row.attempt_errors,
  };
}

/** A claimed row, with the tenant it belongs to (the worker serves every project). */
export interface ClaimedEmail extends OutboxMessage {
  projectId: string;
  branchId: string;
}

/** The NOTIFY channel a committed outbox row is announced on, waking every process's worker. */
export const EMAIL_OUTBOX_CHANNEL = "email_outbox";

export async function notifyOutbox(q: Queryable): Promise<void> {
  await q.query(`SELECT pg_notify('${EMAIL_OUTBOX_CHANNEL}', '')`);
}

/**
 * A ready-made message (auth mail) that this process tries at once: written already claimed
 * (status sending, first attempt, leased until `leaseMs` from now) so no worker takes it meanwhile.
 */
export async function insertOutboxEmail(
  q: Queryable,
  tenant: Tenant,
  email: OutboxContent & { id: string; to: string; purpose: string; userId: string | null; leaseMs: number; notificationCategoryId?: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, html_body, purpose, user_id, status, sealed,
                               attempts, next_attempt_at, rendered_at, started_sending_at, priority, notification_category_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'sending', true, 1, now() + $10::int * interval '1 millisecond', now(), now(), 1, $11)`,
    [
      tenant.projectId,
      tenant.branchId,
      email.id,
      email.to,
      email.subject,
      email.textBody,
      email.htmlBody,
      email.purpose,
      email.userId,
      email.leaseMs,
      email.notificationCategoryId ?? null,
    ],
  );
}

export interface QueuedEmail {
  id: string;
  to: string;
  userId: string;
  /** When it becomes due; later than now makes it `scheduled`. */
  dueAt: Date;
  scheduledAt: Date | null;
}

/** Several messages to render and send, one multi-row INSERT (the caller batches and runs it in a transaction). */
export async function insertQueuedEmails(
  q: Queryable,
  tenant: Tenant,
  common: { purpose: string; priority: number; sourceKind: OutboxSourceKind; notificationCategoryId: string | null; draftId: string | null },
  emails: ReadonlyArray<QueuedEmail & { source: string }>,
): Promise<void> {
  if (emails.length === 0) return;
  const now = Date.now();
  const params: unknown[] = [tenant.projectId, tenant.branchId, common.purpose, common.priority, common.sourceKind, common.notificationCategoryId, common.draftId];
  const values = emails.map((e) => {
    const at = params.length;
    params.push(e.id, e.to, e.userId, e.dueAt.getTime() > now ? "scheduled" : "queued", e.dueAt.toISOString(), e.scheduledAt?.toISOString() ?? null, e.source);
    return `($1, $2, $${at + 1}::uuid, $${at + 2}, $3, $${at + 3}::uuid, $${at + 4}, true, $${at + 5}::timestamptz, $${at + 6}::timestamptz, $4::int, $5, $${at + 7}, $6, $7)`;
  });
  await q.query(
    `INSERT INTO email_outbox (project_id, branch_id, id, to_address, purpose, user_id, status, sealed, next_attempt_at, scheduled_at, priority,
                               source_kind, source, notification_category_id, draft_id)
     VALUES ${values.join(", ")}`,
    params,
  );
}

/**
 * Claims up to `limit` due rows of any project, high priority first: rows another process is
 * claiming are skipped, and a claimed row is not due again until `leaseMs` has passed (by then
 * its try is recorded, or its process died and it is tried again). Unrendered rows become
 * `rendering`, rendered ones `sending`.
 */
export async function claimDueEmails(q: Queryable, limit: number, leaseMs: number): Promise<ClaimedEmail[]> {
  const rows = await q.query<OutboxRow>(
    `UPDATE email_outbox o
     SET attempts = o.attempts + 1, next_attempt_at = now() + $2::int * interval '1 millisecond', updated_at = now(),
         status = CASE WHEN o.rendered_at IS NULL THEN 'rendering' ELSE 'sending' END
     FROM (SELECT project_id, branch_id, id FROM email_outbox
           WHERE status IN ('queued', 'scheduled', 'rendering', 'sending') AND next_attempt_at <= now() AND NOT paused
           ORDER BY priority DESC, next_attempt_at LIMIT $1 FOR UPDATE SKIP LOCKED) due
     WHERE o.project_id = due.project_id AND o.branch_id = due.branch_id AND o.id = due.id
     RETURNING ${columnsOf("o")}`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({ ...toOutboxMessage(row), projectId: row.project_id, branchId: row.branch_id }));
}

/** When the next pending row falls due (null: none), so the worker can wake exactly then. */
export async function nextDueAt(q: Queryable): Promise<number | null> {
  const rows = await q.query<{ at: Date | null }>(
    `SELECT min(next_attempt_at) AS at FROM email_outbox WHERE status IN ('queued', 'scheduled', 'rendering', 'sending') AND NOT paused`,
  );
  return toMillisOrNull(rows[0]?.at ?? null);
}

type ClaimKey = { projectId: string; branchId: string; id: string; attempts: number };
const claimParams = (row: ClaimKey) => [row.projectId, row.branchId, row.id, row.attempts];
/** A claimant records only while its claim stands: another process may have taken the row after the lease ran out. */
const STILL_CLAIMED = "project_id = $1 AND branch_id = $2 AND id = $3 AND attempts = $4 AND status IN ('rendering', 'sending')";

/** Stores the rendered (sealed) content and the category the message turned out to have. */
export async function recordRendered(q: Queryable, row: ClaimKey, content: OutboxContent, notificationCategoryId: string): Promise<boolean> {
  const updated = await q.query(
    `UPDATE email_outbox SET subject = $5, text_body = $6, html_body = $7, sealed = true, rendered_at = now(), status = 'sending',
            started_sending_at = now(), updated_at = now(), notification_category_id = $8
     WHERE ${STILL_CLAIMED} RETURNING id`,
    [...claimParams(row), content.subject, content.textBody, content.htmlBody, notificationCategoryId],
  );
  return updated.length > 0;
}

export async function recordStartedSending(q: Queryable, row: ClaimKey): Promise<void> {
  await q.query(`UPDATE email_outbox SET started_sending_at = now(), updated_at = now() WHERE ${STILL_CLAIMED}`, claimParams(row));
}

export type AttemptOutcome =
  | { status: "sent" }
  | { status: "retry"; error: string; retryInMs: number }
  | { status: "failed" | "bounced" | "skipped" | "not_sent"; error: string };

/**
 * Records how a claimed try ended, and the address it went to when that was only known at
 * sending (a user's current primary e-mail); false when the claim had been overtaken.
 */
export async function recordAttempt(q: Queryable, row: ClaimKey, outcome: AttemptOutcome, to?: string): Promise<boolean> {
  const error = outcome.status === "sent" ? null : outcome.error.slice(0, 2000);
  const retryInMs = outcome.status === "retry" ? outcome.retryInMs : 0;
  const status = outcome.status === "retry" ? "queued" : outcome.status;
  const updated = await q.query(
    `UPDATE email_outbox
     SET status = $5::text, error = $6::text, updated_at = now(), to_address = COALESCE($8::text, to_address),
         sent_at = CASE WHEN $5 = 'sent' THEN now() ELSE sent_at END,
         next_attempt_at = CASE WHEN $5 = 'queued' THEN now() + $7::int * interval '1 millisecond' ELSE next_attempt_at END,
         finished_at = CASE WHEN $5 = 'queued' THEN NULL ELSE now() END,
         attempt_errors = CASE WHEN $6::text IS NULL OR $5 = 'skipped' THEN attempt_errors
                          ELSE attempt_errors || jsonb_build_array(jsonb_build_object('attempt', attempts, 'at', now(), 'error', $6::text)) END
     WHERE ${STILL_CLAIMED} RETURNING id`,
    [...claimParams(row), status, error, retryInMs, to ?? null],
  );
  return updated.length > 0;
}

export async function findOutboxEmail(q: Queryable, tenant: Tenant, id: string): Promise<OutboxMessage | null> {
  const rows = await q.query<OutboxRow>(`SELECT ${COLUMNS} FROM email_outbox WHERE project_id = $1 AND branch_id = $2 AND id = $3`, [
    tenant.projectId,
    tenant.branchId,
    id,
  ]);
  return rows[0] ? toOutboxMessage(rows[0]) : null;
}

export interface OutboxEdit {
  cancel?: boolean;
  paused?: boolean;
  scheduledAt?: Date;
  /** A new sealed source (content, theme, variables or recipient changed): the row is rendered afresh. */
  source?: string;
  /** A new recipient: the user (null for plain addresses) and the address known now ('' until sending finds it). */
  recipient?: { userId: string | null; to: string };
}

/**
 * Applies an edit while the row is editable (queued, scheduled, or being rendered), in one
 * statement so a worker's claim and the edit cannot both win. A row being rendered goes back
 * to waiting: its worker's claim no longer matches, so whatever it renders is not stored.
 * Null when the row is not editable (or missing).
 */
export async function editOutboxEmail(q: Queryable, tenant: Tenant, id: string, edit: OutboxEdit): Promise<OutboxMessage | null> {
  const rescheduled = edit.scheduledAt?.toISOString() ?? null;
  const rows = await q.query<OutboxRow>(
    `UPDATE email_outbox
     SET status = CASE WHEN $4 THEN 'skipped'
                       WHEN $6::timestamptz IS NOT NULL THEN CASE WHEN $6::timestamptz > now() THEN 'scheduled' ELSE 'queued' END
                       WHEN status = 'rendering' THEN 'queued'
                       ELSE status END,
         error = CASE WHEN $4 THEN 'Cancelled by an admin' ELSE error END,
         finished_at = CASE WHEN $4 THEN now() ELSE finished_at END,
         paused = CASE WHEN $4 THEN false ELSE COALESCE($5::boolean, paused) END,
         scheduled_at = COALESCE($6::timestamptz, scheduled_at),
         next_attempt_at = COALESCE($6::timestamptz, CASE WHEN status = 'rendering' THEN now() ELSE next_attempt_at END),
         source = COALESCE($7::text, source),
         user_id = CASE WHEN $8 THEN $9::uuid ELSE user_id END,
         to_address = CASE WHEN $8 THEN $10::text ELSE to_address END,
         rendered_at = CASE WHEN $7::text IS NULL THEN rendered_at ELSE NULL END,
         started_sending_at = CASE WHEN $7::text IS NULL THEN started_sending_at ELSE NULL END,
         subject = CASE WHEN $7::text IS NULL THEN subject ELSE NULL END,
         text_body = CASE WHEN $7::text IS NULL THEN text_body ELSE NULL END,
         html_body = CASE WHEN $7::text IS NULL THEN html_body ELSE NULL END,
         updated_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND id = $3 AND status IN ('queued', 'scheduled', 'rendering')
     RETURNING ${COLUMNS}`,
    [
      tenant.projectId,
      tenant.branchId,
      id,
      edit.cancel === true,
      edit.paused ?? null,
      rescheduled,
      edit.source ?? null,
      edit.recipient !== undefined,
      edit.recipient?.userId ?? null,
      edit.recipient?.to ?? null,
    ],
  );
  return rows[0] ? toOutboxMessage(rows[0]) : null;
}

/**
 * Newest first, keyset-paged by (created_at, id); filtered by a status of ours, or by one of
 * Stack Auth's (`wireStatus`, `simpleStatus`: fixed conditions, never caller text).
 */
export async function listOutbox(
  q: Queryable,
  tenant: Tenant,
  page: { limit: number; cursor?: string; status?: OutboxStatus; wireStatus?: WireOutboxStatus; simpleStatus?: SimpleOutboxStatus },
): Promise<{ emails: OutboxMessage[]; nextCursor: string | null }> {
  const filters = [
    page.status === undefined ? "" : "AND status = $5",
    page.wireStatus === undefined ? "" : `AND (${WIRE_STATUS_CONDITIONS[page.wireStatus]})`,
    page.simpleStatus === undefined ? "" : `AND (${SIMPLE_STATUS_CONDITIONS[page.simpleStatus]})`,
  ].join(" ");
  const rows = await q.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM email_outbox o
     WHERE project_id = $1 AND branch_id = $2 ${filters}
       AND ($3::uuid IS NULL OR (created_at, id) < (SELECT c.created_at, c.id FROM email_outbox c
             WHERE c.project_id = $1 AND c.branch_id = $2 AND c.id = $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [tenant.projectId, tenant.branchId, page.cursor ?? null, page.limit + 1, ...(page.status === undefined ? [] : [page.status])],
  );
  const emails = rows.slice(0, page.limit).map(toOutboxMessage);
  return { emails, nextCursor: rows.length > page.limit ? emails[emails.length - 1]!.id : null };
}

export interface WindowStats {
  sent: number;
  bounced: number;
}

/** Sent and bounced counts over the last hour, day, week and 30 days. */
export async function deliveryStats(q: Queryable, tenant: Tenant): Promise<Record<"hour" | "day" | "week" | "month", WindowStats>> {
  const rows = await q.query<Record<string, number | string>>(
    `SELECT
       count(*) FILTER (WHERE status = 'sent' AND finished_at > now() - interval '1 hour') AS sent_hour,
       count(*) FILTER (WHERE status = 'sent' AND finished_at > now() - interval '1 day') AS sent_day,
       count(*) FILTER (WHERE status = 'sent' AND finished_at > now() - interval '7 days') AS sent_week,
       count(*) FILTER (WHERE status = 'sent') AS sent_month,
       count(*) FILTER (WHERE status = 'bounced' AND finished_at > now() - interval '1 hour') AS bounced_hour,
       count(*) FILTER (WHERE status = 'bounced' AND finished_at > now() - interval '1 day') AS bounced_day,
       count(*) FILTER (WHERE status = 'bounced' AND finished_at > now() - interval '7 days') AS bounced_week,
       count(*) FILTER (WHERE status = 'bounced') AS bounced_month
     FROM email_outbox WHERE project_id = $1 AND branch_id = $2 AND finished_at > now() - interval '30 days'`,
    [tenant.projectId, tenant.branchId],
  );
  const r = rows[0] ?? {};
  const n = (key: string) => Number(r[key] ?? 0);
  return {
    hour: { sent: n("sent_hour"), bounced: n("bounced_hour") },
    day: { sent: n("sent_day"), bounced: n("bounced_day") },
    week: { sent: n("sent_week"), bounced: n("bounced_week") },
    month: { sent: n("sent_month"), bounced: n("bounced_month") },
  };
}

export interface CapacityState {
  theoreticalArrivalAtMillis: number;
  boostExpiresAtMillis: number | null;
}

/** The project's capacity clock, created on first use and locked for the rest of the transaction. */
export async function lockCapacity(q: Queryable, tenant: Tenant): Promise<CapacityState> {
  await q.query(`INSERT INTO email_capacity (project_id, branch_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [tenant.projectId, tenant.branchId]);
  const rows = await q.query<{ theoretical_arrival_at: Date; boost_expires_at: Date | null }>(
    `SELECT theoretical_arrival_at, boost_expires_at FROM email_capacity WHERE project_id = $1 AND branch_id = $2 FOR UPDATE`,
    [tenant.projectId, tenant.branchId],
  );
  return { theoreticalArrivalAtMillis: toMillis(rows[0]!.theoretical_arrival_at), boostExpiresAtMillis: toMillisOrNull(rows[0]!.boost_expires_at) };
}

export async function readCapacity(q: Queryable, tenant: Tenant): Promise<CapacityState | null> {
  const rows = await q.query<{ theoretical_arrival_at: Date; boost_expires_at: Date | null }>(
    `SELECT theoretical_arrival_at, boost_expires_at FROM email_capacity WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId],
  );
  return rows[0] ? { theoreticalArrivalAtMillis: toMillis(rows[0].theoretical_arrival_at), boostExpiresAtMillis: toMillisOrNull(rows[0].boost_expires_at) } : null;
}

export async function setCapacityClock(q: Queryable, tenant: Tenant, theoreticalArrivalAt: Date): Promise<void> {
  await q.query(`UPDATE email_capacity SET theoretical_arrival_at = $3 WHERE project_id = $1 AND branch_id = $2`, [
    tenant.projectId,
    tenant.branchId,
    theoreticalArrivalAt.toISOString(),
  ]);
}

export async function setCapacityBoost(q: Queryable, tenant: Tenant, expiresAt: Date): Promise<void> {
  await q.query(`UPDATE email_capacity SET boost_expires_at = $3 WHERE project_id = $1 AND branch_id = $2`, [
    tenant.projectId,
    tenant.branchId,
    expiresAt.toISOString(),
  ]);
}

export interface ClearOutboxRow extends OutboxContent {
  projectId: string;
  branchId: string;
  id: string;
}

/** Up to `limit` rows still in clear, of any project, locked for sealing (rows another node is sealing are skipped). */
export async function lockClearOutboxRows(q: Queryable, limit: number): Promise<ClearOutboxRow[]> {
  const rows = await q.query<{ project_id: string; branch_id: string; id: string; subject: string; text_body: string; html_body: string | null }>(
    `SELECT project_id, branch_id, id, subject, text_body, html_body FROM email_outbox
     WHERE NOT sealed LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
  return rows.map((r) => ({ projectId: r.project_id, branchId: r.branch_id, id: r.id, subject: r.subject, textBody: r.text_body, htmlBody: r.html_body }));
}

export async function replaceWithSealedContent(q: Queryable, row: Omit<ClearOutboxRow, keyof OutboxContent>, sealed: OutboxContent): Promise<void> {
  await q.query(
    `UPDATE email_outbox SET subject = $4, text_body = $5, html_body = $6, sealed = true
     WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [row.projectId, row.branchId, row.id, sealed.subject, sealed.textBody, sealed.htmlBody],
  );
}
