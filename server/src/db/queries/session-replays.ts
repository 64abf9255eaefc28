import type { Queryable } from "../db";
import { toMillis } from "./rows";
import type { Tenant } from "./tenant";

export interface ReplaySummaryRow {
  id: string;
  userId: string;
  userDisplayName: string | null;
  userPrimaryEmail: string | null;
  startedAtMillis: number;
  lastEventAtMillis: number;
  chunkCount: number;
  eventCount: number;
  clickCount: number;
}

export interface ChunkRow {
  id: string;
  batchId: string;
  segmentId: string;
  browserSessionId: string;
  eventCount: number;
  byteLength: number;
  firstEventAtMillis: number;
  lastEventAtMillis: number;
  createdAtMillis: number;
}

export interface NewChunk {
  id: string;
  replayId: string;
  userId: string;
  batchId: string;
  segmentId: string;
  browserSessionId: string;
  eventCount: number;
  firstEventAt: Date;
  lastEventAt: Date;
  eventsGzip: Uint8Array;
}

/** What a batch adds to its replay's times and totals. */
export interface ReplayGrowth {
  firstEventAt: Date;
  lastEventAt: Date;
  events: number;
  clicks: number;
}

/** Filters of the replay list; each one given narrows it further. */
export interface ReplayFilter {
  userIds?: string[];
  teamIds?: string[];
  durationMsMin?: number;
  durationMsMax?: number;
  lastEventFrom?: Date;
  lastEventTo?: Date;
  clickCountMin?: number;
}

/** Serialises one user's uploads for the rest of the transaction, so a batch id is checked and stored at once. */
export async function lockUserReplays(tx: Queryable, tenant: Tenant, userId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtextextended($1, 45))", [`session-replays:${tenant.projectId}:${tenant.branchId}:${userId}`]);
}

/** The chunk this user already stored under this batch id, if any. */
export async function findChunkByBatch(
  q: Queryable,
  tenant: Tenant,
  userId: string,
  batchId: string,
): Promise<{ id: string; replayId: string } | null> {
  const rows = await q.query<{ id: string; replay_id: string }>(
    "SELECT id, replay_id FROM session_replay_chunks WHERE project_id = $1 AND branch_id = $2 AND user_id = $3 AND batch_id = $4",
    [tenant.projectId, tenant.branchId, userId, batchId],
  );
  return rows[0] ? { id: rows[0].id, replayId: rows[0].replay_id } : null;
}

/**
 * The session's replay that can still take a batch: one that last took one within
 * `idleSeconds`, began (server time) within `maxAgeSeconds`, and holds fewer than `maxChunks`.
 */
export async function findOpenReplay(
  q: Queryable,
  tenant: Tenant,
  sessionId: string,
  limits: { idleSeconds: number; maxAgeSeconds: number; maxChunks: number },
): Promise<string | null> {
  const rows = await q.query<{ id: string }>(
    `SELECT id FROM session_replays
     WHERE project_id = $1 AND branch_id = $2 AND session_id = $3
       AND updated_at >= now() - make_interval(secs => $4)
       AND created_at >= now() - make_interval(secs => $5)
       AND chunk_count < $6
     ORDER BY updated_at DESC LIMIT 1`,
    [tenant.projectId, tenant.branchId, sessionId, limits.idleSeconds, limits.maxAgeSeconds, limits.maxChunks],
  );
  return rows[0]?.id ?? null;
}

export async function insertReplay(
  q: Queryable,
  tenant: Tenant,
  replay: { id: string; userId: string; sessionId: string },
  growth: ReplayGrowth,
): Promise<void> {
  await q.query(
    `INSERT INTO session_replays (project_id, branch_id, id, user_id, session_id, started_at, last_event_at, chunk_count, event_count, click_count)
     VALUES ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)`,
    [
      tenant.projectId,
      tenant.branchId,
      replay.id,
      replay.userId,
      replay.sessionId,
      growth.firstEventAt.toISOString(),
      growth.lastEventAt.toISOString(),
      growth.events,
      growth.clicks,
    ],
  );
}

/** Adds one chunk's times and totals to its replay, and marks the replay as just used. */
export async function growReplay(q: Queryable, tenant: Tenant, replayId: string, growth: ReplayGrowth): Promise<void> {
  await q.query(
    `UPDATE session_replays SET
       started_at = LEAST(started_at, $4), last_event_at = GREATEST(last_event_at, $5),
       chunk_count = chunk_count + 1, event_count = event_count + $6, click_count = click_count + $7, updated_at = now()
     WHERE project_id = $1 AND branch_id = $2 AND id = $3`,
    [tenant.projectId, tenant.branchId, replayId, growth.firstEventAt.toISOString(), growth.lastEventAt.toISOString(), growth.events, growth.clicks],
  );
}

