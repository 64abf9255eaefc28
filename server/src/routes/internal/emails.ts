import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, listSchema, SuccessSchema } from "../../http/schemas";
import { sendSignInInvitation, sendTestEmail } from "../../services/emails/admin-mail";
import { EDITABLE_STATUSES, PENDING_STATUSES, listSentEmails } from "../../services/emails/outbox";

const SentEmailSchema = z
  .object({
    id: z.uuid(),
    to: z.array(z.string()),
    user_id: z.string().nullable(),
    subject: z.string().openapi({ description: "Empty until a queued message is rendered (unless the send gave a subject)." }),
    status: z.enum(["queued", "scheduled", "rendering", "sending", "sent", "bounced", "failed", "skipped", "not_sent"]).openapi({
      description: "`not_sent`: no SMTP server was configured. `skipped`: cancelled, or the user turned the category off. `bounced`: refused for good by the receiving server.",
    }),
    error: z.string().nullable(),
    purpose: z.string(),
    created_at_millis: z.number(),
    sent_at_millis: z.number().nullable(),
    scheduled_at_millis: z.number().nullable(),
    next_attempt_at_millis: z.number().nullable().openapi({ description: "When a pending message is next tried." }),
    attempts: z.number().int(),
    is_high_priority: z.boolean(),
    is_paused: z.boolean(),
    editable: z.boolean().openapi({ description: "Queued or scheduled: can still be edited or cancelled (PATCH /emails/outbox/{id})." }),
  })
  .openapi("SentEmail");

const listSentEmailsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listSentEmails",
  method: "get",
  path: "/internal/emails",
  tags: ["Internal"],
  summary: "The project's outbox: every e-mail it sent or tried to send, newest first",
  request: {
    query: z.object({
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse(listSchema(SentEmailSchema, "SentEmailList"), "A page of e-mails") },
});

const sendSignInInvitationRoute = authenticatedRoute(SERVER_AND_UP, ["REDIRECT_URL_NOT_WHITELISTED"], {
  operationId: "sendSignInInvitation",
  method: "post",
  path: "/internal/send-sign-in-invitation",
  tags: ["Internal"],
  summary: "E-mail someone an invitation to sign in",
  description: "The link is `callback_url`, which must be trusted by the project (REDIRECT_URL_NOT_WHITELISTED). The message goes through the outbox like every other.",
  request: { body: jsonBody(z.strictObject({ email: EmailSchema, callback_url: CallbackUrlSchema }).openapi("SignInInvitation")) },
  responses: { 200: jsonResponse(SuccessSchema, "Queued for sending") },
});

const TestEmailConfig = z
  .strictObject({
    host: z.string().min(1).max(255),
    port: z.number().int().min(0).max(65535),
    username: z.string().max(512).optional(),
    password: z.string().max(512).optional(),
    sender_name: z.string().max(256).optional(),
    sender_email: EmailSchema,
  })
  .openapi("TestEmailConfig");

const sendTestEmailRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "sendTestEmail",
  method: "post",
  path: "/internal/send-test-email",
  tags: ["Internal"],
  summary: "Try SMTP settings by sending a test message",
  description:
    "The settings are used for this one message and not stored. The answer says whether the SMTP server accepted it and, if not, " +
    "what it said. A project that does not allow localhost may not name a private or local host.",
  request: { body: jsonBody(z.strictObject({ recipient_email: EmailSchema, email_config: TestEmailConfig }).openapi("TestEmailRequest")) },
  responses: {
    200: jsonResponse(
      z.object({ success: z.boolean(), error_message: z.string().optional() }).openapi("TestEmailResult"),
      "Whether the message was accepted",
    ),
  },
});

export function registerInternalEmailRoutes(router: Router): void {
  router.openapi(sendSignInInvitationRoute, async (c) => {
    const { email, callback_url } = c.req.valid("json");
    await sendSignInInvitation(c.var.deps, c.var.auth.tenancy, email, callback_url);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(sendTestEmailRoute, async (c) => {
    const { recipient_email, email_config: config } = c.req.valid("json");
    const result = await sendTestEmail(c.var.deps, c.var.auth.tenancy, recipient_email, {
      host: config.host,
      port: config.port,
      username: config.username,
      password: config.password,
      senderName: config.sender_name,
      senderEmail: config.sender_email,
    });
    return c.json(result.success ? { success: true } : { success: false, error_message: result.errorMessage }, 200);
  });

  router.openapi(listSentEmailsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listSentEmails(c.var.deps, c.var.auth.tenancy, { limit: query.limit ?? 50, cursor: query.cursor });
    return c.json(
      {
        items: page.emails.map((e) => ({
          id: e.id,
          to: [e.to],
          user_id: e.userId,
          subject: e.subject ?? "",
          status: e.status,
          error: e.error,
          purpose: e.purpose,
          created_at_millis: e.createdAtMillis,
          sent_at_millis: e.sentAtMillis,
          scheduled_at_millis: e.scheduledAtMillis,
          next_attempt_at_millis: PENDING_STATUSES.includes(e.status) ? e.nextAttemptAtMillis : null,
          attempts: e.attempts,
          is_high_priority: e.isHighPriority,
          is_paused: e.paused,
          editable: EDITABLE_STATUSES.includes(e.status),
        })),
        is_paginated: true,
        pagination: { next_cursor: page.nextCursor },
      },
      200,
    );
  });
}
