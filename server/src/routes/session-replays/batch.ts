import { KnownError } from "../../errors";
import { CLIENT_AND_UP, requireUser } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse, rateLimitedResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { enforceRateLimits, RATE_LIMITS } from "../../services/rate-limits/rate-limits";
import { storeReplayBatch } from "../../services/session-replays/batches";
import { requireRecordingOn } from "../../services/session-replays/recording";
import { MAX_BATCH_BYTES, MAX_BATCH_EVENTS, SessionReplayBatchResultSchema, SessionReplayBatchSchema } from "./schemas";

const BATCH_ERRORS = [
  "ANALYTICS_NOT_ENABLED",
  "USER_AUTHENTICATION_REQUIRED",
  "SESSION_REPLAY_BATCH_EMPTY",
  "SESSION_REPLAY_BATCH_TOO_MANY_EVENTS",
  "SESSION_REPLAY_BATCH_TOO_LARGE",
] as const;

const sendSessionReplayBatchRoute = authenticatedRoute(CLIENT_AND_UP, BATCH_ERRORS, {
  operationId: "sendSessionReplayBatch",
  method: "post",
  path: "/session-replays/batch",
  tags: ["Session replays"],
  summary: "Upload a batch of the signed-in user's recorded rrweb events",
  description:
    "The SDK's session recorder posts these while a user is signed in, when the project has the Analytics app installed " +
    "(`apps.installed.analytics.enabled`; else ANALYTICS_NOT_ENABLED). Batches of one session join one replay until the " +
    `session is idle for 3 minutes or has recorded for 12 hours. A body over ${MAX_BATCH_BYTES.toLocaleString("en")} bytes is ` +
    "a plain 413, a batch without events or with too many a plain 400, as in Stack Auth. A batch id already stored for the " +
    "user answers `deduped: true` and changes nothing.",
  request: { body: jsonBody(SessionReplayBatchSchema) },
  responses: { 200: jsonResponse(SessionReplayBatchResultSchema, "Stored, or already stored"), ...rateLimitedResponse },
});

export function registerSessionReplayBatchRoutes(router: Router): void {
  router.openapi(sendSessionReplayBatchRoute, async (c) => {
    const auth = c.var.auth;
    const body = c.req.valid("json");
    // In Stack Auth's order: the app first, then the user, then the size.
    requireRecordingOn(auth.tenancy);
    const user = requireUser(auth);
    // The request guard has read the body already; this is its cached text.
    const bytes = Buffer.byteLength(await c.req.text());
    if (bytes > MAX_BATCH_BYTES) throw new KnownError("SESSION_REPLAY_BATCH_TOO_LARGE");
    if (body.events.length === 0) throw new KnownError("SESSION_REPLAY_BATCH_EMPTY");
    if (body.events.length > MAX_BATCH_EVENTS) throw new KnownError("SESSION_REPLAY_BATCH_TOO_MANY_EVENTS");
    await enforceRateLimits(c.var.deps, auth.tenancy, [{ rule: RATE_LIMITS.sessionReplayBatchesPerSession, subject: user.refresh_token_id }]);
    const stored = await storeReplayBatch(
      c.var.deps,
      auth.tenancy,
      { userId: user.sub, sessionId: user.refresh_token_id },
      {
        browserSessionId: body.browser_session_id,
        segmentId: body.session_replay_segment_id,
        batchId: body.batch_id,
        sentAtMillis: body.sent_at_ms,
        events: body.events,
      },
    );
    return c.json({ session_replay_id: stored.replayId, batch_id: stored.batchId, s3_key: stored.storageKey, deduped: stored.deduped }, 200);
  });
}
