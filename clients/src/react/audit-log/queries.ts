import { useSuspenseInfiniteQuery, type QueryKey } from "@tanstack/react-query";
import {
  getListOwnSecurityActivityQueryKey,
  listOwnSecurityActivity,
  listTeamAuditEvents,
  type AuditEvent as SecurityEvent,
  type AuditEventList,
} from "../../react-query";
import { areaKeys } from "../keys";

export type { SecurityEvent };

const PAGE = 20;

/**
 * Events newest first, a page at a time: `loadMore` reads the next older page. Suspends while
 * the first page loads.
 */
function useEventPages(queryKey: QueryKey, read: (cursor: string | undefined, signal: AbortSignal) => Promise<AuditEventList>) {
  const query = useSuspenseInfiniteQuery({
    queryKey,
    queryFn: ({ pageParam, signal }) => read(pageParam || undefined, signal),
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

/** The signed-in user's security activity: audit events where they acted or were acted on. */
export function useSecurityActivity() {
  const params = { limit: PAGE } as const;
  return useEventPages(getListOwnSecurityActivityQueryKey(params), (cursor, signal) =>
    listOwnSecurityActivity({ ...params, ...(cursor ? { cursor } : {}) }, { signal }),
  );
}

/**
 * One team's audit events, for its admins (members holding `$update_team`). Keyed under the
 * area's prefix rather than the generated key, whose path carries the team id in its first part
 * and so sits under no prefix a team mutation could invalidate.
 */
export function useTeamActivity(teamId: string) {
  const params = { limit: PAGE } as const;
  return useEventPages([...areaKeys.teamActivity, teamId, params], (cursor, signal) =>
    listTeamAuditEvents(teamId, { ...params, ...(cursor ? { cursor } : {}) }, { signal }),
  );
}
