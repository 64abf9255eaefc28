import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, optionalJsonBody } from "../../http/openapi";
import { EmailSchema } from "../../http/schemas";
import type { Router } from "../../http/router";
import { activateCapacityBoost, deliveryInfo } from "../../services/emails/capacity";
import { findCategoryById } from "../../services/emails/notification-preferences";
import { CANCELLED, editSentEmail, getSentEmail, listSentEmails, OUTBOX_WIRE_STATUSES, type SentEmail } from "../../services/emails/outbox";
import { NO_PRIMARY_EMAIL, USER_GONE } from "../../services/emails/queue";
import { sendEmail, type SendContent } from "../../services/emails/send-email";
import { EmailThemeChoiceSchema, EmailThemeIdSchema } from "./schemas";

const MAX_RECIPIENTS = 10_000;

const SendEmailCommon = {
  subject: z.string().max(998).optional(),
  notification_category_name: z.string().max(64).optional(),
  theme_id: EmailThemeChoiceSchema.optional(),
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

const SendResultSchema = z.object({ user_id: z.string() }).openapi("SendEmailResult");

const sendEmailRoute = authenticatedRoute(
  SERVER_AND_UP,
  ["USER_ID_DOES_NOT_EXIST", "REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_TEMPLATE_UNKNOWN", "EMAIL_DRAFT_UNKNOWN", "NOTIFICATION_CATEGORY_NAME_UNKNOWN"],
  {
  operationId: "sendEmail",
  method: "post",
  path: "/emails/send-email",
  tags: ["Emails"],
  summary: "Send an e-mail to users",
  description:
    "To `user_ids` or `all_users`, from exactly one of `html`, `template_id` (with `variables`) or `draft_id`. Each recipient's message is " +
    "queued in the outbox and sent by the workers: at once, at `scheduled_at_millis`, or at a later slot when the project is over its " +
    "capacity (GET /emails/outbox shows each message). Whether a user gets it is decided when it is sent: a user who is gone, has no " +
    "primary e-mail or turned the category off is skipped, with the reason. Mail of a category that can be turned off carries an " +
    "unsubscribe link and List-Unsubscribe headers. A project without its own e-mail server answers REQUIRES_CUSTOM_EMAIL_SERVER " +
    "(unless the operator lets projects send through the shared one). An unknown template, draft or category name answers a bare 400.",
  request: { body: jsonBody(SendEmailBody) },
  responses: { 200: jsonResponse(z.object({ results: z.array(SendResultSchema) }).openapi("SendEmailResponse"), "One result per user") },
  },
);

const OutboxStatusSchema = z.enum(["paused", "preparing", "rendering", "render-error", "scheduled", "queued", "sending", "server-error", "skipped", "bounced", "sent"]);

const RecipientSchema = z
  .union([
    z.strictObject({ type: z.literal("user-primary-email"), user_id: z.uuid() }),
    z.strictObject({ type: z.literal("user-custom-emails"), user_id: z.uuid(), emails: z.array(EmailSchema).min(1).max(50) }),
    z.strictObject({ type: z.literal("custom-emails"), emails: z.array(EmailSchema).min(1).max(50) }),
  ])
  .openapi("OutboxRecipient", { description: "Who the message goes to: a user's primary e-mail (looked up when sending), or given addresses." });

const OutboxEmailSchema = z
  .object({
    id: z.uuid(),
    created_at_millis: z.number(),
    updated_at_millis: z.number(),
    tsx_source: z.string().openapi({ description: "The template's TSX as it was when the mail was sent (empty for the platform's own mail)." }),
    theme_id: z.string().nullable().openapi({ description: "The theme it is rendered in; null for none." }),
    to: RecipientSchema,
    variables: z.record(z.string(), z.unknown()),
    skip_deliverability_check: z.boolean(),
    scheduled_at_millis: z.number(),
    created_with: z.enum(["draft", "programmatic-call"]),
    email_draft_id: z.string().nullable(),
    email_programmatic_call_template_id: z.string().nullable(),
    send_retries: z.number().int().openapi({ description: "Failed tries so far." }),
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
      .nullable()
      .openapi({ description: "One entry per failed try; null before any failed." }),
    is_paused: z.boolean(),
    has_rendered: z.boolean(),
    has_delivered: z.boolean(),
    status: OutboxStatusSchema,
    simple_status: z.enum(["in-progress", "ok", "error"]),
    is_high_priority: z.boolean().optional(),
    is_transactional: z.boolean().optional(),
    notification_category_id: z.string().nullable().optional(),
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
  description: "Filtered by `status` (the statuses below) or `simple_status` (`in-progress`, `ok`, `error`); at most 100 a page.",
  request: {
    query: z.object({
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(100).optional(),
      status: z.enum(OUTBOX_WIRE_STATUSES).optional(),
      simple_status: z.enum(["in-progress", "ok", "error"]).optional(),
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

const getOutboxRoute = authenticatedRoute(SERVER_AND_UP, ["OUTBOX_EMAIL_NOT_FOUND"], {
  operationId: "getOutboxEmail",
  method: "get",
  path: "/emails/outbox/{id}",
  tags: ["Emails"],
  summary: "One message of the outbox",
  description: "An id the project's outbox does not hold answers a bare 404.",
  request: { params: OutboxIdParam },
  responses: { 200: jsonResponse(OutboxEmailSchema, "The message") },
});

const updateOutboxRoute = authenticatedRoute(SERVER_AND_UP, ["EMAIL_NOT_EDITABLE", "OUTBOX_EMAIL_NOT_FOUND"], {
  operationId: "updateOutboxEmail",
  method: "patch",
  path: "/emails/outbox/{id}",
  tags: ["Emails"],
  summary: "Pause, reschedule, re-address, rewrite or cancel a message not yet sent",
  description:
    "Only while the message waits or is being rendered (nothing handed to SMTP yet); otherwise EMAIL_NOT_EDITABLE with its status. " +
    "`cancel` skips it for good; new content (`tsx_source`, `variables`, `theme_id`) or a new recipient (`to`) renders it afresh.",
  request: {
    params: OutboxIdParam,
    body: jsonBody(
      z
        .strictObject({
          cancel: z.literal(true).optional(),
          is_paused: z.boolean().optional(),
          scheduled_at_millis: z.number().int().min(0).optional(),
          theme_id: EmailThemeIdSchema.nullable().optional(),
          variables: z.record(z.string(), z.unknown()).optional(),
          tsx_source: z.string().min(1).max(1_000_000).optional(),
          to: RecipientSchema.optional(),
          skip_deliverability_check: z.boolean().optional(),
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

/** Stack Auth's reason codes for a skipped message. */
function skippedReason(e: SentEmail): string {
  if (e.status === "not_sent") return "NO_EMAIL_SERVER";
  if (e.error === CANCELLED) return "MANUALLY_CANCELLED";
  if (e.error === USER_GONE) return "USER_ACCOUNT_DELETED";
  if (e.error === NO_PRIMARY_EMAIL) return "USER_HAS_NO_PRIMARY_EMAIL";
  return "USER_UNSUBSCRIBED";
}

function recipientToWire(e: SentEmail) {
  const r = e.recipient;
  if (r?.type === "custom-emails") return { type: r.type, emails: r.emails };
  if (r?.type === "user-custom-emails") return { type: r.type, user_id: r.userId, emails: r.emails };
  if (r?.type === "user-primary-email" || (e.userId && e.purpose === "send_email")) return { type: "user-primary-email" as const, user_id: r?.userId ?? e.userId! };
  if (e.userId) return { type: "user-custom-emails" as const, user_id: e.userId, emails: [e.to] };
  return { type: "custom-emails" as const, emails: [e.to] };
}

/** The wire shape Stack Auth's SDK reads (its statuses: a failed try is a server-error, a render failure a render-error). */
export function toOutboxEmail(e: SentEmail) {
  // Rows older than the queue were written rendered, without the timestamps.
  const renderedAt = e.renderedAtMillis ?? (e.subject !== null && e.text !== null && e.sourceKind === null ? e.createdAtMillis : null);
  const rendered = renderedAt !== null;
  const startedSendingAt = e.startedSendingAtMillis ?? (rendered && !["queued", "scheduled", "skipped"].includes(e.status) ? e.createdAtMillis : null);
  const finishedAt = e.finishedAtMillis ?? e.updatedAtMillis;
  const renderedFields = {
    is_high_priority: e.isHighPriority,
    is_transactional: (e.notificationCategoryId === null ? null : findCategoryById(e.notificationCategoryId))?.canDisable !== true,
    notification_category_id: e.notificationCategoryId,
    subject: e.subject ?? "",
    html: e.html,
    text: e.text,
    started_rendering_at_millis: renderedAt!,
    rendered_at_millis: renderedAt!,
  };
  const base = {
    id: e.id,
    created_at_millis: e.createdAtMillis,
    updated_at_millis: e.updatedAtMillis,
    tsx_source: e.tsxSource ?? "",
    theme_id: typeof e.themeId === "string" ? e.themeId : null,
    to: recipientToWire(e),
    variables: e.variables,
    skip_deliverability_check: e.skipDeliverabilityCheck,
    scheduled_at_millis: e.scheduledAtMillis ?? e.createdAtMillis,
    created_with: e.sourceKind === "draft" ? ("draft" as const) : ("programmatic-call" as const),
    email_draft_id: e.draftId,
    email_programmatic_call_template_id: e.templateId,
    send_retries: e.attemptErrors.length,
    next_send_retry_at_millis: (e.status === "queued" || e.status === "scheduled") && e.attemptErrors.length > 0 ? e.nextAttemptAtMillis : null,
    send_attempt_errors:
      e.attemptErrors.length === 0
        ? null
        : e.attemptErrors.map((a, index) => ({
            attempt_number: index + 1,
            timestamp: a.at,
            external_message: a.error,
            external_details: {},
            internal_message: a.error,
            internal_details: {},
          })),
    is_paused: false,
    has_rendered: rendered,
    has_delivered: e.status === "sent",
    ...(rendered ? renderedFields : {}),
    ...(startedSendingAt !== null ? { started_sending_at_millis: startedSendingAt } : {}),
  };
  const inProgress = "in-progress" as const;
  if (e.paused && (e.status === "queued" || e.status === "scheduled")) return { ...base, status: "paused" as const, simple_status: inProgress, is_paused: true };
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
      return { ...base, status: "skipped" as const, simple_status: "ok" as const, skipped_at_millis: finishedAt, skipped_reason: skippedReason(e), skipped_details: {} };
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
    return c.json({ results: results.map((r) => ({ user_id: r.userId })) }, 200);
  });

  router.openapi(listOutboxRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listSentEmails(c.var.deps, c.var.auth.tenancy, {
      limit: query.limit ?? 50,
      cursor: query.cursor,
      wireStatus: query.status,
      simpleStatus: query.simple_status,
    });
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
      tsxSource: body.tsx_source,
      skipDeliverabilityCheck: body.skip_deliverability_check,
      to:
        body.to === undefined
          ? undefined
          : body.to.type === "custom-emails"
            ? { type: "custom-emails", emails: body.to.emails }
            : body.to.type === "user-custom-emails"
              ? { type: "user-custom-emails", userId: body.to.user_id, emails: body.to.emails }
              : { type: "user-primary-email", userId: body.to.user_id },
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
