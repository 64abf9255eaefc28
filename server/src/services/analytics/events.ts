/**
 * Analytics events: the SDK's page views and clicks (POST /analytics/events/batch) and the
 * server's own `$token-refresh`, written on every session sign-in and every refresh.
 *
 * Event data is the client's JSON, stored as given but for two repairs PostgreSQL's jsonb
 * (and ClickHouse's JSON) would refuse: a lone UTF-16 surrogate, which the SDK's tracker leaves
 * when it cuts text in the middle of an emoji, and NUL. Both become U+FFFD.
 */
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { Tenancy } from "../projects/tenancy";
import type { AnalyticsEvent } from "./engine";

export const CLIENT_EVENT_TYPES = ["$page-view", "$click"] as const;
export const MAX_EVENTS_PER_BATCH = 500;
/** One event's data, as JSON text. */
export const MAX_EVENT_DATA_BYTES = 16 * 1024;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function repairText(value: unknown): unknown {
  if (typeof value === "string") return value.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\u0000", "\uFFFD");
  if (Array.isArray(value)) return value.map(repairText);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [repairText(key) as string, repairText(inner)]));
  }
  return value;
}

export interface ClientEventBatch {
  sessionReplaySegmentId: string;
  events: Array<{ eventType: (typeof CLIENT_EVENT_TYPES)[number]; eventAtMs: number; data: unknown }>;
}

export const analyticsEnabled = (tenancy: Tenancy) => tenancy.config.apps.installed.analytics?.enabled === true;

/** Stores a batch from the SDK for the signed-in user's session; returns how many events were stored. */
export async function recordClientEvents(
  deps: ServiceDeps,
  tenancy: Tenancy,
  caller: { userId: string | undefined; sessionId: string | undefined },
  batch: ClientEventBatch,
): Promise<number> {
  if (!analyticsEnabled(tenancy)) throw new KnownError("ANALYTICS_NOT_ENABLED");
  if (!caller.userId || !caller.sessionId) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.analyticsBatchesPerSession, subject: caller.sessionId }]);
  const events: AnalyticsEvent[] = batch.events.map((event) => ({
    eventType: event.eventType,
    eventAt: new Date(event.eventAtMs),
    data: repairText(event.data),
    userId: caller.userId!,
    teamId: null,
    refreshTokenId: caller.sessionId!,
    sessionReplayId: null,
    sessionReplaySegmentId: batch.sessionReplaySegmentId,
  }));
  await deps.analytics.insertEvents(tenancy, events);
  return events.length;
}

/**
 * `$token-refresh`: an access token was issued for a session, at sign-in or on refresh. It is
 * recorded whether or not the Analytics app is installed, as the metrics read it. `ip_info`
 * says where the request came from only when its country is known (a trusted proxy's COUNTRY_HEADER,
 * else the GEOIP_DATABASE lookup of its address); without a location it is left out, as Stack Auth leaves it out. The region is never known here.
 * A failure to record is logged and does not fail the sign-in.
 */
export async function recordTokenRefresh(
  deps: ServiceDeps,
  tenancy: Tenancy,
  event: { userId: string; sessionId: string; isAnonymous: boolean; client: ClientInfo | null },
): Promise<void> {
  const country = event.client?.countryCode;
  const location = country ? { ip_info: { ip: event.client!.ip, country_code: country, region_code: null } } : {};
  try {
    await deps.analytics.insertEvents(tenancy, [
      {
        eventType: "$token-refresh",
        eventAt: new Date(),
        data: { refresh_token_id: event.sessionId, is_anonymous: event.isAnonymous, ...location },
        userId: event.userId,
        teamId: null,
        refreshTokenId: event.sessionId,
        sessionReplayId: null,
        sessionReplaySegmentId: null,
      },
    ]);
  } catch (error) {
    deps.log.warn("could not record a $token-refresh event", { projectId: tenancy.projectId, error: (error as Error).message });
  }
}
