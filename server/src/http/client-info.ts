import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";
import type { ClientInfo } from "../services/sessions/client-info";
import type { AppEnv } from "./env";

/**
 * The caller's address, user agent and place, recorded on sessions and used as a rate-limit key.
 * X-Forwarded-For is believed only with TRUST_PROXY, since any client can send it; a proxy's
 * country only from the header COUNTRY_HEADER names, for the same reason. Without that header
 * the GeoIP database (GEOIP_DATABASE) places the address decided here; its city is kept only
 * when its country is the one used, so a session never says "Berlin, Portugal".
 */
export function clientInfo(c: Context<AppEnv>): ClientInfo {
  const forwarded = c.var.deps.settings.trustProxy ? c.req.header("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  const ip = forwarded || socketAddress(c);
  const named = countryOf(c);
  const place = c.var.deps.geo.lookup(ip);
  const countryCode = named ?? place?.country ?? null;
  return {
    ip,
    userAgent: c.req.header("user-agent")?.slice(0, 512) ?? null,
    countryCode,
    cityName: place?.city && place.country === countryCode ? place.city : null,
  };
}

function countryOf(c: Context<AppEnv>): string | null {
  const header = c.var.deps.settings.countryHeader;
  const value = header ? c.req.header(header)?.trim().toUpperCase() : undefined;
  return value && /^[A-Z]{2}$/.test(value) ? value : null;
}

function socketAddress(c: Context): string | null {
  try {
    return getConnInfo(c).remote.address ?? null;
  } catch {
    // In-process requests (app.request in tests) have no socket.
    return null;
  }
}
