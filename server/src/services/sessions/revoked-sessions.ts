/**
 * Ended sessions, held in memory so that checking an access token needs no database read.
 *
 * An access token is a self-contained JWT: signature and expiry alone would let it work for
 * its whole lifetime after sign-out. Every deleted session row (sign-out, revocation, a
 * password change ending other sessions, a deleted user's cascade) is recorded by a trigger
 * in `revoked_sessions` and announced with NOTIFY (migration 0012). This set learns of it
 * three ways: the notification itself (milliseconds, on every process), a catch-up read right
 * after this process ended a session (so its own next request already refuses the token),
 * and a poll (every POLL_DISCONNECTED_MS while the listening connection is down, every
 * POLL_CONNECTED_MS otherwise, in case a notification was lost). An entry is kept until
 * every access token of its session has expired: the token lifetime plus CLOCK_SLACK_MS.
 */
import type { Queryable } from "../../db/db";
import { lastRevokedSessionSeq, listRevokedSessions, pruneRevokedSessions } from "../../db/queries/revoked-sessions";

export const POLL_CONNECTED_MS = 10_000;
export const POLL_DISCONNECTED_MS = 500;
const CLOCK_SLACK_MS = 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
/** How long a skipped sequence number is looked for again before it counts as rolled back. */
const GAP_WATCH_MS = 60_000;
const MAX_GAPS = 1_000;

export class RevokedSessions {
  /** session id -> when it was revoked, in ms. */
  private readonly ended = new Map<string, number>();
  private lastSeq = 0;
  private loaded = false;
  private readonly gaps = new Map<number, number>();
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;
  private lastRead = 0;
  private lastPrune = 0;

  constructor(
    private readonly db: Queryable,
    private readonly accessTokenTtlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  private get keepMs(): number {
    return this.accessTokenTtlSeconds * 1000 + CLOCK_SLACK_MS;
  }

  /** When the session was revoked (ms), or null while it is live or its tokens have all expired. */
  revokedAt(sessionId: string): number | null {
    const at = this.ended.get(sessionId);
    if (at === undefined) return null;
    if (at + this.keepMs < this.now()) {
      this.ended.delete(sessionId);
      return null;
    }
    return at;
  }

  /** Records a revocation announced by notification. */
  add(sessionId: string, revokedAtMillis = this.now()): void {
    if (!this.ended.has(sessionId)) this.ended.set(sessionId, revokedAtMillis);
  }

  /**
   * Reads the revocations written since the last read. A call made while a read is running
   * waits for a fresh read, so one made after a write always sees it. Never throws: on a
   * database failure the next poll tries again.
   */
  catchUp(): Promise<void> {
    if (this.queued) return this.queued;
    if (this.running) {
      this.queued = this.running.then(() => {
        this.queued = null;
        return this.catchUp();
      });
      return this.queued;
    }
    this.running = this.read()
      .catch(() => undefined)
      .finally(() => {
        this.running = null;
      });
    return this.running;
  }

  /** Called on a timer: reads when the last read is older than the poll interval for the listener's state. */
  async poll(listenerConnected: boolean): Promise<void> {
    const interval = listenerConnected ? POLL_CONNECTED_MS : POLL_DISCONNECTED_MS;
    if (this.now() - this.lastRead < interval) return;
    await this.catchUp();
    if (this.now() - this.lastPrune >= PRUNE_EVERY_MS) {
      this.lastPrune = this.now();
      await pruneRevokedSessions(this.db, Math.ceil((2 * this.keepMs) / 1000)).catch(() => undefined);
    }
  }

  private async read(): Promise<void> {
    const startedAt = this.now();
    for (const [seq, seenAt] of this.gaps) if (startedAt - seenAt > GAP_WATCH_MS) this.gaps.delete(seq);
    // The first read takes every recent row; only numbers skipped after it are watched as gaps.
    const highestAtStart = this.loaded ? this.lastSeq : await lastRevokedSessionSeq(this.db);
    const afterSeq = this.loaded ? this.lastSeq : 0;
    const rows = await listRevokedSessions(this.db, afterSeq, [...this.gaps.keys()], Math.ceil(this.keepMs / 1000));
    this.loaded = true;
    this.lastSeq = Math.max(this.lastSeq, highestAtStart);
    for (const row of rows) {
      this.gaps.delete(row.seq);
      if (row.seq > this.lastSeq) {
        // Numbers skipped here belong to transactions not yet committed (or rolled back).
        for (let seq = this.lastSeq + 1; seq < row.seq && this.gaps.size < MAX_GAPS; seq++) this.gaps.set(seq, startedAt);
        this.lastSeq = row.seq;
      }
      this.add(row.sessionId, row.revokedAtMillis);
    }
    this.lastRead = startedAt;
    for (const [id, at] of this.ended) if (at + this.keepMs < startedAt) this.ended.delete(id);
  }
}
