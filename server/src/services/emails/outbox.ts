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
  type OutboxEdit,
  type OutboxRecord,
  type OutboxSourceKind,
  type OutboxStatus,
  type SimpleOutboxStatus,
  type WireOutboxStatus,
  WIRE_STATUS_CONDITIONS,
} from "../../db/queries/email-outbox";
import { KnownError } from "../../errors";
import { canonicalThemeId } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { openSource, sealSource, sourceVariables, type EmailRecipient, type EmailSource } from "./sources";

export const OUTBOX_PURPOSE = "email-outbox";
/** The error text of a message an admin cancelled (set by db/queries/email-outbox.ts). */
export const CANCELLED = "Cancelled by an admin";
export { EDITABLE_STATUSES, PENDING_STATUSES, type SimpleOutboxStatus, type WireOutboxStatus } from "../../db/queries/email-outbox";
/** The statuses GET /emails/outbox filters by, as Stack Auth's SDKs name them. */
export const OUTBOX_WIRE_STATUSES = Object.keys(WIRE_STATUS_CONDITIONS) as [WireOutboxStatus, ...WireOutboxStatus[]];

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
  /** The source's theme, TSX, variables and recipient (opened), for mail queued by send-email. */
  themeId: string | false | null | undefined;
  tsxSource: string | null;
  variables: Record<string, unknown>;
  recipient: EmailRecipient | null;
  skipDeliverabilityCheck: boolean;
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
    tsxSource: source?.tsxSource ?? null,
    variables: source ? sourceVariables(source) : {},
    recipient: source?.recipient ?? null,
    skipDeliverabilityCheck: source?.skipDeliverabilityCheck ?? false,
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
  page: { limit: number; cursor?: string; status?: OutboxStatus; wireStatus?: WireOutboxStatus; simpleStatus?: SimpleOutboxStatus },
): Promise<{ emails: SentEmail[]; nextCursor: string | null }> {
  const { emails, nextCursor } = await listOutbox(deps.db, tenancy, page);
  return { emails: emails.map((e) => toSentEmail(deps, e)), nextCursor };
}

/** Also for another project's message. */
const notInOutbox = () => new KnownError("OUTBOX_EMAIL_NOT_FOUND");

export async function getSentEmail(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<SentEmail> {
  const email = await findOutboxEmail(deps.db, tenancy, id);
  if (!email) throw notInOutbox();
  return toSentEmail(deps, email);
}

export interface SentEmailEdit {
  cancel?: boolean;
  isPaused?: boolean;
  scheduledAtMillis?: number;
  /** A theme id; null for no theme. */
  themeId?: string | null;
  variables?: Record<string, unknown>;
  tsxSource?: string;
  to?: EmailRecipient;
  skipDeliverabilityCheck?: boolean;
}

/**
 * Edits or cancels a message that has not been handed to SMTP yet (queued, scheduled, or being
 * rendered); any other status answers EMAIL_NOT_EDITABLE. New content, theme, variables or
 * recipient make it render afresh. Only mail queued by send-email has a source to edit; the
 * platform's own mail can be paused, rescheduled or cancelled.
 */
export async function editSentEmail(deps: ServiceDeps, tenancy: Tenancy, id: string, edit: SentEmailEdit): Promise<SentEmail> {
  const current = await findOutboxEmail(deps.db, tenancy, id);
  if (!current) throw notInOutbox();
  let source: string | undefined;
  let recipient: OutboxEdit["recipient"];
  const changesSource =
    edit.themeId !== undefined || edit.variables !== undefined || edit.tsxSource !== undefined || edit.to !== undefined || edit.skipDeliverabilityCheck !== undefined;
  if (changesSource) {
    if (current.source === null) throw new KnownError("EMAIL_NOT_EDITABLE", { email_id: id, status: current.status });
    const opened = openSource(deps, current.source);
    const changed = { ...opened } as EmailSource & { variables?: Record<string, unknown> };
    if (edit.themeId !== undefined) changed.themeId = edit.themeId === null ? false : canonicalThemeId(edit.themeId);
    if (edit.variables !== undefined) changed.variables = edit.variables;
    if (edit.skipDeliverabilityCheck !== undefined) changed.skipDeliverabilityCheck = edit.skipDeliverabilityCheck;
    if (edit.tsxSource !== undefined) changed.tsxSource = edit.tsxSource;
    if (edit.to !== undefined) {
      changed.recipient = edit.to;
      recipient = edit.to.type === "custom-emails" ? { userId: null, to: edit.to.emails.join(", ") } : { userId: edit.to.userId, to: edit.to.type === "user-custom-emails" ? edit.to.emails.join(", ") : "" };
    }
    source = sealSource(deps, changed);
  }
  const updated = await editOutboxEmail(deps.db, tenancy, id, {
    cancel: edit.cancel,
    paused: edit.isPaused,
    scheduledAt: edit.scheduledAtMillis === undefined ? undefined : new Date(edit.scheduledAtMillis),
    source,
    recipient,
  });
  if (!updated) {
    const now = await findOutboxEmail(deps.db, tenancy, id);
    throw new KnownError("EMAIL_NOT_EDITABLE", { email_id: id, status: now?.status ?? current.status });
  }
  await notifyOutbox(deps.db);
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
