import type { Queryable } from "../db";

/**
 * Counts one hit against `key` in a fixed window and returns the count so far and when the
 * window started. One upsert, so concurrent requests on any number of nodes count exactly.
 */
export async function hitRateLimit(
  q: Queryable,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; windowStart: Date }> {
  const rows = await q.query<{ count: number; window_start: Date }>(
    `INSERT INTO rate_limits AS r (key, window_start, count, expires_at) VALUES ($1, now(), 1, now() + make_interval(secs => $2))
     ON CONFLICT (key) DO UPDATE SET
       count = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN 1 ELSE r.count + 1 END,
       window_start = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END,
       expires_at = CASE WHEN r.window_start <= now() - make_interval(secs => $2) THEN now() ELSE r.window_start END + make_interval(secs => $2)
     RETURNING count, window_start`,
    [key, windowSeconds],
  );
  const row = rows[0]!;
  return { count: row.count, windowStart: new Date(row.window_start) };
}
