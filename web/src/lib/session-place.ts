import type { ActiveSession } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { pageLocale, perLocale } from "./locale";

const regionNames = perLocale((locale) => new Intl.DisplayNames([locale], { type: "region" }));

/** A country's name (ISO 3166-1 alpha-2 code) in the page's language; the code itself when it is not one. */
export function countryName(code: string, locale: string = pageLocale()): string {
  try {
    return regionNames(locale).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "IP address 203.0.113.7 · Lisbon, 11, Portugal": what the server knows of where the session was last used. */
export function sessionPlace(session: ActiveSession, locale: string = pageLocale()): string {
  const info = session.last_used_at_end_user_ip_info;
  if (!info) return t`Location unknown`;
  const ip = info.ip;
  const location = [info.cityName, info.regionCode, info.countryCode ? countryName(info.countryCode, locale) : null].filter(Boolean).join(", ");
  return location ? `${t`IP address ${ip}`} · ${location}` : t`IP address ${ip}`;
}

/** The current session first, then the most recently used. */
export function sessionOrder(a: ActiveSession, b: ActiveSession): number {
  return Number(b.is_current_session) - Number(a.is_current_session) || b.last_used_at - a.last_used_at;
}
