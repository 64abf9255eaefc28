import type { Queryable } from "../db";
import { toMillis, toMillisOrNull } from "./rows";
import type { Tenant } from "./tenant";

export type OutboxStatus = "queued" | "sent" | "failed" | "not_sent";

/** Subject and bodies as stored: sealed by the service, except in rows older than sealing. */
export interface OutboxContent {
  subject: string;
  textBody: string;
  htmlBody: string | null;
}

export interface OutboxRecord extends OutboxContent {
  id: string;
  to: string;
  sealed: boolean;
  purpose: string;
  userId: string | null;
  status: OutboxStatus;
  error: string | null;
  createdAtMillis: number;
  sentAtMillis: number | null;
}

interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  sealed: boolean;
  purpose: string;
  user_id: string | null;
  status: OutboxStatus;
  error: string | null;
  created_at: Date;
  sent_at: Date | null;
}

const COLUMNS = "id, to_address, subject, text_body, html_body, sealed, purpose, user_id, status, error, created_at, sent_at";

function toRecord(row: OutboxRow): OutboxRecord {
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
    sentAtMillis: toMillisOrNull(row.sent_at),
  };
}

export async function insertOutboxEmail(
  q: Queryable,
  tenant: Tenant,
  email: OutboxContent & { id: string; to: string; purpose: string; userId: string | null },
): Promise<void> {
  await q.query(
    `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, html_body, purpose, user_id, status, sealed)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'queued', true)`,
    [tenant.projectId, tenant.branchId, email.id, email.to, email.subject, email.textBody, email.htmlBody, email.purpose, email.userId],
  );
}

export async function setOutboxStatus(
  q: Queryable,
  tenant: Tenant,
  id: string,
  status: Exclude<OutboxStatus, "queued">,
  error: string | null,
): Promise<void> {
  await q.query(
    `UPDATE email_outbox SET status = $4, error = $5, sent_at = CASE WHEN $4 = 'sent' THEN now() ELSE sent_at END
     WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [tenant.projectId, tenant.branchId, id, status, error],
  );
}

/** Newest first, keyset-paged by (created_at, id). */
export async function listOutbox(
  q: Queryable,
  tenant: Tenant,
  page: { limit: number; cursor?: string },
): Promise<{ emails: OutboxRecord[]; nextCursor: string | null }> {
  const rows = await q.query<OutboxRow>(
    `SELECT ${COLUMNS} FROM email_outbox o
     WHERE project_id = $1 AND branch_id = $2
       AND ($3::uuid IS NULL OR (created_at, id) < (SELECT c.created_at, c.id FROM email_outbox c
             WHERE c.project_id = $1 AND c.branch_id = $2 AND c.id = $3::uuid))
     ORDER BY created_at DESC, id DESC LIMIT $4`,
    [tenant.projectId, tenant.branchId, page.cursor ?? null, page.limit + 1],
  );
  const emails = rows.slice(0, page.limit).map(toRecord);
  return { emails, nextCursor: rows.length > page.limit ? emails[emails.length - 1]!.id : null };
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
