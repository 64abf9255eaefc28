import { t } from "@lingui/core/macro";
import { pageLocale, perLocale } from "./locale";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// Relative words and dates follow the page's language (the sentences around them are in it).
const relativeFormat = perLocale((locale) => new Intl.RelativeTimeFormat(locale, { numeric: "auto" }));
const exactFormat = perLocale((locale) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }));

/** "just now", "5 minutes ago", "yesterday", "in 3 days", in the page's language. */
export function relativeTime(millis: number, now = Date.now(), locale: string = pageLocale()): string {
  const seconds = (millis - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat(locale).format(Math.trunc(seconds / size), unit);
  }
  return seconds > 0 ? t`in a moment` : t`just now`;
}

/** "Mar 12, 2025, 2:03 PM" in English, "12 mars 2025, 14:03" in French: the page's language. */
export function exactTime(millis: number, locale: string = pageLocale()): string {
  return exactFormat(locale).format(millis);
}
