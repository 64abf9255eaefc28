import { adminKeys, api, useAdminQuery } from "@gatehouse/clients/react";

/** Sign-ups and activity over 30 days, sign-in methods, countries and recent users (`GET /internal/metrics`). */
export function useProjectMetrics(projectId: string): api.Metrics {
  return useAdminQuery(projectId, adminKeys(projectId).metrics(), (request) => api.getMetrics(undefined, request));
}

/** Whether the project has a key set yet (`GET /internal/api-keys`, read under the API keys area's key, so a new set shows here too). */
export function useHasApiKeySets(projectId: string): boolean {
  return useAdminQuery(projectId, adminKeys(projectId).apiKeySets(), (request) => api.listProjectApiKeySets(request)).items.length > 0;
}
