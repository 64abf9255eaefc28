/**
 * The window the overview reads: the last 30 UTC days and today, 31 data points oldest first
 * (as Stack Auth answers), each a YYYY-MM-DD date. Days without any are 0.
 */
export const WINDOW_DAYS = 31;
const DAY_MS = 86_400_000;

export interface DataPoint {
  date: string;
  activity: number;
}

export interface MetricsWindow {
  /** The dates, oldest first. */
  days: string[];
  /** Midnight UTC of the first day. */
  since: Date;
  /** Midnight UTC after today (exclusive). */
  until: Date;
  now: Date;
}

/** The last `count` UTC dates up to today, oldest first. */
export function lastDays(count: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: count }, (_, i) => new Date(today - (count - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

export function metricsWindow(now = new Date()): MetricsWindow {
  const days = lastDays(WINDOW_DAYS, now);
  const since = new Date(`${days[0]}T00:00:00.000Z`);
  return { days, since, until: new Date(Date.parse(`${days.at(-1)}T00:00:00.000Z`) + DAY_MS), now };
}

/** One value per day of the window from (day, value) pairs. */
export function series(days: readonly string[], counts: ReadonlyArray<{ day: string; count: number }>): DataPoint[] {
  const byDay = new Map<string, number>();
  for (const c of counts) byDay.set(c.day, (byDay.get(c.day) ?? 0) + c.count);
  return days.map((date) => ({ date, activity: byDay.get(date) ?? 0 }));
}

/** `part` of `whole` in percent with two decimals, at most 100; 0 when `whole` is 0. */
export function percent(part: number, whole: number): number {
  return whole > 0 ? Number((Math.min(part / whole, 1) * 100).toFixed(2)) : 0;
}
