import { adminKeys, adminQuery, api } from "@gatehouse/clients/react";
import { usePrefetchQuery, useSuspenseQuery } from "@tanstack/react-query";
import { useProjectId } from "../shell/project-context";

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
 * The overview's reads, started together as its route renders (app/dashboard-routes.tsx): beside
 * the download of the page's code rather than after it, and the key check beside the figures
 * rather than once they have answered.
 */
export function OverviewFirstReads(): null {
  const projectId = useProjectId();
  usePrefetchQuery(metricsQuery(projectId));
  usePrefetchQuery(apiKeySetsQuery(projectId));
  return null;
}
