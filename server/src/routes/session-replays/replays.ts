import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { chunkEvents, getReplay, listChunkPage, listReplayPage, replayEvents } from "../../services/session-replays/playback";
import { MAX_FILTER_IDS, parseReplayFilter } from "./list-filters";
import {
  SessionReplayChunkEventsSchema,
  SessionReplayChunkListSchema,
  SessionReplayEventsSchema,
  SessionReplayListSchema,
  SessionReplaySchema,
  toChunkWire,
  toReplayWire,
} from "./schemas";

const TAGS = ["Session replays"];
const MAX_REPLAY_PAGE = 200;
const DEFAULT_REPLAY_PAGE = 50;
const MAX_CHUNK_PAGE = 500;
const DEFAULT_CHUNK_PAGE = 100;
/** Chunks whose events one request returns: a batch holds up to 1 MB of events. */
const MAX_EVENT_WINDOW = 20;
// Room for more ids than are allowed, so that too many is the filter's own refusal.
const MAX_FILTER_IDS_TEXT = 8_192;
const pageSize = (max: number, fallback: number) =>
  z.coerce.number().int().min(1).max(max).optional().openapi({ description: `1 to ${max}; default ${fallback}.` });
// The filters are read from text by list-filters.ts, as Stack Auth reads them (a bad one is a plain 400).
const filterText = (description: string, max = 32) => z.string().max(max).optional().openapi({ description });

const ListQuery = z.object({
  cursor: z.string().max(64).optional().openapi({ description: "The `next_cursor` of the previous page (the id of its last replay)." }),
  limit: pageSize(MAX_REPLAY_PAGE, DEFAULT_REPLAY_PAGE),
  user_ids: filterText(`Comma-separated user ids, at most ${MAX_FILTER_IDS}.`, MAX_FILTER_IDS_TEXT),
  team_ids: filterText(`Comma-separated team ids, at most ${MAX_FILTER_IDS}: the replays of their members.`, MAX_FILTER_IDS_TEXT),
  duration_ms_min: filterText("Only replays at least this long (first to last event, ms)."),
  duration_ms_max: filterText("Only replays at most this long."),
  last_event_at_from_millis: filterText("Only replays whose last event is at or after this time (ms)."),
  last_event_at_to_millis: filterText("Only replays whose last event is at or before this time (ms)."),
  click_count_min: filterText("Only replays with at least this many clicks."),
});

const ReplayParam = z.object({ session_replay_id: z.uuid().openapi({ param: { name: "session_replay_id", in: "path" } }) });
const ChunkParams = ReplayParam.extend({ chunk_id: z.uuid().openapi({ param: { name: "chunk_id", in: "path" } }) });
const ChunkQuery = z.object({
  cursor: z.uuid().optional().openapi({ description: "The `next_cursor` of the previous page (the id of its last chunk)." }),
  limit: pageSize(MAX_CHUNK_PAGE, DEFAULT_CHUNK_PAGE),
});
const EventsQuery = z.object({
  offset: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional().openapi({ description: "The first chunk (0-based) whose events to return; default 0." }),
  limit: pageSize(MAX_EVENT_WINDOW, MAX_EVENT_WINDOW),
});

const listSessionReplaysRoute = authenticatedRoute(ADMIN_ONLY, ["ITEM_NOT_FOUND", "SESSION_REPLAY_FILTER_INVALID"], {
  operationId: "listSessionReplays",
  method: "get",
  path: "/internal/session-replays",
  tags: TAGS,
  summary: "List the project's session replays, latest activity first",
  description:
    "Filters combine (AND); an empty one is ignored. `team_ids` keeps the replays of users who are members of one of the teams " +
    "now. A malformed filter, or a minimum above its maximum, is a plain 400 (as in Stack Auth); a cursor that names no replay " +
    "of the project is ITEM_NOT_FOUND.",
  request: { query: ListQuery },
  responses: { 200: jsonResponse(SessionReplayListSchema, "A page of replays") },
});

const getSessionReplayRoute = authenticatedRoute(ADMIN_ONLY, ["ITEM_NOT_FOUND"], {
  operationId: "getSessionReplay",
  method: "get",
  path: "/internal/session-replays/{session_replay_id}",
  tags: TAGS,
  summary: "Read one session replay: its user, times and totals",
  description: "Gatehouse's own (Stack Auth lists replays only); an unknown replay is ITEM_NOT_FOUND.",
  request: { params: ReplayParam },
  responses: { 200: jsonResponse(SessionReplaySchema, "The replay") },
});

