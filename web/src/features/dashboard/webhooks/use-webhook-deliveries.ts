import { adminKeys, api, useAdmin } from "@gatehouse/clients/react";
import { useSuspenseInfiniteQuery } from "@tanstack/react-query";

const PAGE_SIZE = 25;

/** The delivery log, newest first, a page at a time, of one endpoint or all. */
export function useWebhookDeliveries(projectId: string, endpointId: string | null) {
  const filter = endpointId ? { endpoint_id: endpointId } : {};
  const { withSignal } = useAdmin(projectId);
  return useSuspenseInfiniteQuery({
    // Kept apart from a plain read of the same path: an infinite query's data has pages.
    queryKey: adminKeys(projectId).webhookDeliveries(filter),
    queryFn: ({ pageParam, signal }) => api.listWebhookDeliveries({ ...filter, limit: PAGE_SIZE, ...(pageParam ? { cursor: pageParam } : {}) }, withSignal(signal)),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.pagination?.next_cursor ?? null,
  });
}
