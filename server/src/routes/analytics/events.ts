import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { SuccessSchema } from "../../http/schemas";

/**
 * The SDK's event tracker posts page views and clicks here from every browser app; Gatehouse
 * keeps no analytics (CONTRACT §6 leaves analytics out of scope), so the batch is accepted
 * and dropped, and the app's console stays clean. The body is read by no one: JSON, or the
 * same JSON gzipped as `application/octet-stream`, within the body limit.
 */
const AnalyticsBatchSchema = z
  .looseObject({
    batch_id: z.string().max(256).optional(),
    sent_at_ms: z.number().optional(),
    events: z.array(z.unknown()).max(10_000).optional(),
  })
  .openapi("AnalyticsEventBatch");

const sendAnalyticsEventsRoute = authenticatedRoute(CLIENT_AND_UP, [], {
  operationId: "sendAnalyticsEvents",
  method: "post",
  path: "/analytics/events/batch",
  tags: ["Misc"],
  summary: "Accept a batch of the SDK's analytics events, and drop it",
  description:
    "Gatehouse records no analytics: the batch is accepted and discarded, so that apps on the Stack SDKs, which send these from every page, see no failed requests. Nothing in it is stored or logged.",
  request: {
    body: {
      required: false,
      content: {
        "application/json": { schema: AnalyticsBatchSchema },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary", description: "The same JSON, gzipped." }) },
      },
    },
  },
  responses: { 200: jsonResponse(SuccessSchema, "Accepted (and dropped)") },
});

export function registerAnalyticsRoutes(router: Router): void {
  router.openapi(sendAnalyticsEventsRoute, (c) => c.json({ success: true as const }, 200));
}
