const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// The sentences around these words are English, so the relative words are too; dates and
// times follow the browser's locale.
const relative = new Intl.RelativeTimeFormat("en", { numeric: "auto" });
const exact = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });

/** "just now", "5 minutes ago", "yesterday", "in 3 days". */
export function relativeTime(millis: number, now = Date.now()): string {
  const seconds = (millis - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relative.format(Math.trunc(seconds / size), unit);
  }
  return seconds > 0 ? "in a moment" : "just now";
}

/** "12 Mar 2025, 14:03" in the browser's locale. */
export function exactTime(millis: number): string {
  return exact.format(millis);
}
