import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { exportAuditEvents, listAuditEvents } from "../../services/audit-log/search";
import { verifyAuditLog } from "../../services/audit-log/verify";
import {
  AuditEventListSchema,
  AuditFilterQuery,
  AuditPageQuery,
  AuditSubjectQuery,
  AuditVerificationSchema,
  DEFAULT_AUDIT_PAGE,
  pageWire,
  toAuditQuery,
} from "./schemas";
import { toAuditEventWire } from "../../services/audit-log/wire";

const TAGS = ["Audit log"];

const listAuditEventsRoute = authenticatedRoute(ADMIN_ONLY, ["AUDIT_LOG_FILTER_INVALID"], {
  operationId: "listAuditEvents",
  method: "get",
  path: "/internal/audit-log",
  tags: TAGS,
  summary: "List the project branch's audit events, newest first",
  description:
    "Filters combine (AND). `user_id` matches the actor or the target; `action_prefix` every action it begins. Pages are keyset-paged: " +
    "pass `next_cursor` as `cursor` for the next, older page. An unknown `action`, a malformed cursor or a time range whose start is after " +
    "its end is AUDIT_LOG_FILTER_INVALID.",
  request: { query: AuditFilterQuery.merge(AuditSubjectQuery).merge(AuditPageQuery) },
  responses: { 200: jsonResponse(AuditEventListSchema, "A page of events") },
});

const verifyAuditLogRoute = authenticatedRoute(ADMIN_ONLY, [], {
  operationId: "verifyAuditLog",
  method: "get",
  path: "/internal/audit-log/verify",
  tags: TAGS,
  summary: "Recompute the audit log's hash chain and report the first broken event",
  description:
    "Walks the chain from the retention checkpoint to its head. `first_broken.reason` is `changed` (the event's content no longer " +
    "matches its hash), `missing` (an event before it was deleted), `link_broken` (events were removed, inserted or reordered) or " +
    "`truncated` (events at the end were deleted).",
  responses: { 200: jsonResponse(AuditVerificationSchema, "The verification") },
});

const exportAuditLogRoute = authenticatedRoute(ADMIN_ONLY, ["AUDIT_LOG_FILTER_INVALID"], {
  operationId: "exportAuditLog",
  method: "get",
  path: "/internal/audit-log/export",
  tags: TAGS,
  summary: "Download the audit events the filters match, as JSON lines",
  description: "One event per line (application/x-ndjson), newest first, streamed; the filters are the list's.",
  request: { query: AuditFilterQuery.merge(AuditSubjectQuery) },
  responses: {
    200: {
      description: "The events, one JSON object per line, shaped as AuditEvent",
      content: { "application/x-ndjson": { schema: z.string() } },
    },
  },
});

export function registerAdminAuditLogRoutes(router: Router): void {
  router.openapi(listAuditEventsRoute, async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("query");
    const page = await listAuditEvents(c.var.deps, c.var.auth.tenancy, toAuditQuery(filters), { limit: limit ?? DEFAULT_AUDIT_PAGE, cursor });
    return c.json(pageWire(page), 200);
  });

  router.openapi(verifyAuditLogRoute, async (c) => {
    const result = await verifyAuditLog(c.var.deps, c.var.auth.tenancy);
    return c.json(
      {
        valid: result.valid,
        checked_events: result.checkedEvents,
        checkpoint_seq: result.checkpointSeq,
        last_seq: result.lastSeq,
        first_broken: result.firstBroken && { seq: result.firstBroken.seq, event_id: result.firstBroken.eventId, reason: result.firstBroken.reason },
      },
      200,
    );
  });

  router.openapi(exportAuditLogRoute, async (c) => {
    const pages = exportAuditEvents(c.var.deps, c.var.auth.tenancy, toAuditQuery(c.req.valid("query")));
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await pages.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value.map((event) => `${JSON.stringify(toAuditEventWire(event))}\n`).join("")));
      },
      async cancel() {
        await pages.return(undefined);
      },
    });
    const file = `audit-log-${c.var.auth.tenancy.projectId}-${new Date().toISOString().slice(0, 10)}.jsonl`;
    return new Response(body, {
      status: 200,
      headers: { "content-type": "application/x-ndjson", "content-disposition": `attachment; filename="${file}"` },
    }) as never;
  });
}
