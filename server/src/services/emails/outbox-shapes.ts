/**
 * The outbox's read shapes as the API sends them (snake_case; the routes' zod schemas document
 * them and the compiler checks these mappers against them). One opened message, three views:
 * Stack Auth's (GET and PATCH /emails/outbox), the dashboard's log (GET /emails/log) and Stack
 * Auth's short list (GET /internal/emails). The rules they share live here once: when a message
 * counts as rendered, when it finished, which category is transactional, why it was skipped.
 */
import { EDITABLE_STATUSES, PENDING_STATUSES } from "../../db/queries/email-outbox";
import { isTransactionalCategory } from "./notification-preferences";
import { CANCELLED, type OpenedOutboxMessage } from "./outbox";
import { NO_PRIMARY_EMAIL, USER_GONE } from "./queue";
import { sourceVariables } from "./sources";

/** When the message was rendered; rows older than the queue were written rendered, without the timestamp. */
function renderedAtOf(m: OpenedOutboxMessage): number | null {
  return m.renderedAtMillis ?? (m.subject !== null && m.textBody !== null && m.sourceKind === null ? m.createdAtMillis : null);
}

/** Stack Auth's reason codes for a skipped message. */
function skippedReason(m: OpenedOutboxMessage): string {
  if (m.status === "not_sent") return "NO_EMAIL_SERVER";
  if (m.error === CANCELLED) return "MANUALLY_CANCELLED";
  if (m.error === USER_GONE) return "USER_ACCOUNT_DELETED";
  if (m.error === NO_PRIMARY_EMAIL) return "USER_HAS_NO_PRIMARY_EMAIL";
  return "USER_UNSUBSCRIBED";
}

function recipientOf(m: OpenedOutboxMessage) {
  const r = m.source?.recipient;
  if (r?.type === "custom-emails") return { type: r.type, emails: r.emails };
  if (r?.type === "user-custom-emails") return { type: r.type, user_id: r.userId, emails: r.emails };
  if (r?.type === "user-primary-email" || (m.userId && m.purpose === "send_email")) return { type: "user-primary-email" as const, user_id: r?.userId ?? m.userId! };
  if (m.userId) return { type: "user-custom-emails" as const, user_id: m.userId, emails: [m.to] };
  return { type: "custom-emails" as const, emails: [m.to] };
}

