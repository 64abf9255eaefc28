/**
 * GET and PATCH /emails/outbox: the project's outbox in Stack Auth's shape, which its SDKs read.
 * The dashboard's own view of the same messages is GET /emails/log (log.ts); Stack Auth's short
 * list is GET /internal/emails (admin.ts). services/emails/outbox-shapes.ts shapes all three.
 */
import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import { EmailSchema } from "../../http/schemas";
import type { Router } from "../../http/router";
import { editOutboxMessage, getOutboxMessage, listOutboxMessages, OUTBOX_WIRE_STATUSES } from "../../services/emails/outbox";
import { toOutboxEmail } from "../../services/emails/outbox-shapes";
import { EmailThemeIdSchema } from "./schemas";

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

export function registerOutboxRoutes(router: Router): void {
  router.openapi(listOutboxRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listOutboxMessages(c.var.deps, c.var.auth.tenancy, {
      limit: query.limit ?? 50,
      cursor: query.cursor,
      wireStatus: query.status,
      simpleStatus: query.simple_status,
    });
    return c.json({ items: page.emails.map(toOutboxEmail), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(getOutboxRoute, async (c) => {
    return c.json(toOutboxEmail(await getOutboxMessage(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id)), 200);
  });

  router.openapi(updateOutboxRoute, async (c) => {
    const body = c.req.valid("json");
    const updated = await editOutboxMessage(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, {
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
}
