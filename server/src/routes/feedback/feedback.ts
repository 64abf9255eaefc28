import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY, resolveAccess } from "../../http/access";
import { clientInfo } from "../../http/client-info";
import { authenticatedRoute, jsonBody, jsonResponse, optionallyAuthenticatedRoute, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { EmailSchema, listSchema, SuccessSchema } from "../../http/schemas";
import { listSubmittedFeedback, submitFeedback, type FeedbackRecord } from "../../services/feedback/feedback";

const SendFeedbackBody = z
  .strictObject({
    name: z.string().max(100).optional(),
    email: EmailSchema,
    message: z.string().trim().min(1, { message: "must not be empty" }).max(5000),
    feedback_type: z.enum(["feedback", "bug"]).optional(),
  })
  .openapi("SendFeedback");

const FeedbackSchema = z
  .object({
    id: z.string(),
    name: z.string().nullable(),
    email: z.string(),
    message: z.string(),
    feedback_type: z.enum(["feedback", "bug"]).nullable(),
    source_project_id: z.string().nullable().openapi({ description: "The project of a signed-in sender." }),
    user_id: z.string().nullable().openapi({ description: "The signed-in sender, a user of source_project_id." }),
    created_at_millis: z.number(),
  })
  .openapi("Feedback");

const sendFeedbackRoute = optionallyAuthenticatedRoute([], {
  operationId: "sendFeedback",
  method: "post",
  path: "/internal/feedback",
  tags: ["Feedback"],
  summary: "Send feedback or a bug report to the platform's operators",
  description:
    "Anyone may send (the dashboard sends it signed in, a developer tool without authentication); a signed-in sender is " +
    "recorded with it. It is kept (GET /internal/feedback) and mailed to STACK_INTERNAL_FEEDBACK_RECIPIENTS when set. " +
    "Rate limited per address (feedback_per_ip, 429).",
  request: { body: jsonBody(SendFeedbackBody) },
  responses: { 200: jsonResponse(SuccessSchema, "Received"), ...rateLimitedResponse },
});

const listFeedbackRoute = authenticatedRoute(ADMIN_ONLY, ["EXPECTED_INTERNAL_PROJECT"], {
  operationId: "listFeedback",
  method: "get",
  path: "/internal/feedback",
  tags: ["Feedback"],
  summary: "Read the feedback sent to the platform's operators",
  description: "Admins of the internal project only (EXPECTED_INTERNAL_PROJECT elsewhere). Newest first; kept RETENTION_DAYS.",
  request: {
    query: z.strictObject({
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.uuid().optional().openapi({ description: "`pagination.next_cursor` of the previous page." }),
    }),
  },
  responses: { 200: jsonResponse(listSchema(FeedbackSchema, "FeedbackList"), "Feedback, newest first") },
});

const toFeedback = (f: FeedbackRecord) => ({
  id: f.id,
  name: f.name,
  email: f.email,
  message: f.message,
  feedback_type: f.feedbackType,
  source_project_id: f.sourceProjectId,
  user_id: f.userId,
  created_at_millis: f.createdAtMillis,
});

export function registerFeedbackRoutes(router: Router): void {
  router.openapi(sendFeedbackRoute, async (c) => {
    const auth = await resolveAccess(c, c.var.deps);
    const body = c.req.valid("json");
    await submitFeedback(
      c.var.deps,
      { name: body.name, email: body.email, message: body.message, feedbackType: body.feedback_type },
      auth ? { tenancy: auth.tenancy, user: auth.user } : null,
      clientInfo(c).ip,
    );
    return c.json({ success: true as const }, 200);
  });

  router.openapi(listFeedbackRoute, async (c) => {
    const { limit, cursor } = c.req.valid("query");
    const page = await listSubmittedFeedback(c.var.deps, c.var.auth.tenancy, limit, cursor ?? null);
    return c.json({ items: page.items.map(toFeedback), is_paginated: true, pagination: { next_cursor: page.nextCursor } }, 200);
  });
}
