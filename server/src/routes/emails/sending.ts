import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody } from "../../http/openapi";
import type { Router } from "../../http/router";
import { activateCapacityBoost, deliveryInfo } from "../../services/emails/capacity";
import { CANCELLED, editSentEmail, getSentEmail, listSentEmails, type SentEmail } from "../../services/emails/outbox";
import { USER_GONE } from "../../services/emails/queue";
import { sendEmail, type SendContent } from "../../services/emails/send-email";

const MAX_RECIPIENTS = 10_000;

const SendEmailCommon = {
  subject: z.string().max(998).optional(),
  notification_category_name: z.string().max(64).optional(),
  theme_id: z
    .union([z.string().max(128), z.literal(false)])
    .nullable()
    .optional()
    .openapi({ description: "A theme id; false for no theme; null or absent for the template's or draft's own, else the project's selected theme." }),
  is_high_priority: z.boolean().optional().openapi({ description: "Sent ahead of other queued mail." }),
  scheduled_at_millis: z.number().int().min(0).optional().openapi({ description: "Not sent before this time." }),
};
const RECIPIENTS = {
  users: { user_ids: z.array(z.uuid()).max(MAX_RECIPIENTS) },
  all: { all_users: z.literal(true) },
};
const CONTENTS = {
  html: { html: z.string().max(1_000_000) },
  template: { template_id: z.string().max(128), variables: z.record(z.string(), z.unknown()).optional() },
  draft: { draft_id: z.string().max(128) },
};

/** Exactly one way to name the recipients and exactly one source: six shapes, as Stack Auth's union of bodies. */
const SendEmailBody = z
  .union([
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.html }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.template }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.draft }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.html }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.template }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.draft }),
  ])
  .openapi("SendEmailRequest");
type SendEmailBodyType = z.infer<typeof SendEmailBody>;

const SendResultSchema = z
  .object({
    user_id: z.string(),
    user_email: z.string().optional(),
    success: z.boolean().openapi({ description: "Whether a message was queued for this user." }),
    error: z.string().optional().openapi({ description: "Why not: the user has no primary e-mail, or turned the category off." }),
    email_id: z.uuid().optional().openapi({ description: "The message in the outbox." }),
    status: z.enum(["queued", "scheduled", "skipped"]),
    send_at_millis: z.number().optional().openapi({ description: "When it is due: the scheduled time, or a later slot when the project is over its capacity." }),
  })
  .openapi("SendEmailResult");

const sendEmailRoute = authenticatedRoute(SERVER_AND_UP, ["USER_ID_DOES_NOT_EXIST", "REQUIRES_CUSTOM_EMAIL_SERVER"], {
  operationId: "sendEmail",
  method: "post",
  path: "/emails/send-email",
  tags: ["Emails"],
  summary: "Send an e-mail to users",
  description:
    "To `user_ids` or `all_users`, from exactly one of `html`, `template_id` (with `variables`) or `draft_id`. Each recipient's message is " +
    "queued in the outbox and sent by the workers: at once, at `scheduled_at_millis`, or at a later slot when the project is over its " +
    "capacity. Users without a primary e-mail, and users who turned the notification category off, are reported and skipped. Mail of a " +
    "category that can be turned off carries an unsubscribe link and List-Unsubscribe headers. With no SMTP server to send through " +
    "(neither the project's nor the platform's) it answers REQUIRES_CUSTOM_EMAIL_SERVER.",
  request: { body: jsonBody(SendEmailBody) },
  responses: { 200: jsonResponse(z.object({ results: z.array(SendResultSchema) }).openapi("SendEmailResponse"), "One result per user") },
});

const OutboxStatusSchema = z.enum(["paused", "preparing", "rendering", "render-error", "scheduled", "queued", "sending", "server-error", "skipped", "bounced", "sent"]);