const listSessionReplayChunksRoute = authenticatedRoute(ADMIN_ONLY, ["ITEM_NOT_FOUND"], {
  operationId: "listSessionReplayChunks",
  method: "get",
  path: "/internal/session-replays/{session_replay_id}/chunks",
  tags: TAGS,
  summary: "List a replay's chunks (its uploaded batches) in playing order",
  description: "An unknown replay, or a cursor that is not a chunk of this replay, is ITEM_NOT_FOUND.",
  request: { params: ReplayParam, query: ChunkQuery },
  responses: { 200: jsonResponse(SessionReplayChunkListSchema, "A page of chunks") },
});

const getSessionReplayChunkEventsRoute = authenticatedRoute(ADMIN_ONLY, ["ITEM_NOT_FOUND"], {
  operationId: "getSessionReplayChunkEvents",
  method: "get",
  path: "/internal/session-replays/{session_replay_id}/chunks/{chunk_id}/events",
  tags: TAGS,
  summary: "The events of one chunk of a replay",
  description: "A chunk that is not of this replay is ITEM_NOT_FOUND.",
  request: { params: ChunkParams },
  responses: { 200: jsonResponse(SessionReplayChunkEventsSchema, "The chunk's events") },
});

const getSessionReplayEventsRoute = authenticatedRoute(ADMIN_ONLY, ["ITEM_NOT_FOUND"], {
  operationId: "getSessionReplayEvents",
  method: "get",
  path: "/internal/session-replays/{session_replay_id}/events",
  tags: TAGS,
  summary: "Every chunk of a replay, with the events of a window of them",
  description: `The events of \`limit\` chunks (at most ${MAX_EVENT_WINDOW}) from \`offset\`; read the next window with a larger offset.`,
  request: { params: ReplayParam, query: EventsQuery },
  responses: { 200: jsonResponse(SessionReplayEventsSchema, "The chunks, and the window's events") },
});

export function registerSessionReplayRoutes(router: Router): void {
  router.openapi(listSessionReplaysRoute, async (c) => {
    const { cursor, limit, ...filters } = c.req.valid("query");
    const page = await listReplayPage(c.var.deps, c.var.auth.tenancy, parseReplayFilter(filters), { limit: limit ?? DEFAULT_REPLAY_PAGE, cursor: cursor || undefined });
    return c.json({ items: page.items.map(toReplayWire), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(getSessionReplayRoute, async (c) => {
    const { session_replay_id } = c.req.valid("param");
    return c.json(toReplayWire(await getReplay(c.var.deps, c.var.auth.tenancy, session_replay_id)), 200);
  });

  router.openapi(listSessionReplayChunksRoute, async (c) => {
    const q = c.req.valid("query");
    const { session_replay_id } = c.req.valid("param");
    const page = await listChunkPage(c.var.deps, c.var.auth.tenancy, session_replay_id, { limit: q.limit ?? DEFAULT_CHUNK_PAGE, cursor: q.cursor });
    return c.json({ items: page.items.map(toChunkWire), is_paginated: true as const, pagination: { next_cursor: page.nextCursor } }, 200);
  });

  router.openapi(getSessionReplayChunkEventsRoute, async (c) => {
    const { session_replay_id, chunk_id } = c.req.valid("param");
    return c.json({ events: await chunkEvents(c.var.deps, c.var.auth.tenancy, session_replay_id, chunk_id) }, 200);
  });

  router.openapi(getSessionReplayEventsRoute, async (c) => {
    const { session_replay_id } = c.req.valid("param");
    const q = c.req.valid("query");
    const result = await replayEvents(c.var.deps, c.var.auth.tenancy, session_replay_id, { offset: q.offset ?? 0, limit: q.limit ?? MAX_EVENT_WINDOW });
    return c.json(
      {
        chunks: result.chunks.map(toChunkWire),
        chunk_events: result.chunkEvents.map((entry) => ({ chunk_id: entry.chunkId, events: entry.events })),
      },
      200,
    );
  });
}
