import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema } from "../../http/schemas";
import { listSentEmails } from "../../services/emails/outbox";

const SentEmailSchema = z
  .object({
    id: z.uuid(),
    to: z.array(z.string()),
    subject: z.string(),
    status: z.enum(["queued", "sent", "failed", "not_sent"]).openapi({ description: "`not_sent`: no SMTP server was configured." }),
    error: z.string().nullable(),
    purpose: z.string(),
    created_at_millis: z.number(),
    sent_at_millis: z.number().nullable(),
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

export function registerInternalEmailRoutes(router: Router): void {
  router.openapi(listSentEmailsRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listSentEmails(c.var.deps, c.var.auth.tenancy, { limit: query.limit ?? 50, cursor: query.cursor });
    return c.json(
      {
        items: page.emails.map((e) => ({
          id: e.id,
          to: [e.to],
          subject: e.subject,
          status: e.status,
          error: e.error,
          purpose: e.purpose,
          created_at_millis: e.createdAtMillis,
          sent_at_millis: e.sentAtMillis,
        })),
        is_paginated: true,
        pagination: { next_cursor: page.nextCursor },
      },
      200,
    );
  });
}
