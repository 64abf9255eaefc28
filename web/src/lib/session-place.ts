import type { ActiveSession } from "@gatehouse/clients/react";

const regions = new Intl.DisplayNames(["en"], { type: "region" });

function countryName(code: string): string {
  try {
    return regions.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** "IP address 203.0.113.7 · Lisbon, 11, Portugal": what the server knows of where the session was last used. */
export function sessionPlace(session: ActiveSession): string {
  const info = session.last_used_at_end_user_ip_info;
  if (!info) return "Location unknown";
  const location = [info.cityName, info.regionCode, info.countryCode ? countryName(info.countryCode) : null].filter(Boolean).join(", ");
  return location ? `IP address ${info.ip} · ${location}` : `IP address ${info.ip}`;
}

/** The current session first, then the most recently used. */
export function sessionOrder(a: ActiveSession, b: ActiveSession): number {
  return Number(b.is_current_session) - Number(a.is_current_session) || b.last_used_at - a.last_used_at;
}
