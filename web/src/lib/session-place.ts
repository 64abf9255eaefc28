import type { ActiveSession } from "@gatehouse/clients/react";
import { i18n } from "@lingui/core";
import { t } from "@lingui/core/macro";

const regionNames = new Map<string, Intl.DisplayNames>();

/** The country's name in the page's language. */
function countryName(code: string, locale: string): string {
  try {
    let names = regionNames.get(locale);
    if (!names) regionNames.set(locale, (names = new Intl.DisplayNames([locale], { type: "region" })));
    return names.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "IP address 203.0.113.7 · Lisbon, 11, Portugal": what the server knows of where the session was last used. */
export function sessionPlace(session: ActiveSession, locale = i18n.locale || "en"): string {
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
