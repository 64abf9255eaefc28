import { useSuspenseInfiniteQuery } from "@tanstack/react-query";
import { getListOwnSecurityActivityQueryKey, listOwnSecurityActivity, type AuditEvent as SecurityEvent } from "../../react-query";

export type { SecurityEvent };

const PAGE = 20;

/**
 * The signed-in user's security activity (audit events where they acted or were acted on),
 * newest first, a page at a time: `fetchNextPage` reads the next older page. Suspends while
 * the first page loads.
 */
export function useSecurityActivity() {
  const params = { limit: PAGE } as const;
  const query = useSuspenseInfiniteQuery({
    queryKey: getListOwnSecurityActivityQueryKey(params),
    queryFn: ({ pageParam, signal }) => listOwnSecurityActivity({ ...params, ...(pageParam ? { cursor: pageParam } : {}) }, { signal }),
    initialPageParam: "",
    getNextPageParam: (last) => last.pagination.next_cursor ?? undefined,
  });
  return {
    events: query.data.pages.flatMap((page) => page.items),
    hasMore: query.hasNextPage,
    loadMore: () => void query.fetchNextPage(),
    loadingMore: query.isFetchingNextPage,
  };
}
