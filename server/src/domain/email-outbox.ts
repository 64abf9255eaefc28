/**
 * An outbox message as stored: db/queries/email-outbox.ts maps its row to this once. Subject,
 * bodies and source are sealed under the server secret (`sealed` false only in rows older than
 * sealing); services/emails/outbox.ts opens them, and shapes the message for the wire.
 */
export type OutboxStatus = "queued" | "scheduled" | "rendering" | "sending" | "sent" | "bounced" | "failed" | "skipped" | "not_sent";
export type OutboxSourceKind = "html" | "template" | "draft";

export interface AttemptError {
  attempt: number;
  at: string;
  error: string;
}

export interface OutboxMessage {
  id: string;
  to: string;
  /** Null until rendered. */
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  sealed: boolean;
  purpose: string;
  userId: string | null;
  status: OutboxStatus;
  error: string | null;
  createdAtMillis: number;
  updatedAtMillis: number;
  sentAtMillis: number | null;
  attempts: number;
  nextAttemptAtMillis: number | null;
  scheduledAtMillis: number | null;
  /** Above 0: sent ahead of other queued mail. */
  priority: number;
  sourceKind: OutboxSourceKind | null;
  /** Sealed JSON of what to render (see services/emails/sources.ts), or null for mail queued ready-made. */
  source: string | null;
  notificationCategoryId: string | null;
  draftId: string | null;
  paused: boolean;
  renderedAtMillis: number | null;
  startedSendingAtMillis: number | null;
  finishedAtMillis: number | null;
  attemptErrors: AttemptError[];
}
