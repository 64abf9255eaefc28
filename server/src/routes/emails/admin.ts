import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { CallbackUrlSchema, EmailSchema, SuccessSchema } from "../../http/schemas";
import { mailLocale } from "../../http/locale";
import { sendSignInInvitation, sendTestEmail } from "../../services/emails/admin-mail";
import { listOutboxMessages } from "../../services/emails/outbox";
import { toShortOutboxEmail } from "../../services/emails/outbox-shapes";

const InternalEmailSchema = z
  .object({
    id: z.uuid(),
    subject: z.string(),
    sent_at_millis: z.number().openapi({ description: "When it was sent, or given up on; for one still waiting, when it was queued." }),
    to: z.array(z.string()),
    error: z.string().nullable(),
  })
  .openapi("InternalEmail");

const INTERNAL_EMAILS_LIMIT = 100;

const listInternalEmailsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listInternalEmails",
  method: "get",
  path: "/internal/emails",
  tags: ["Emails"],
  summary: "The project's last 100 e-mails, newest first, in Stack Auth's short form",
  description: "For the whole outbox, paged and with every status, see GET /emails/log and GET /emails/outbox.",
  responses: {
    200: jsonResponse(z.object({ items: z.array(InternalEmailSchema), is_paginated: z.literal(false) }).openapi("InternalEmailList"), "The e-mails"),
  },
});

const sendSignInInvitationRoute = authenticatedRoute(SERVER_AND_UP, ["REDIRECT_URL_NOT_WHITELISTED"], {
  operationId: "sendSignInInvitation",
  method: "post",
  path: "/internal/send-sign-in-invitation",
  tags: ["Emails"],
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
  tags: ["Emails"],
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
    await sendSignInInvitation(c.var.deps, c.var.auth.tenancy, email, callback_url, mailLocale(c));
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

  router.openapi(listInternalEmailsRoute, async (c) => {
    const page = await listOutboxMessages(c.var.deps, c.var.auth.tenancy, { limit: INTERNAL_EMAILS_LIMIT });
    return c.json({ items: page.emails.map(toShortOutboxEmail), is_paginated: false as const }, 200);
  });
}
