import { adminKeys, adminQuery, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { keepPreviousData, useInfiniteQuery, useQuery, useSuspenseQuery } from "@tanstack/react-query";

export type SessionReplay = api.SessionReplay;
export type SessionReplayChunk = api.SessionReplayChunk;

/**
 * One page of the project's replays, latest activity first. It does not suspend: while another
 * page or filter loads, the table keeps the rows it shows (`isPlaceholderData`).
 */
export function useSessionReplayPage(projectId: string, params: api.ListSessionReplaysParams) {
  return useQuery({
    ...adminQuery(projectId, adminKeys(projectId).replayList(params), (request) => api.listSessionReplays(params, request)),
    placeholderData: keepPreviousData,
  });
}

export function useSessionReplay(projectId: string, replayId: string): SessionReplay {
  return useAdminQuery(projectId, adminKeys(projectId).replay(replayId), (request) => api.getSessionReplay(replayId, request));
}

/**
 * Whether the project records replays: they belong to the Analytics app, as in Stack Auth
 * (`apps.installed.analytics.enabled` in the rendered configuration).
 */
export function useRecordingOn(projectId: string): boolean {
  const { data } = useSuspenseQuery({
    ...adminQuery(projectId, adminKeys(projectId).config(), (request) => api.getConfig(request)),
    select: (answer) => {
      const config = JSON.parse(answer.config_string) as { apps?: { installed?: Record<string, { enabled?: boolean } | undefined> } };
      return config.apps?.installed?.analytics?.enabled === true;
    },
  });
  return data;
}

/** Installs the Analytics app in the project's override, so that the SDK's recorder is accepted. */
export function useTurnOnRecording(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateConfigOverride({
    request,
    mutation: { onSuccess: () => invalidate(keys.config(), keys.project()) },
  });
}

/** Chunks whose events each request brings (the server's largest window). */
const EVENT_WINDOW = 20;

/**
 * A replay's events, read a window of chunks at a time until all are in: the first window is
 * enough to start playing, and the rest follow while it plays.
 */
export function useReplayEvents(projectId: string, replayId: string) {
  const params = { limit: EVENT_WINDOW };
  const { withSignal } = useAdmin(projectId);
  return useInfiniteQuery({
    queryKey: adminKeys(projectId).replayEvents(replayId, params),
    queryFn: ({ pageParam, signal }) => api.getSessionReplayEvents(replayId, { ...params, offset: pageParam }, withSignal(signal)),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => (offset + EVENT_WINDOW < last.chunks.length ? offset + EVENT_WINDOW : undefined),
    // A recording does not change once closed, and reading it again costs megabytes.
    staleTime: Infinity,
  });
}
