/**
 * GET /emails/log: the dashboard's view of the outbox, in Gatehouse's own statuses, with the
 * tries, the next try and whether a message can still be changed. Stack Auth's SDKs read the
 * same messages from GET /emails/outbox (their shape) and GET /internal/emails (a short list).
 */
import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema } from "../../http/schemas";
import { listOutboxMessages } from "../../services/emails/outbox";
import { toOutboxLogEntry } from "../../services/emails/outbox-shapes";

const SentEmailSchema = z
  .object({
    id: z.uuid(),
    to: z.array(z.string()),
    user_id: z.string().nullable(),
    subject: z.string().openapi({ description: "Empty until a queued message is rendered (unless the send gave a subject)." }),
    status: z.enum(["queued", "scheduled", "rendering", "sending", "sent", "bounced", "failed", "skipped", "not_sent"]).openapi({
      description: "`not_sent`: no SMTP server was configured. `skipped`: cancelled, or the user could not get it. `bounced`: refused for good by the receiving server.",
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
    editable: z.boolean().openapi({ description: "Not yet handed to SMTP: can still be edited or cancelled (PATCH /emails/outbox/{id})." }),
  })
  .openapi("SentEmail");

const listSentEmailsRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listSentEmails",
  method: "get",
  path: "/emails/log",
  tags: ["Emails"],
  summary: "The project's outbox as the dashboard shows it: every e-mail it sent or tried to send, newest first",
  request: {
    query: z.object({
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse(listSchema(SentEmailSchema, "SentEmailList"), "A page of e-mails") },
});

export function registerEmailLogRoutes(router: Router): void {
  router.openapi(listSentEmailsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listOutboxMessages(c.var.deps, c.var.auth.tenancy, { limit: query.limit ?? 50, cursor: query.cursor });
    return c.json({ items: page.emails.map(toOutboxLogEntry), is_paginated: true, pagination: { next_cursor: page.nextCursor } }, 200);
  });
}
