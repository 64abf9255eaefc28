/**
 * Keeps `users.last_active_at` and `sessions.last_used_at` current without a database write
 * on every request. Each request that carries a valid access token reports its user and
 * session here; the first report for a (project, branch, user) in a window writes both
 * columns, later reports inside the window are dropped. The window is per process and held
 * in deps (so tests and separate apps never share it); with several processes each writes
 * at most once per window, which is plenty for an "active within the last minute" signal.
 * A token refresh always writes (services/sessions.ts), so a refresh is never lost.
 */
import type { Db } from "../../db/db";
import { touchSessionAndUser } from "../../db/queries/sessions";
import type { Tenant } from "../../db/queries/tenant";

export const ACTIVITY_WRITE_INTERVAL_MS = 60_000;
/** Past this many remembered users the map drops entries older than the window. */
const MAX_TRACKED = 10_000;

export class ActivityTracker {
  private readonly lastWrite = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly intervalMs = ACTIVITY_WRITE_INTERVAL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  /** Writes the activity unless this user was written within the window; never throws. */
  async noteUse(tenant: Tenant, userId: string, sessionId: string): Promise<boolean> {
    const key = `${tenant.projectId}\u0000${tenant.branchId}\u0000${userId}`;
    const now = this.now();
    const last = this.lastWrite.get(key);
    if (last !== undefined && now - last < this.intervalMs) return false;
    this.lastWrite.set(key, now);
    if (this.lastWrite.size > MAX_TRACKED) this.prune(now);
    try {
      await touchSessionAndUser(this.db, tenant, userId, sessionId);
    } catch {
      // Activity is advisory: a failed write must not fail the request. Retry next time.
      this.lastWrite.delete(key);
    }
    return true;
  }

  private prune(now: number): void {
    for (const [key, at] of this.lastWrite) if (now - at >= this.intervalMs) this.lastWrite.delete(key);
  }
}
