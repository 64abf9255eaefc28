/**
 * Storing the rrweb event batches a browser app's SDK uploads while a user is signed in.
 *
 * Batches of one session (one refresh token) join the replay that session is recording, until
 * it pauses for longer than REPLAY_IDLE_SECONDS, has recorded for REPLAY_MAX_AGE_SECONDS, or
 * holds REPLAY_MAX_CHUNKS batches; the next batch then starts a new replay. A batch id is
 * stored once per user, so a retried upload is answered `deduped` and changes nothing. Each
 * batch is kept as one chunk of gzipped JSON: rrweb's DOM snapshots are repetitive text and
 * shrink about tenfold. What a batch may hold is bounded by the route (body size, event count).
 */
import { promisify } from "node:util";
import { gzip as gzipCallback } from "node:zlib";
import { newId } from "../../crypto/random";
import {
  findChunkByBatch,
  findOpenReplay,
  growReplay,
  insertChunk,
  insertReplay,
  lockUserReplays,
  type ReplayGrowth,
} from "../../db/queries/session-replays";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { requireRecordingOn } from "./recording";

const gzip = promisify(gzipCallback);

/** A session that sends nothing for this long has ended its replay (the SDK flushes every 5 s). */
export const REPLAY_IDLE_SECONDS = 3 * 60;
/** No replay runs longer than this, however active the session. */
export const REPLAY_MAX_AGE_SECONDS = 12 * 60 * 60;
/** Nor holds more batches than this, which bounds what playing one back reads. */
export const REPLAY_MAX_CHUNKS = 10_000;

export interface ReplayBatch {
  browserSessionId: string;
  segmentId: string;
  batchId: string;
  sentAtMillis: number;
  events: unknown[];
}

export interface StoredBatch {
  replayId: string;
  batchId: string;
  /** Where the chunk is kept, named as Stack Auth names its storage objects. */
  storageKey: string;
  deduped: boolean;
}

// rrweb's numbering: an incremental snapshot (3) from a mouse interaction (2) that is a click (2).
const RRWEB_INCREMENTAL_SNAPSHOT = 3;
const RRWEB_MOUSE_INTERACTION = 2;
const RRWEB_CLICK = 2;
/** The last millisecond of the year 9999: later times have no ISO form PostgreSQL reads. */
const LATEST_EVENT_MILLIS = 253_402_300_799_999;

/**
 * The earliest and latest event times in the batch, and its clicks. Events without a usable
 * timestamp (missing, not a number, outside 1970 to 9999) do not count; a batch with none
 * takes the time it was sent.
 */
export function summarizeEvents(events: readonly unknown[], sentAtMillis: number): ReplayGrowth {
  let first = Infinity;
  let last = -Infinity;
  let clicks = 0;
  for (const event of events) {
    if (typeof event !== "object" || event === null) continue;
    const { timestamp, type, data } = event as { timestamp?: unknown; type?: unknown; data?: unknown };
    if (typeof timestamp === "number" && Number.isFinite(timestamp) && timestamp >= 0 && timestamp <= LATEST_EVENT_MILLIS) {
      first = Math.min(first, timestamp);
      last = Math.max(last, timestamp);
    }
    if (type === RRWEB_INCREMENTAL_SNAPSHOT && typeof data === "object" && data !== null) {
      const { source, type: interaction } = data as { source?: unknown; type?: unknown };
      if (source === RRWEB_MOUSE_INTERACTION && interaction === RRWEB_CLICK) clicks += 1;
    }
  }
  if (first > last) first = last = sentAtMillis;
  return { firstEventAt: new Date(Math.floor(first)), lastEventAt: new Date(Math.floor(last)), events: events.length, clicks };
}

export const storageKeyOf = (tenancy: Tenancy, replayId: string, batchId: string) =>
  `session-replays/${tenancy.projectId}/${tenancy.branchId}/${replayId}/${batchId}.json.gz`;

/** Stores one batch of the signed-in user's session, or recognises it as already stored. */
export async function storeReplayBatch(
  deps: ServiceDeps,
  tenancy: Tenancy,
  who: { userId: string; sessionId: string },
  batch: ReplayBatch,
): Promise<StoredBatch> {
  requireRecordingOn(tenancy);
  const growth = summarizeEvents(batch.events, batch.sentAtMillis);
  // Compressed before the transaction: it is the costly part, and needs no lock.
  const eventsGzip = new Uint8Array(await gzip(JSON.stringify(batch.events)));
  return deps.db.transaction(async (tx) => {
    await lockUserReplays(tx, tenancy, who.userId);
    const existing = await findChunkByBatch(tx, tenancy, who.userId, batch.batchId);
    if (existing) {
      return { replayId: existing.replayId, batchId: batch.batchId, storageKey: storageKeyOf(tenancy, existing.replayId, batch.batchId), deduped: true };
    }
    let replayId = await findOpenReplay(tx, tenancy, who.sessionId, {
      idleSeconds: REPLAY_IDLE_SECONDS,
      maxAgeSeconds: REPLAY_MAX_AGE_SECONDS,
      maxChunks: REPLAY_MAX_CHUNKS,
    });
    if (replayId) {
      await growReplay(tx, tenancy, replayId, growth);
    } else {
      replayId = newId();
      await insertReplay(tx, tenancy, { id: replayId, userId: who.userId, sessionId: who.sessionId }, growth);
    }
    await insertChunk(tx, tenancy, {
      id: newId(),
      replayId,
      userId: who.userId,
      batchId: batch.batchId,
      segmentId: batch.segmentId,
      browserSessionId: batch.browserSessionId,
      eventCount: growth.events,
      firstEventAt: growth.firstEventAt,
      lastEventAt: growth.lastEventAt,
      eventsGzip,
    });
    return { replayId, batchId: batch.batchId, storageKey: storageKeyOf(tenancy, replayId, batch.batchId), deduped: false };
  });
}