/** Stack Auth's shape, which its SDK reads (its statuses: a failed try is a server-error, a render failure a render-error). */
export function toOutboxEmail(m: OpenedOutboxMessage) {
  const renderedAt = renderedAtOf(m);
  const rendered = renderedAt !== null;
  const startedSendingAt = m.startedSendingAtMillis ?? (rendered && !["queued", "scheduled", "skipped"].includes(m.status) ? m.createdAtMillis : null);
  const finishedAt = m.finishedAtMillis ?? m.updatedAtMillis;
  const source = m.source;
  const renderedFields = {
    is_high_priority: m.priority > 0,
    is_transactional: isTransactionalCategory(m.notificationCategoryId),
    notification_category_id: m.notificationCategoryId,
    subject: m.subject ?? "",
    html: m.htmlBody,
    text: m.textBody,
    started_rendering_at_millis: renderedAt!,
    rendered_at_millis: renderedAt!,
  };
  const base = {
    id: m.id,
    created_at_millis: m.createdAtMillis,
    updated_at_millis: m.updatedAtMillis,
    tsx_source: source?.tsxSource ?? "",
    theme_id: typeof source?.themeId === "string" ? source.themeId : null,
    to: recipientOf(m),
    variables: source ? sourceVariables(source) : {},
    skip_deliverability_check: source?.skipDeliverabilityCheck ?? false,
    scheduled_at_millis: m.scheduledAtMillis ?? m.createdAtMillis,
    created_with: m.sourceKind === "draft" ? ("draft" as const) : ("programmatic-call" as const),
    email_draft_id: m.draftId,
    email_programmatic_call_template_id: source?.kind === "template" ? source.templateId : null,
    send_retries: m.attemptErrors.length,
    next_send_retry_at_millis: (m.status === "queued" || m.status === "scheduled") && m.attemptErrors.length > 0 ? m.nextAttemptAtMillis : null,
    send_attempt_errors:
      m.attemptErrors.length === 0
        ? null
        : m.attemptErrors.map((a, index) => ({
            attempt_number: index + 1,
            timestamp: a.at,
            external_message: a.error,
            external_details: {},
            internal_message: a.error,
            internal_details: {},
          })),
    is_paused: false,
    has_rendered: rendered,
    has_delivered: m.status === "sent",
    ...(rendered ? renderedFields : {}),
    ...(startedSendingAt !== null ? { started_sending_at_millis: startedSendingAt } : {}),
  };
  const inProgress = "in-progress" as const;
  if (m.paused && (m.status === "queued" || m.status === "scheduled")) return { ...base, status: "paused" as const, simple_status: inProgress, is_paused: true };
  // The SDK reads queued and scheduled messages as rendered ones; one still to render is "preparing".
  if (!rendered && (m.status === "queued" || m.status === "scheduled")) return { ...base, status: "preparing" as const, simple_status: inProgress };
  switch (m.status) {
    case "queued":
    case "scheduled":
    case "sending":
      return { ...base, status: m.status, simple_status: inProgress };
    case "rendering":
      return { ...base, status: "rendering" as const, simple_status: inProgress, started_rendering_at_millis: m.updatedAtMillis };
    case "sent":
      return { ...base, status: "sent" as const, simple_status: "ok" as const, delivered_at_millis: m.sentAtMillis ?? finishedAt, can_have_delivery_info: false };
    case "bounced":
      return { ...base, status: "bounced" as const, simple_status: "error" as const, bounced_at_millis: finishedAt, server_error: m.error ?? undefined };
    case "failed":
      return rendered
        ? { ...base, status: "server-error" as const, simple_status: "error" as const, error_at_millis: finishedAt, server_error: m.error ?? "Unknown error" }
        : {
            ...base,
            status: "render-error" as const,
            simple_status: "error" as const,
            started_rendering_at_millis: finishedAt,
            rendered_at_millis: finishedAt,
            render_error: m.error ?? "Unknown error",
          };
    case "skipped":
    case "not_sent":
      return { ...base, status: "skipped" as const, simple_status: "ok" as const, skipped_at_millis: finishedAt, skipped_reason: skippedReason(m), skipped_details: {} };
  }
}

/** The dashboard's log: Gatehouse's own statuses, the tries, the next try, and whether it can still be changed. */
export function toOutboxLogEntry(m: OpenedOutboxMessage) {
  return {
    id: m.id,
    to: m.to ? [m.to] : [],
    user_id: m.userId,
    subject: m.subject ?? "",
    status: m.status,
    error: m.error,
    purpose: m.purpose,
    created_at_millis: m.createdAtMillis,
    sent_at_millis: m.sentAtMillis,
    scheduled_at_millis: m.scheduledAtMillis,
    next_attempt_at_millis: PENDING_STATUSES.includes(m.status) ? m.nextAttemptAtMillis : null,
    attempts: m.attempts,
    is_high_priority: m.priority > 0,
    is_paused: m.paused,
    editable: EDITABLE_STATUSES.includes(m.status),
  };
}

/** Stack Auth's short form: the subject, when it finished, to whom, and what went wrong. */
export function toShortOutboxEmail(m: OpenedOutboxMessage) {
  const error =
    m.status === "failed"
      ? `${m.renderedAtMillis === null ? "Render error" : "Send error"}: ${m.error ?? "unknown"}`
      : m.status === "bounced"
        ? `Send error: ${m.error ?? "bounced"}`
        : null;
  return {
    id: m.id,
    subject: m.subject ?? "",
    sent_at_millis: m.finishedAtMillis ?? m.sentAtMillis ?? m.createdAtMillis,
    to: m.to ? m.to.split(", ") : m.userId ? [`User ID: ${m.userId}`] : [],
    error,
  };
}