const OutboxEmailSchema = z
  .object({
    id: z.uuid(),
    created_at_millis: z.number(),
    updated_at_millis: z.number(),
    tsx_source: z.string(),
    theme_id: z.string().nullable(),
    to: z.union([
      z.object({ type: z.literal("user-primary-email"), user_id: z.string() }),
      z.object({ type: z.literal("custom-emails"), emails: z.array(z.string()) }),
    ]),
    to_address: z.string(),
    variables: z.record(z.string(), z.unknown()),
    skip_deliverability_check: z.boolean(),
    scheduled_at_millis: z.number(),
    created_with: z.enum(["draft", "programmatic-call"]),
    email_draft_id: z.string().nullable(),
    email_programmatic_call_template_id: z.string().nullable(),
    purpose: z.string(),
    send_retries: z.number().int(),
    next_send_retry_at_millis: z.number().nullable(),
    send_attempt_errors: z
      .array(
        z.object({
          attempt_number: z.number(),
          timestamp: z.string(),
          external_message: z.string(),
          external_details: z.record(z.string(), z.unknown()),
          internal_message: z.string(),
          internal_details: z.record(z.string(), z.unknown()),
        }),
      )
      .nullable(),
    is_paused: z.boolean(),
    has_rendered: z.boolean(),
    has_delivered: z.boolean(),
    status: OutboxStatusSchema,
    simple_status: z.enum(["in-progress", "ok", "error"]),
    is_high_priority: z.boolean(),
    is_transactional: z.boolean(),
    notification_category_id: z.string().nullable(),
    subject: z.string().optional(),
    html: z.string().nullable().optional(),
    text: z.string().nullable().optional(),
    started_rendering_at_millis: z.number().optional(),
    rendered_at_millis: z.number().optional(),
    started_sending_at_millis: z.number().optional(),
    delivered_at_millis: z.number().optional(),
    can_have_delivery_info: z.boolean().optional(),
    error_at_millis: z.number().optional(),
    server_error: z.string().optional(),
    render_error: z.string().optional(),
    skipped_at_millis: z.number().optional(),
    skipped_reason: z.string().optional(),
    skipped_details: z.record(z.string(), z.unknown()).optional(),
    bounced_at_millis: z.number().optional(),
  })
  .openapi("OutboxEmail");

const OutboxIdParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const listOutboxRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "listOutboxEmails",
  method: "get",
  path: "/emails/outbox",
  tags: ["Emails"],
  summary: "The project's outbox, newest first",
  request: {
    query: z.object({
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
      status: z.enum(["queued", "scheduled", "rendering", "sending", "sent", "bounced", "failed", "skipped", "not_sent"]).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z
        .object({ items: z.array(OutboxEmailSchema), is_paginated: z.literal(true), pagination: z.object({ next_cursor: z.uuid().nullable() }) })
        .openapi("OutboxEmailList"),
      "A page of the outbox",
    ),
  },
});

const getOutboxRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "getOutboxEmail",
  method: "get",
  path: "/emails/outbox/{id}",
  tags: ["Emails"],
  summary: "One message of the outbox",
  description: "An id the project's outbox does not hold answers SCHEMA_ERROR.",
  request: { params: OutboxIdParam },
  responses: { 200: jsonResponse(OutboxEmailSchema, "The message") },
});

const updateOutboxRoute = authenticatedRoute(SERVER_AND_UP, ["EMAIL_NOT_EDITABLE"], {
  operationId: "updateOutboxEmail",
  method: "patch",
  path: "/emails/outbox/{id}",
  tags: ["Emails"],
  summary: "Reschedule, pause, re-theme or cancel a message not yet sent",
  description:
    "Only while the message is queued or scheduled (nothing handed to SMTP yet); otherwise EMAIL_NOT_EDITABLE with its status. " +
    "`cancel` skips it for good; a new theme or variables render it afresh.",
  request: {
    params: OutboxIdParam,
    body: jsonBody(
      z
        .strictObject({
          cancel: z.literal(true).optional(),
          is_paused: z.boolean().optional(),
          scheduled_at_millis: z.number().int().min(0).optional(),
          theme_id: z.union([z.string().max(128), z.literal(false)]).nullable().optional(),
          variables: z.record(z.string(), z.unknown()).optional(),
        })
        .openapi("OutboxEmailUpdate"),
    ),
  },
  responses: { 200: jsonResponse(OutboxEmailSchema, "The message as it now is") },
});

const WindowSchema = z.object({ sent: z.number(), bounced: z.number(), marked_as_spam: z.number() });

const deliveryInfoRoute = authenticatedRoute(SERVER_AND_UP, [], {
  operationId: "getEmailDeliveryInfo",
  method: "get",
  path: "/emails/delivery-info",
  tags: ["Emails"],
  summary: "Sent and bounced counts, and the project's sending capacity",
  responses: {
    200: jsonResponse(
      z
        .object({
          stats: z.object({ hour: WindowSchema, day: WindowSchema, week: WindowSchema, month: WindowSchema }),
          capacity: z.object({
            rate_per_second: z.number(),
            boost_multiplier: z.number(),
            penalty_factor: z.number(),
            is_boost_active: z.boolean(),
            boost_expires_at: z.string().nullable(),
          }),
        })
        .openapi("EmailDeliveryInfo"),
      "Statistics and capacity",
    ),
  },
});

