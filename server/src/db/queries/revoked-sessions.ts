import type { Queryable } from "../db";
import { toMillis } from "./rows";

export interface RevokedSessionRecord {
  /** The row's place in the order revocations were written (bigserial). */
  seq: number;
  sessionId: string;
  revokedAtMillis: number;
}

/**
 * Revocations written after `afterSeq`, plus those at the listed earlier `seqs` (numbers
 * skipped by an earlier read, whose transactions may have committed late), newer than
 * `maxAgeSeconds`. Rows are written by the trigger on sessions (migration 0012).
 */
export async function listRevokedSessions(
  q: Queryable,
  afterSeq: number,
  seqs: readonly number[],
  maxAgeSeconds: number,
): Promise<RevokedSessionRecord[]> {
  const rows = await q.query<{ seq: string; session_id: string; revoked_at: Date }>(
    `SELECT seq::text AS seq, session_id, revoked_at FROM revoked_sessions
     WHERE (seq > $1::bigint OR seq = ANY($2::bigint[])) AND revoked_at > now() - make_interval(secs => $3)
     ORDER BY revoked_sessions.seq`,
    [afterSeq, seqs, maxAgeSeconds],
  );
  return rows.map((row) => ({ seq: Number(row.seq), sessionId: row.session_id, revokedAtMillis: toMillis(row.revoked_at) }));
}

/** The highest sequence number written so far (0 for none). */
export async function lastRevokedSessionSeq(q: Queryable): Promise<number> {
  const rows = await q.query<{ seq: string }>("SELECT COALESCE(max(seq), 0)::text AS seq FROM revoked_sessions");
  return Number(rows[0]?.seq ?? 0);
}

/** Drops revocations older than `maxAgeSeconds`: every access token of those sessions has expired. */
export async function pruneRevokedSessions(q: Queryable, maxAgeSeconds: number): Promise<void> {
  await q.query("DELETE FROM revoked_sessions WHERE revoked_at < now() - make_interval(secs => $1)", [maxAgeSeconds]);
}
