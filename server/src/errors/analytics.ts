import { knownError } from "./define";

/** Analytics: events and the query API. */
export const analyticsErrors = {
  ANALYTICS_QUERY_TIMEOUT: knownError<{ timeout_ms: number }>(400, (d) => `The analytics query did not finish within ${d.timeout_ms} ms.`),
  ANALYTICS_QUERY_ERROR: knownError<{ error: string }>(400, (d) => d.error),
  ANALYTICS_NOT_ENABLED: knownError(400, () => "Analytics is not enabled for this project: install the Analytics app (apps.installed.analytics.enabled) first."),
};
