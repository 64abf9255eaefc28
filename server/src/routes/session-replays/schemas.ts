import { z } from "@hono/zod-openapi";
import type { ReplayChunk, ReplaySummary } from "../../services/session-replays/playback";
import { MAX_DATE_MILLIS } from "../../http/schemas";

/** What one batch may hold: Stack Auth's bounds, which its SDK's batches (200 events, about 512 KB) stay well inside. */
export const MAX_BATCH_BYTES = 1_000_000;
export const MAX_BATCH_EVENTS = 5_000;

export const SessionReplayBatchSchema = z
  .strictObject({
    browser_session_id: z.uuid().openapi({ description: "The browser tab session the SDK keeps in local storage." }),
    session_replay_segment_id: z.uuid().openapi({ description: "The recording segment of the tab; analytics events name it too." }),
    batch_id: z.uuid().openapi({ description: "Chosen by the SDK for each batch; a batch sent again under the same id is stored once." }),
    started_at_ms: z.number().int().min(0).max(MAX_DATE_MILLIS).openapi({ description: "When the SDK started recording the segment." }),
    sent_at_ms: z.number().int().min(0).max(MAX_DATE_MILLIS).openapi({ description: "When the SDK sent the batch; the time of a batch whose events carry none." }),
    // Counted by the route, which refuses an empty or overfull batch as Stack Auth does (a plain 400).
    events: z
      .array(z.unknown())
      .openapi({ description: `1 to ${MAX_BATCH_EVENTS} rrweb events, stored as sent; each event's \`timestamp\` (ms) places it in the replay.` }),
  })
  .openapi("SessionReplayBatch");

export const SessionReplayBatchResultSchema = z
  .object({
    session_replay_id: z.uuid(),
    batch_id: z.uuid(),
    s3_key: z.string().openapi({
      description: "The stored chunk's key, named as Stack Auth names its storage objects (Gatehouse keeps chunks in its database).",
    }),
    deduped: z.boolean().openapi({ description: "True when this batch id was already stored: nothing changed." }),
  })
  .openapi("SessionReplayBatchResult");

export const SessionReplaySchema = z
  .object({
    id: z.uuid(),
    project_user: z.object({ id: z.uuid(), display_name: z.string().nullable(), primary_email: z.string().nullable() }),
    started_at_millis: z.number().int().openapi({ description: "The time of its first event, as the browser stamped it." }),
    last_event_at_millis: z.number().int().openapi({ description: "The time of its last event so far." }),
    chunk_count: z.number().int(),
    event_count: z.number().int(),
    click_count: z.number().int().openapi({ description: "Mouse clicks in the recording (rrweb click interactions)." }),
  })
  .openapi("SessionReplay");

export const SessionReplayListSchema = z
  .object({
    items: z.array(SessionReplaySchema),
    is_paginated: z.literal(true),
    pagination: z.object({ next_cursor: z.uuid().nullable() }),
  })
  .openapi("SessionReplayList");

export const SessionReplayChunkSchema = z
  .object({
    id: z.uuid(),
    batch_id: z.uuid(),
    session_replay_segment_id: z.uuid(),
    browser_session_id: z.uuid(),
    event_count: z.number().int(),
    byte_length: z.number().int().openapi({ description: "Its stored (gzipped) size." }),
    first_event_at_millis: z.number().int(),
    last_event_at_millis: z.number().int(),
    created_at_millis: z.number().int(),
  })
  .openapi("SessionReplayChunk");

export const SessionReplayChunkListSchema = z
  .object({
    items: z.array(SessionReplayChunkSchema),
    is_paginated: z.literal(true),
    pagination: z.object({ next_cursor: z.uuid().nullable() }),
  })
  .openapi("SessionReplayChunkList");

const EventsSchema = z.array(z.unknown()).openapi({ description: "rrweb events, as the SDK sent them." });

export const SessionReplayChunkEventsSchema = z.object({ events: EventsSchema }).openapi("SessionReplayChunkEvents");

export const SessionReplayEventsSchema = z
  .object({
    chunks: z.array(SessionReplayChunkSchema).openapi({ description: "Every chunk of the replay, in playing order." }),
    chunk_events: z
      .array(z.object({ chunk_id: z.uuid(), events: EventsSchema }))
      .openapi({ description: "The events of the chunks in the requested window, in the same order." }),
  })
  .openapi("SessionReplayEvents");

export const toReplayWire = (row: ReplaySummary) => ({
  id: row.id,
  project_user: { id: row.userId, display_name: row.userDisplayName, primary_email: row.userPrimaryEmail },
  started_at_millis: row.startedAtMillis,
  last_event_at_millis: row.lastEventAtMillis,
  chunk_count: row.chunkCount,
  event_count: row.eventCount,
  click_count: row.clickCount,
});

export const toChunkWire = (row: ReplayChunk) => ({
  id: row.id,
  batch_id: row.batchId,
  session_replay_segment_id: row.segmentId,
  browser_session_id: row.browserSessionId,
  event_count: row.eventCount,
  byte_length: row.byteLength,
  first_event_at_millis: row.firstEventAtMillis,
  last_event_at_millis: row.lastEventAtMillis,
  created_at_millis: row.createdAtMillis,
});
