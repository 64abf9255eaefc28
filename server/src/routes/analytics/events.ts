import { gunzipSync } from "node:zlib";
import { z } from "@hono/zod-openapi";
import { CLIENT_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MillisSchema } from "../../http/schemas";
import { describeIssues } from "../../http/validation";
import { KnownError } from "../../errors";
import { CLIENT_EVENT_TYPES, MAX_EVENT_DATA_BYTES, MAX_EVENTS_PER_BATCH, recordClientEvents } from "../../services/analytics/events";

/**
 * The SDK's event tracker posts page views and clicks here from every browser app of a
 * project whose Analytics app is installed. The body is JSON, or the same JSON gzipped as
 * `application/octet-stream`; either way it is bounded by the body limit (and, gzipped, by the
 * same limit once inflated) and checked against one schema.
 */
// Either case, spelled out: the pattern goes into the document, where an `i` flag would be lost.
const uuidLike = (what: string) =>
  z.string().regex(/^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[089abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}$/, `Invalid ${what}`);

const EventDataSchema = z.unknown().refine((data) => data !== undefined, "data must be defined").refine(
  (data) => JSON.stringify(data ?? null).length <= MAX_EVENT_DATA_BYTES,
  `an event's data is at most ${MAX_EVENT_DATA_BYTES} bytes of JSON`,
);

const AnalyticsBatchSchema = z
  .strictObject({
    session_replay_segment_id: uuidLike("session_replay_segment_id"),
    batch_id: uuidLike("batch_id"),
    sent_at_ms: MillisSchema,
    events: z
      .array(
        z.strictObject({
          event_type: z.enum(CLIENT_EVENT_TYPES),
          event_at_ms: MillisSchema,
          data: EventDataSchema.openapi({ description: "What the tracker recorded (JSON)." }),
        }),
      )
      .min(1)
      .max(MAX_EVENTS_PER_BATCH),
  })
  .openapi("AnalyticsEventBatch");

const sendAnalyticsEventsRoute = authenticatedRoute(CLIENT_AND_UP, ["ANALYTICS_NOT_ENABLED", "USER_AUTHENTICATION_REQUIRED"], {
  operationId: "sendAnalyticsEvents",
  method: "post",
  path: "/analytics/events/batch",
  tags: ["Analytics"],
  summary: "Store a batch of the SDK's page views and clicks",
  description:
    "Needs a signed-in user and the Analytics app (`apps.installed.analytics.enabled`). The events are stored for the user's session and can be read with `POST /internal/analytics/query`.",
  request: {
    body: {
      // Required in either form; `false` keeps the JSON validator off a gzipped body, which the handler checks.
      required: false,
      content: {
        "application/json": { schema: AnalyticsBatchSchema },
        "application/octet-stream": { schema: z.string().openapi({ format: "binary", description: "The same JSON, gzipped." }) },
      },
    },
  },
  responses: { 200: jsonResponse(z.object({ inserted: z.number().int() }).openapi("AnalyticsEventsInserted"), "How many events were stored") },
});

export type AnalyticsEventBatch = z.infer<typeof AnalyticsBatchSchema>;

/** A gzipped batch, inflated within the body limit and checked as the JSON form is. */
function parseGzippedBatch(body: ArrayBuffer, maxBytes: number): AnalyticsEventBatch {
  let json: unknown;
  try {
    json = JSON.parse(gunzipSync(Buffer.from(body), { maxOutputLength: maxBytes }).toString("utf8"));
  } catch {
    throw new KnownError("SCHEMA_ERROR", { message: "body: not gzipped JSON within the body limit" });
  }
  const parsed = AnalyticsBatchSchema.safeParse(json);
  if (!parsed.success) throw new KnownError("SCHEMA_ERROR", { message: describeIssues(parsed.error, "body") });
  return parsed.data;
}

const missingBody = (): never => {
  throw new KnownError("SCHEMA_ERROR", { message: "body: a JSON batch (application/json), or the same gzipped (application/octet-stream), is required" });
};

export function registerAnalyticsRoutes(router: Router): void {
  router.openapi(sendAnalyticsEventsRoute, async (c) => {
    const body = c.req.header("content-type")?.startsWith("application/octet-stream")
      ? parseGzippedBatch(await c.req.arrayBuffer(), c.var.deps.settings.bodyLimitBytes)
      : ((c.req.valid("json") as AnalyticsEventBatch | undefined) ?? missingBody());
    const user = c.var.auth.user;
    const inserted = await recordClientEvents(
      c.var.deps,
      c.var.auth.tenancy,
      { userId: user?.sub, sessionId: user?.refresh_token_id },
      {
        sessionReplaySegmentId: body.session_replay_segment_id,
        events: body.events.map((e) => ({ eventType: e.event_type, eventAtMs: e.event_at_ms, data: e.data })),
      },
    );
    return c.json({ inserted }, 200);
  });
}