const capacityBoostRoute = authenticatedRoute(SERVER_AND_UP, ["EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE"], {
  operationId: "activateEmailCapacityBoost",
  method: "post",
  path: "/emails/capacity-boost",
  tags: ["Emails"],
  summary: "Quadruple the project's sending capacity for four hours",
  description: "While a boost is active, another answers EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE with its end.",
  request: { body: optionalJsonBody(z.object({}).openapi("EmailCapacityBoostRequest")) },
  responses: { 200: jsonResponse(z.object({ expires_at: z.string() }).openapi("EmailCapacityBoost"), "The boost's end") },
});

const TRANSACTIONAL_ID = "3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f";

function skippedReason(e: SentEmail): string {
  if (e.status === "not_sent") return "NO_EMAIL_SERVER";
  if (e.error === CANCELLED) return "MANUALLY_CANCELLED";
  if (e.error === USER_GONE) return "USER_DELETED";
  return "USER_UNSUBSCRIBED";
}

/** The wire shape Stack Auth's SDK reads (its statuses: a failed try is a server-error, a render failure a render-error). */
export function toOutboxEmail(e: SentEmail) {
  // Rows older than the queue were written rendered, without the timestamps.
  const renderedAt = e.renderedAtMillis ?? (e.subject !== null && e.text !== null && e.sourceKind === null ? e.createdAtMillis : null);
  const rendered = renderedAt !== null;
  const startedSendingAt = e.startedSendingAtMillis ?? (rendered && !["queued", "scheduled", "skipped"].includes(e.status) ? e.createdAtMillis : null);
  const finishedAt = e.finishedAtMillis ?? e.updatedAtMillis;
  const base = {
    id: e.id,
    created_at_millis: e.createdAtMillis,
    updated_at_millis: e.updatedAtMillis,
    tsx_source: "",
    theme_id: typeof e.themeId === "string" ? e.themeId : null,
    to: e.userId ? { type: "user-primary-email" as const, user_id: e.userId } : { type: "custom-emails" as const, emails: [e.to] },
    to_address: e.to,
    variables: e.variables,
    skip_deliverability_check: false,
    scheduled_at_millis: e.scheduledAtMillis ?? e.createdAtMillis,
    created_with: e.sourceKind === "draft" ? ("draft" as const) : ("programmatic-call" as const),
    email_draft_id: e.draftId,
    email_programmatic_call_template_id: e.templateId,
    purpose: e.purpose,
    send_retries: Math.max(0, e.attempts - 1),
    next_send_retry_at_millis: e.status === "queued" && e.attempts > 0 ? e.nextAttemptAtMillis : null,
    send_attempt_errors: e.attemptErrors.map((a) => ({
      attempt_number: a.attempt,
      timestamp: a.at,
      external_message: a.error,
      external_details: {},
      internal_message: a.error,
      internal_details: {},
    })),
    is_paused: e.paused,
    has_rendered: rendered,
    has_delivered: e.status === "sent",
    is_high_priority: e.isHighPriority,
    is_transactional: (e.notificationCategoryId ?? TRANSACTIONAL_ID) === TRANSACTIONAL_ID,
    notification_category_id: e.notificationCategoryId,
    ...(rendered
      ? { subject: e.subject ?? "", html: e.html, text: e.text, started_rendering_at_millis: renderedAt, rendered_at_millis: renderedAt }
      : e.subject !== null
        ? { subject: e.subject }
        : {}),
    ...(startedSendingAt !== null ? { started_sending_at_millis: startedSendingAt } : {}),
  };
  const inProgress = "in-progress" as const;
  if (e.paused && (e.status === "queued" || e.status === "scheduled")) return { ...base, status: "paused" as const, simple_status: inProgress };
  // The SDK reads queued and scheduled messages as rendered ones; one still to render is "preparing".
  if (!rendered && (e.status === "queued" || e.status === "scheduled")) return { ...base, status: "preparing" as const, simple_status: inProgress };
  switch (e.status) {
    case "queued":
    case "scheduled":
    case "sending":
      return { ...base, status: e.status, simple_status: inProgress };
    case "rendering":
      return { ...base, status: "rendering" as const, simple_status: inProgress, started_rendering_at_millis: e.updatedAtMillis };
    case "sent":
      return { ...base, status: "sent" as const, simple_status: "ok" as const, delivered_at_millis: e.sentAtMillis ?? finishedAt, can_have_delivery_info: false };
    case "bounced":
      return { ...base, status: "bounced" as const, simple_status: "error" as const, bounced_at_millis: finishedAt, server_error: e.error ?? undefined };
    case "failed":
      return rendered
        ? { ...base, status: "server-error" as const, simple_status: "error" as const, error_at_millis: finishedAt, server_error: e.error ?? "Unknown error" }
        : {
            ...base,
            status: "render-error" as const,
            simple_status: "error" as const,
            started_rendering_at_millis: finishedAt,
            rendered_at_millis: finishedAt,
            render_error: e.error ?? "Unknown error",
          };
    case "skipped":
    case "not_sent":
      return {
        ...base,
        status: "skipped" as const,
        simple_status: "ok" as const,
        skipped_at_millis: finishedAt,
        skipped_reason: skippedReason(e),
        skipped_details: { message: e.error ?? "" },
      };
  }
}

