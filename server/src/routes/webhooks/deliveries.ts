import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { listSchema } from "../../http/schemas";
import { listDeliveryLog, type LoggedDelivery } from "../../services/webhooks/delivery-log";

const TrySchema = z
  .object({
    attempt: z.number().int(),
    attempted_at_millis: z.number(),
    status_code: z.number().int().nullable().openapi({ description: "What the endpoint answered; null when no answer came." }),
    error: z.string().nullable(),
    duration_ms: z.number().int(),
  })
  .openapi("WebhookDeliveryTry");

const DeliverySchema = z
  .object({
    id: z.uuid(),
    webhook_id: z.string().openapi({ description: "The `webhook-id` header: one per event, the same on every try and endpoint." }),
    endpoint_id: z.string(),
    event_type: z.string(),
    payload: z.string().openapi({ description: "The body sent, as JSON text." }),
    status: z.enum(["pending", "delivered", "failed"]).openapi({ description: "`pending`: waiting for its first or next try; `failed`: out of tries, or the endpoint was removed or disabled." }),
    attempts: z.number().int(),
    next_attempt_at_millis: z.number().nullable(),
    last_status_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at_millis: z.number(),
    finished_at_millis: z.number().nullable(),
    tries: z.array(TrySchema),
  })
  .openapi("WebhookDelivery");

const listDeliveriesRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "listWebhookDeliveries",
  method: "get",
  path: "/internal/webhooks/deliveries",
  tags: ["Webhooks"],
  summary: "The delivery log: every webhook the project sent or is sending, newest first, with each try",
  request: {
    query: z.object({
      endpoint_id: z.string().min(1).max(63).optional(),
      cursor: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(200).optional(),
    }),
  },
  responses: { 200: jsonResponse(listSchema(DeliverySchema, "WebhookDeliveryList"), "A page of deliveries") },
});

const toWire = (d: LoggedDelivery) => ({
  id: d.id,
  webhook_id: d.messageId,
  endpoint_id: d.endpointId,
  event_type: d.eventType,
  payload: d.body,
  status: d.status,
  attempts: d.attempts,
  next_attempt_at_millis: d.status === "pending" ? d.nextAttemptAtMillis : null,
  last_status_code: d.lastStatusCode,
  last_error: d.lastError,
  created_at_millis: d.createdAtMillis,
  finished_at_millis: d.finishedAtMillis,
  tries: d.tries.map((t) => ({
    attempt: t.attempt,
    attempted_at_millis: t.attemptedAtMillis,
    status_code: t.statusCode,
    error: t.error,
    duration_ms: t.durationMs,
  })),
});

export function registerWebhookDeliveryRoutes(router: Router): void {
  router.openapi(listDeliveriesRoute, async (c) => {
    const query = c.req.valid("query");
    const page = await listDeliveryLog(c.var.deps, c.var.auth.tenancy, { limit: query.limit ?? 50, cursor: query.cursor, endpointId: query.endpoint_id });
    return c.json({ items: page.deliveries.map(toWire), is_paginated: true, pagination: { next_cursor: page.nextCursor } }, 200);
  });
}
