import { adminKeys, adminQuery, api } from "@gatehouse/clients/react";
import { usePrefetchQuery, useSuspenseQuery } from "@tanstack/react-query";

const metricsQuery = (projectId: string) => adminQuery(projectId, adminKeys(projectId).metrics(), (request) => api.getMetrics(undefined, request));

/** Read under the API keys area's key, so a new set shows here too. */
const apiKeySetsQuery = (projectId: string) => adminQuery(projectId, adminKeys(projectId).apiKeySets(), (request) => api.listProjectApiKeySets(request));

/** Sign-ups and activity over 30 days, sign-in methods, countries and recent users (`GET /internal/metrics`). */
export function useProjectMetrics(projectId: string): api.Metrics {
  return useSuspenseQuery(metricsQuery(projectId)).data;
}

/** Whether the project has a key set yet (`GET /internal/api-keys`). */
export function useHasApiKeySets(projectId: string): boolean {
  return useSuspenseQuery(apiKeySetsQuery(projectId)).data.items.length > 0;
}

/**
 * Starts the overview's reads together: the figures suspend the page, and the key check under
 * them would otherwise be asked only once the figures had answered.
 */
export function usePrefetchOverview(projectId: string): void {
  usePrefetchQuery(metricsQuery(projectId));
  usePrefetchQuery(apiKeySetsQuery(projectId));
}
