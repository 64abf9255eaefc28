/**
 * The outbox keeps every message, and messages carry live secrets: verification, reset and
 * sign-in codes and links, invitation links, one-time codes in subjects. So the subject
 * and both bodies are stored sealed under the server secret (AES-256-GCM, their own
 * purpose): a dump of the database, or a backup, shows none of them. They are opened only
 * to show a project's admins the subjects of what was sent. Rows an older version wrote in
 * clear are sealed at start, in small locked batches, so several nodes can share the work.
 */
import type { SecretBox } from "../../crypto/secret-box";
import type { Db } from "../../db/db";
import {
  editOutboxEmail,
  findOutboxEmail,
  listOutbox,
  lockClearOutboxRows,
  notifyOutbox,
  replaceWithSealedContent,
  type AttemptError,
  type OutboxContent,
  type OutboxRecord,
  type OutboxSourceKind,
  type OutboxStatus,
} from "../../db/queries/email-outbox";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import { openSource, sealSource, type EmailSource } from "./sources";

export const OUTBOX_PURPOSE = "email-outbox";
/** The error text of a message an admin cancelled (set by db/queries/email-outbox.ts). */
export const CANCELLED = "Cancelled by an admin";
export { EDITABLE_STATUSES, PENDING_STATUSES } from "../../db/queries/email-outbox";

/** An outbox message as admins and server keys see it: content opened (null until rendered). */
export interface SentEmail {
  id: string;
  to: string;
  userId: string | null;
  subject: string | null;
  html: string | null;
  text: string | null;
  purpose: string;
  status: OutboxStatus;
  error: string | null;
  createdAtMillis: number;
  updatedAtMillis: number;
  sentAtMillis: number | null;
  attempts: number;
  nextAttemptAtMillis: number | null;
  scheduledAtMillis: number | null;
  isHighPriority: boolean;
  paused: boolean;
  sourceKind: OutboxSourceKind | null;
  /** The source's theme and variables (opened), for template and draft sends. */
  themeId: string | false | null | undefined;
  variables: Record<string, unknown>;
  templateId: string | null;
  draftId: string | null;
  notificationCategoryId: string | null;
  renderedAtMillis: number | null;
  startedSendingAtMillis: number | null;
  finishedAtMillis: number | null;
  attemptErrors: AttemptError[];
}

export function sealContent(box: SecretBox, content: OutboxContent): OutboxContent {
  return {
    subject: box.seal(content.subject),
    textBody: box.seal(content.textBody),
    htmlBody: content.htmlBody === null ? null : box.seal(content.htmlBody),
  };
}

export function toSentEmail(deps: Pick<ServiceDeps, "outboxSeal">, e: OutboxRecord): SentEmail {
  const open = (value: string | null) => (value === null ? null : e.sealed ? deps.outboxSeal.open(value) : value);
  const source = e.source === null ? null : openSource(deps, e.source);
  return {
    id: e.id,
    to: e.to,
    userId: e.userId,
    subject: open(e.subject) ?? source?.subject ?? null,
    html: open(e.htmlBody),
    text: open(e.textBody),
    purpose: e.purpose,
    status: e.status,
    error: e.error,
    createdAtMillis: e.createdAtMillis,
    updatedAtMillis: e.updatedAtMillis,
    sentAtMillis: e.sentAtMillis,
    attempts: e.attempts,
    nextAttemptAtMillis: e.nextAttemptAtMillis,
    scheduledAtMillis: e.scheduledAtMillis,
    isHighPriority: e.priority > 0,
    paused: e.paused,
    sourceKind: e.sourceKind,
    themeId: source?.themeId,
    variables: source?.kind === "template" ? source.variables : {},
    templateId: source?.kind === "template" ? source.templateId : null,
    draftId: e.draftId,
    notificationCategoryId: e.notificationCategoryId,
    renderedAtMillis: e.renderedAtMillis,
    startedSendingAtMillis: e.startedSendingAtMillis,
    finishedAtMillis: e.finishedAtMillis,
    attemptErrors: e.attemptErrors,
  };
}

export async function listSentEmails(
  deps: ServiceDeps,
  tenancy: Tenancy,
  page: { limit: number; cursor?: string; status?: OutboxStatus },
): Promise<{ emails: SentEmail[]; nextCursor: string | null }> {
  const { emails, nextCursor } = await listOutbox(deps.db, tenancy, page);
  return { emails: emails.map((e) => toSentEmail(deps, e)), nextCursor };
}

export async function getSentEmail(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<SentEmail> {
  const email = await findOutboxEmail(deps.db, tenancy, id);
  if (!email) throw new KnownError("SCHEMA_ERROR", { message: `id: no e-mail ${id} in the outbox` });
  return toSentEmail(deps, email);
}

export interface SentEmailEdit {
  cancel?: boolean;
  isPaused?: boolean;
  scheduledAtMillis?: number;
  themeId?: string | false | null;
  variables?: Record<string, unknown>;
}

/**
 * Edits or cancels a message that has not been handed to SMTP yet (queued or scheduled); any
 * other status answers EMAIL_NOT_EDITABLE. A new theme or variables make it render afresh.
 */
export async function editSentEmail(deps: ServiceDeps, tenancy: Tenancy, id: string, edit: SentEmailEdit): Promise<SentEmail> {
  const current = await findOutboxEmail(deps.db, tenancy, id);
  if (!current) throw new KnownError("SCHEMA_ERROR", { message: `id: no e-mail ${id} in the outbox` });
  let source: string | undefined;
  if (edit.themeId !== undefined || edit.variables !== undefined) {
    if (current.source === null) throw new KnownError("EMAIL_NOT_EDITABLE", { email_id: id, status: current.status });
    const opened = openSource(deps, current.source);
    const changed: EmailSource = { ...opened, ...(edit.themeId !== undefined ? { themeId: edit.themeId } : {}) };
    if (edit.variables !== undefined && changed.kind === "template") changed.variables = edit.variables;
    source = sealSource(deps, changed);
  }
  const updated = await editOutboxEmail(deps.db, tenancy, id, {
    cancel: edit.cancel,
    paused: edit.isPaused,
    scheduledAt: edit.scheduledAtMillis === undefined ? undefined : new Date(edit.scheduledAtMillis),
    source,
  });
  if (!updated) {
    const now = await findOutboxEmail(deps.db, tenancy, id);
    throw new KnownError("EMAIL_NOT_EDITABLE", { email_id: id, status: now?.status ?? current.status });
  }
  if (edit.scheduledAtMillis !== undefined || edit.isPaused === false) await notifyOutbox(deps.db);
  return toSentEmail(deps, updated);
}

const SEALING_BATCH = 200;

/** Seals every outbox row still in clear; returns how many it sealed. */
export async function sealClearOutboxMessages(db: Db, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (;;) {
    const count = await db.transaction(async (tx) => {
      const rows = await lockClearOutboxRows(tx, SEALING_BATCH);
      for (const row of rows) await replaceWithSealedContent(tx, row, sealContent(box, row));
      return rows.length;
    });
    sealed += count;
    if (count < SEALING_BATCH) return sealed;
  }
}
