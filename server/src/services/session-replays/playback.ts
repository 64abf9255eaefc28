/**
 * Reading recorded replays back for the dashboard: the list of replays, a replay's chunks,
 * and the events to play. Only admin access reaches these (the routes say so); every read is
 * scoped to the tenancy, and a replay or chunk of another project reads as not found.
 */
import { promisify } from "node:util";
import { gunzip as gunzipCallback } from "node:zlib";
import {
  findChunkPosition,
  findReplay,
  findReplayPosition,
  listChunks,
  listReplays,
  readChunkEvents,
  replayExists,
  type ChunkRow,
  type ReplayFilter,
  type ReplaySummaryRow,
} from "../../db/queries/session-replays";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

const gunzip = promisify(gunzipCallback);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A replay as the list shows it: its user, its times (as the browser stamped them) and its totals. */
export type ReplaySummary = ReplaySummaryRow;
/** One uploaded batch of a replay, without its events. */
export type ReplayChunk = ChunkRow;
export type { ReplayFilter };

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Replays, latest activity first; the cursor is the last replay of the page before. */
export async function listReplayPage(
  deps: ServiceDeps,
  tenancy: Tenancy,
  filter: ReplayFilter,
  page: { limit: number; cursor?: string },
): Promise<Page<ReplaySummary>> {
  let after = null;
  if (page.cursor !== undefined) {
    // Stack Auth's cursors are replay ids too; anything else names no replay.
    after = UUID.test(page.cursor) ? await findReplayPosition(deps.db, tenancy, page.cursor) : null;
    if (!after) throw new KnownError("ITEM_NOT_FOUND", { item_id: page.cursor });
  }
  const rows = await listReplays(deps.db, tenancy, filter, page.limit + 1, after);
  return pageOf(rows, page.limit);
}

export async function getReplay(deps: ServiceDeps, tenancy: Tenancy, replayId: string): Promise<ReplaySummary> {
  const replay = await findReplay(deps.db, tenancy, replayId);
  if (!replay) throw new KnownError("ITEM_NOT_FOUND", { item_id: replayId });
  return replay;
}

/** A replay's chunks in playing order; the cursor is the last chunk of the page before, and must be of this replay. */
export async function listChunkPage(
  deps: ServiceDeps,
  tenancy: Tenancy,
  replayId: string,
  page: { limit: number; cursor?: string },
): Promise<Page<ReplayChunk>> {
  await requireReplay(deps, tenancy, replayId);
  let after = null;
  if (page.cursor !== undefined) {
    after = await findChunkPosition(deps.db, tenancy, replayId, page.cursor);
    if (!after) throw new KnownError("ITEM_NOT_FOUND", { item_id: page.cursor });
  }
  const rows = await listChunks(deps.db, tenancy, replayId, { limit: page.limit + 1, after });
  return pageOf(rows, page.limit);
}

/** The events of one chunk of the replay. */
export async function chunkEvents(deps: ServiceDeps, tenancy: Tenancy, replayId: string, chunkId: string): Promise<unknown[]> {
  const stored = (await readChunkEvents(deps.db, tenancy, replayId, [chunkId])).get(chunkId);
  if (!stored) throw new KnownError("ITEM_NOT_FOUND", { item_id: chunkId });
  return decode(stored);
}

/**
 * Every chunk of the replay (at most REPLAY_MAX_CHUNKS), with the events of the chunks from
 * `offset`, `limit` of them: a player reads the list once and the events a window at a time.
 */
export async function replayEvents(
  deps: ServiceDeps,
  tenancy: Tenancy,
  replayId: string,
  window: { offset: number; limit: number },
): Promise<{ chunks: ReplayChunk[]; chunkEvents: Array<{ chunkId: string; events: unknown[] }> }> {
  await requireReplay(deps, tenancy, replayId);
  const chunks = await listChunks(deps.db, tenancy, replayId);
  const wanted = chunks.slice(window.offset, window.offset + window.limit).map((chunk) => chunk.id);
  const stored = await readChunkEvents(deps.db, tenancy, replayId, wanted);
  const chunkEvents = [];
  for (const chunkId of wanted) {
    const bytes = stored.get(chunkId);
    // A chunk swept between the two reads is left out rather than failing the window.
    if (bytes) chunkEvents.push({ chunkId, events: await decode(bytes) });
  }
  return { chunks, chunkEvents };
}

async function requireReplay(deps: ServiceDeps, tenancy: Tenancy, replayId: string): Promise<void> {
  if (!(await replayExists(deps.db, tenancy, replayId))) throw new KnownError("ITEM_NOT_FOUND", { item_id: replayId });
}

function pageOf<T extends { id: string }>(rows: T[], limit: number): Page<T> {
  const items = rows.slice(0, limit);
  return { items, nextCursor: rows.length > limit ? items[items.length - 1]!.id : null };
}

async function decode(bytes: Uint8Array): Promise<unknown[]> {
  return JSON.parse((await gunzip(bytes)).toString("utf8")) as unknown[];
}
