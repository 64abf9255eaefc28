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
  type OutboxContent,
  type OutboxEdit,
  type SimpleOutboxStatus,
  type WireOutboxStatus,
  WIRE_STATUS_CONDITIONS,
} from "../../db/queries/email-outbox";
import type { OutboxMessage, OutboxStatus } from "../../domain/email-outbox";
import { KnownError } from "../../errors";
import { canonicalThemeId } from "../project-config/document";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { openSource, sealSource, type EmailRecipient, type EmailSource } from "./sources";

export const OUTBOX_PURPOSE = "email-outbox";
/** The error text of a message an admin cancelled (set by db/queries/email-outbox.ts). */
export const CANCELLED = "Cancelled by an admin";
/** The statuses GET /emails/outbox filters by, as Stack Auth's SDKs name them. */
export const OUTBOX_WIRE_STATUSES = Object.keys(WIRE_STATUS_CONDITIONS) as [WireOutboxStatus, ...WireOutboxStatus[]];

/** An outbox message opened for reading: subject and bodies in clear (null until rendered), its source opened. */
export interface OpenedOutboxMessage extends Omit<OutboxMessage, "sealed" | "source"> {
  /** What it is rendered from (theme, TSX, variables, recipient), for mail queued by send-email; null for ready-made mail. */
  source: EmailSource | null;
}

export function sealContent(box: SecretBox, content: OutboxContent): OutboxContent {
  return {
    subject: box.seal(content.subject),
    textBody: box.seal(content.textBody),
    htmlBody: content.htmlBody === null ? null : box.seal(content.htmlBody),
  };
}

export function openOutboxMessage(deps: Pick<ServiceDeps, "outboxSeal">, message: OutboxMessage): OpenedOutboxMessage {
  const { sealed, source: sealedSource, ...stored } = message;
  const open = (value: string | null) => (value !== null && sealed ? deps.outboxSeal.open(value) : value);
  const source = sealedSource === null ? null : openSource(deps, sealedSource);
  return { ...stored, subject: open(message.subject) ?? source?.subject ?? null, textBody: open(message.textBody), htmlBody: open(message.htmlBody), source };
}

export async function listOutboxMessages(
  deps: ServiceDeps,
  tenancy: Tenancy,
  page: { limit: number; cursor?: string; status?: OutboxStatus; wireStatus?: WireOutboxStatus; simpleStatus?: SimpleOutboxStatus },
): Promise<{ emails: OpenedOutboxMessage[]; nextCursor: string | null }> {
  const { emails, nextCursor } = await listOutbox(deps.db, tenancy, page);
  return { emails: emails.map((e) => openOutboxMessage(deps, e)), nextCursor };
}

/** Also for another project's message. */
const notInOutbox = () => new KnownError("OUTBOX_EMAIL_NOT_FOUND");

export async function getOutboxMessage(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<OpenedOutboxMessage> {
  const email = await findOutboxEmail(deps.db, tenancy, id);
  if (!email) throw notInOutbox();
  return openOutboxMessage(deps, email);
}

export interface OutboxMessageEdit {
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
export async function editOutboxMessage(deps: ServiceDeps, tenancy: Tenancy, id: string, edit: OutboxMessageEdit): Promise<OpenedOutboxMessage> {
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
  return openOutboxMessage(deps, updated);
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
