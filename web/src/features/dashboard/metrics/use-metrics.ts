import { adminQueryKey, adminRequest, api } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** Sign-ups and activity over 30 days, sign-in methods, countries and recent users (`GET /internal/metrics`). */
export function useProjectMetrics(projectId: string): api.Metrics {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetMetricsQueryKey()),
    queryFn: ({ signal }) => api.getMetrics(undefined, adminRequest(projectId, { signal })),
  });
  return data;
}