export async function insertChunk(q: Queryable, tenant: Tenant, chunk: NewChunk): Promise<void> {
  await q.query(
    `INSERT INTO session_replay_chunks
       (project_id, branch_id, id, replay_id, user_id, batch_id, segment_id, browser_session_id, event_count, byte_length, first_event_at, last_event_at, events_gzip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
    [
      tenant.projectId,
      tenant.branchId,
      chunk.id,
      chunk.replayId,
      chunk.userId,
      chunk.batchId,
      chunk.segmentId,
      chunk.browserSessionId,
      chunk.eventCount,
      chunk.eventsGzip.byteLength,
      chunk.firstEventAt.toISOString(),
      chunk.lastEventAt.toISOString(),
      chunk.eventsGzip,
    ],
  );
}

interface ReplayRaw {
  id: string;
  user_id: string;
  display_name: string | null;
  primary_email: string | null;
  started_at: Date | string;
  last_event_at: Date | string;
  chunk_count: number;
  event_count: number;
  click_count: number;
}

/** A replay with its user's name and primary e-mail; callers add WHERE (on `r`) and ORDER BY. */
const REPLAY_SELECT = `SELECT r.id, r.user_id, u.display_name,
    (SELECT c.value FROM contact_channels c
      WHERE c.project_id = r.project_id AND c.branch_id = r.branch_id AND c.user_id = r.user_id AND c.type = 'email' AND c.is_primary
      LIMIT 1) AS primary_email,
    r.started_at, r.last_event_at, r.chunk_count, r.event_count, r.click_count
  FROM session_replays r
  JOIN users u ON u.project_id = r.project_id AND u.branch_id = r.branch_id AND u.id = r.user_id`;

const toReplaySummary = (row: ReplayRaw): ReplaySummaryRow => ({
  id: row.id,
  userId: row.user_id,
  userDisplayName: row.display_name,
  userPrimaryEmail: row.primary_email,
  startedAtMillis: toMillis(row.started_at),
  lastEventAtMillis: toMillis(row.last_event_at),
  chunkCount: row.chunk_count,
  eventCount: row.event_count,
  clickCount: row.click_count,
});

/** The position of a replay in the list, for a cursor; null when the project has no such replay. */
export async function findReplayPosition(q: Queryable, tenant: Tenant, id: string): Promise<{ id: string; lastEventAt: string } | null> {
  const rows = await q.query<{ id: string; last_event_at: string }>(
    // As text, to compare exactly (a Date would round microseconds away).
    "SELECT id, last_event_at::text AS last_event_at FROM session_replays WHERE project_id = $1 AND branch_id = $2 AND id = $3",
    [tenant.projectId, tenant.branchId, id],
  );
  return rows[0] ? { id: rows[0].id, lastEventAt: rows[0].last_event_at } : null;
}

/**
 * One page of replays, latest activity first, after `after` when given. Every filter is a
 * bound parameter; the user's name and primary e-mail come with each replay.
 */
export async function listReplays(
  q: Queryable,
  tenant: Tenant,
  filter: ReplayFilter,
  limit: number,
  after: { id: string; lastEventAt: string } | null,
): Promise<ReplaySummaryRow[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId];
  const param = (value: unknown) => `$${params.push(value)}`;
  const where = ["r.project_id = $1", "r.branch_id = $2"];
  if (filter.userIds?.length) where.push(`r.user_id = ANY(${param(filter.userIds)}::uuid[])`);
  if (filter.teamIds?.length) {
    where.push(
      `EXISTS (SELECT 1 FROM team_members m WHERE m.project_id = r.project_id AND m.branch_id = r.branch_id
                 AND m.user_id = r.user_id AND m.team_id = ANY(${param(filter.teamIds)}::uuid[]))`,
    );
  }
  const duration = "(EXTRACT(EPOCH FROM (r.last_event_at - r.started_at)) * 1000)";
  if (filter.durationMsMin !== undefined) where.push(`${duration} >= ${param(filter.durationMsMin)}`);
  if (filter.durationMsMax !== undefined) where.push(`${duration} <= ${param(filter.durationMsMax)}`);
  if (filter.lastEventFrom) where.push(`r.last_event_at >= ${param(filter.lastEventFrom.toISOString())}`);
  if (filter.lastEventTo) where.push(`r.last_event_at <= ${param(filter.lastEventTo.toISOString())}`);
  if (filter.clickCountMin !== undefined) where.push(`r.click_count >= ${param(filter.clickCountMin)}`);
  if (after) where.push(`(r.last_event_at, r.id) < (${param(after.lastEventAt)}::timestamptz, ${param(after.id)}::uuid)`);
  const rows = await q.query<ReplayRaw>(
    `${REPLAY_SELECT} WHERE ${where.join(" AND ")} ORDER BY r.last_event_at DESC, r.id DESC LIMIT ${param(limit)}`,
    params,
  );
  return rows.map(toReplaySummary);
}

export async function findReplay(q: Queryable, tenant: Tenant, id: string): Promise<ReplaySummaryRow | null> {
  const rows = await q.query<ReplayRaw>(`${REPLAY_SELECT} WHERE r.project_id = $1 AND r.branch_id = $2 AND r.id = $3`, [tenant.projectId, tenant.branchId, id]);
  return rows[0] ? toReplaySummary(rows[0]) : null;
}

export async function replayExists(q: Queryable, tenant: Tenant, id: string): Promise<boolean> {
  const rows = await q.query("SELECT 1 FROM session_replays WHERE project_id = $1 AND branch_id = $2 AND id = $3", [tenant.projectId, tenant.branchId, id]);
  return rows.length > 0;
}

interface ChunkRaw {
  id: string;
  batch_id: string;
  segment_id: string;
  browser_session_id: string;
  event_count: number;
  byte_length: number;
  first_event_at: Date | string;
  last_event_at: Date | string;
  created_at: Date | string;
}

const CHUNK_COLUMNS = "id, batch_id, segment_id, browser_session_id, event_count, byte_length, first_event_at, last_event_at, created_at";

const toChunk = (row: ChunkRaw): ChunkRow => ({
  id: row.id,
  batchId: row.batch_id,
  segmentId: row.segment_id,
  browserSessionId: row.browser_session_id,
  eventCount: row.event_count,
  byteLength: row.byte_length,
  firstEventAtMillis: toMillis(row.first_event_at),
  lastEventAtMillis: toMillis(row.last_event_at),
  createdAtMillis: toMillis(row.created_at),
});

/** The position of a chunk of this replay, for a cursor; null when the replay has no such chunk. */
export async function findChunkPosition(q: Queryable, tenant: Tenant, replayId: string, chunkId: string): Promise<{ id: string; firstEventAt: string } | null> {
  const rows = await q.query<{ id: string; first_event_at: string }>(
    "SELECT id, first_event_at::text AS first_event_at FROM session_replay_chunks WHERE project_id = $1 AND branch_id = $2 AND replay_id = $3 AND id = $4",
    [tenant.projectId, tenant.branchId, replayId, chunkId],
  );
  return rows[0] ? { id: rows[0].id, firstEventAt: rows[0].first_event_at } : null;
}

/** A replay's chunks in playing order: all of them, or one page after `after`. */
export async function listChunks(
  q: Queryable,
  tenant: Tenant,
  replayId: string,
  page?: { limit: number; after: { id: string; firstEventAt: string } | null },
): Promise<ChunkRow[]> {
  const params: unknown[] = [tenant.projectId, tenant.branchId, replayId];
  let condition = "";
  let limit = "";
  if (page?.after) {
    params.push(page.after.firstEventAt, page.after.id);
    condition = "AND (first_event_at, id) > ($4::timestamptz, $5::uuid)";
  }
  if (page) limit = `LIMIT $${params.push(page.limit)}`;
  const rows = await q.query<ChunkRaw>(
    `SELECT ${CHUNK_COLUMNS} FROM session_replay_chunks
     WHERE project_id = $1 AND branch_id = $2 AND replay_id = $3 ${condition}
     ORDER BY first_event_at, id ${limit}`,
    params,
  );
  return rows.map(toChunk);
}

/** The stored (gzipped) events of these chunks of the replay, by chunk id. */
export async function readChunkEvents(q: Queryable, tenant: Tenant, replayId: string, chunkIds: string[]): Promise<Map<string, Uint8Array>> {
  if (chunkIds.length === 0) return new Map();
  const rows = await q.query<{ id: string; events_gzip: Uint8Array }>(
    "SELECT id, events_gzip FROM session_replay_chunks WHERE project_id = $1 AND branch_id = $2 AND replay_id = $3 AND id = ANY($4::uuid[])",
    [tenant.projectId, tenant.branchId, replayId, chunkIds],
  );
  return new Map(rows.map((row) => [row.id, row.events_gzip]));
}

/** The project's replays in all, those started from `since`, and how long those lasted on average. */
export async function summarizeReplays(q: Queryable, tenant: Tenant, since: string): Promise<{ total: number; recent: number; avgSeconds: number }> {
  const [row] = await q.query<{ total: string; recent: string; avg_seconds: string | null }>(
    `SELECT count(*) AS total,
       count(*) FILTER (WHERE started_at >= ($3::date AT TIME ZONE 'UTC')) AS recent,
       avg(greatest(0, extract(epoch FROM last_event_at - started_at)))
         FILTER (WHERE started_at >= ($3::date AT TIME ZONE 'UTC')) AS avg_seconds
     FROM session_replays WHERE project_id = $1 AND branch_id = $2`,
    [tenant.projectId, tenant.branchId, since],
  );
  return { total: Number(row?.total ?? 0), recent: Number(row?.recent ?? 0), avgSeconds: Number(row?.avg_seconds ?? 0) };
}
