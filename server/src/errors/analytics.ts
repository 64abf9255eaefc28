import { knownError } from "./define";

/** Analytics: events and the query API. */
export const analyticsErrors = {
  ANALYTICS_NOT_ENABLED: knownError(400, () => "Analytics is not enabled for this project: install the Analytics app (apps.installed.analytics.enabled) first."),
};