function contentOf(body: SendEmailBodyType): SendContent {
  if ("html" in body) return { kind: "html", html: body.html };
  if ("template_id" in body) return { kind: "template", templateId: body.template_id, variables: body.variables ?? {} };
  return { kind: "draft", draftId: body.draft_id };
}

export function registerSendingRoutes(router: Router): void {
  router.openapi(sendEmailRoute, async (c) => {
    const body = c.req.valid("json");
    const content = contentOf(body);
    const results = await sendEmail(c.var.deps, c.var.auth.tenancy, {
      userIds: "user_ids" in body ? body.user_ids : undefined,
      allUsers: "all_users" in body,
      subject: body.subject,
      notificationCategoryName: body.notification_category_name,
      themeId: body.theme_id,
      isHighPriority: body.is_high_priority,
      scheduledAtMillis: body.scheduled_at_millis,
      content,
    });
    return c.json(
      {
        results: results.map((r) => ({
          user_id: r.userId,
          ...(r.userEmail !== null ? { user_email: r.userEmail } : {}),
          success: r.emailId !== null,
          ...(r.outcome === "no_primary_email" ? { error: "The user has no primary e-mail address" } : {}),
          ...(r.outcome === "opted_out" ? { error: "The user turned this notification category off" } : {}),
          ...(r.emailId !== null ? { email_id: r.emailId } : {}),
          status: r.outcome === "queued" || r.outcome === "scheduled" ? r.outcome : ("skipped" as const),
          ...(r.sendAtMillis !== null ? { send_at_millis: r.sendAtMillis } : {}),
        })),
      },
      200,
    );
  });

  router.openapi(listOutboxRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listSentEmails(c.var.deps, c.var.auth.tenancy, { limit: query.limit ?? 50, cursor: query.cursor, status: query.status });
    return c.json({ items: page.emails.map(toOutboxEmail), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(getOutboxRoute, async (c) => {
    return c.json(toOutboxEmail(await getSentEmail(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id)), 200);
  });

  router.openapi(updateOutboxRoute, async (c) => {
    const body = c.req.valid("json");
    const updated = await editSentEmail(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, {
      cancel: body.cancel,
      isPaused: body.is_paused,
      scheduledAtMillis: body.scheduled_at_millis,
      themeId: body.theme_id,
      variables: body.variables,
    });
    return c.json(toOutboxEmail(updated), 200);
  });

  router.openapi(deliveryInfoRoute, async (c) => {
    const info = await deliveryInfo(c.var.deps, c.var.auth.tenancy);
    const window = (w: { sent: number; bounced: number }) => ({ sent: w.sent, bounced: w.bounced, marked_as_spam: 0 });
    return c.json(
      {
        stats: { hour: window(info.stats.hour), day: window(info.stats.day), week: window(info.stats.week), month: window(info.stats.month) },
        capacity: {
          rate_per_second: info.capacity.ratePerSecond,
          boost_multiplier: info.capacity.boostMultiplier,
          penalty_factor: info.capacity.penaltyFactor,
          is_boost_active: info.capacity.isBoostActive,
          boost_expires_at: info.capacity.boostExpiresAtMillis === null ? null : new Date(info.capacity.boostExpiresAtMillis).toISOString(),
        },
      },
      200,
    );
  });

  router.openapi(capacityBoostRoute, async (c) => {
    const boost = await activateCapacityBoost(c.var.deps, c.var.auth.tenancy);
    return c.json({ expires_at: new Date(boost.expiresAtMillis).toISOString() }, 200);
  });
}
