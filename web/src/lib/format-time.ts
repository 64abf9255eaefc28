import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";

const UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
];

// Relative words and dates follow the page's language (the sentences around them are in it);
// formatters are made once per language.
const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
const exactFormats = new Map<string, Intl.DateTimeFormat>();
const pageLocale = () => i18n.locale || "en";

function relativeFormat(locale: string): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  return format;
}

function exactFormat(locale: string): Intl.DateTimeFormat {
  let format = exactFormats.get(locale);
  if (!format) exactFormats.set(locale, (format = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" })));
  return format;
}

/** "just now", "5 minutes ago", "yesterday", "in 3 days", in the page's language. */
export function relativeTime(millis: number, now = Date.now(), locale = pageLocale()): string {
  const seconds = (millis - now) / 1000;
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat(locale).format(Math.trunc(seconds / size), unit);
  }
  return seconds > 0 ? t`in a moment` : t`just now`;
}

/** "Mar 12, 2025, 2:03 PM" in English, "12 mars 2025, 14:03" in French: the page's language. */
export function exactTime(millis: number, locale = pageLocale()): string {
  return exactFormat(locale).format(millis);
}
