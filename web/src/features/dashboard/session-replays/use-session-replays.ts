import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { keepPreviousData, useInfiniteQuery, useQuery, useSuspenseQuery } from "@tanstack/react-query";

export type SessionReplay = api.SessionReplay;
export type SessionReplayChunk = api.SessionReplayChunk;

const configKey = api.getGetConfigQueryKey();

/**
 * One page of the project's replays, latest activity first. It does not suspend: while another
 * page or filter loads, the table keeps the rows it shows (`isPlaceholderData`).
 */
export function useSessionReplayPage(projectId: string, params: api.ListSessionReplaysParams) {
  return useQuery({
    queryKey: adminQueryKey(projectId, api.getListSessionReplaysQueryKey(params)),
    queryFn: ({ signal }) => api.listSessionReplays(params, adminRequest(projectId, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useSessionReplay(projectId: string, replayId: string): SessionReplay {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetSessionReplayQueryKey(replayId)),
    queryFn: ({ signal }) => api.getSessionReplay(replayId, adminRequest(projectId, { signal })),
  });
  return data;
}

/**
 * Whether the project records replays: they belong to the Analytics app, as in Stack Auth
 * (`apps.installed.analytics.enabled` in the rendered configuration).
 */
export function useRecordingOn(projectId: string): boolean {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, configKey),
    queryFn: ({ signal }) => api.getConfig(adminRequest(projectId, { signal })),
    select: (answer) => {
      const config = JSON.parse(answer.config_string) as { apps?: { installed?: Record<string, { enabled?: boolean } | undefined> } };
      return config.apps?.installed?.analytics?.enabled === true;
    },
  });
  return data;
}

/** Installs the Analytics app in the project's override, so that the SDK's recorder is accepted. */
export function useTurnOnRecording(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateConfigOverride({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(configKey, api.getGetCurrentProjectAdminQueryKey()) },
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
  return useInfiniteQuery({
    queryKey: adminQueryKey(projectId, [...api.getGetSessionReplayEventsQueryKey(replayId, params), "windows"]),
    queryFn: ({ pageParam, signal }) => api.getSessionReplayEvents(replayId, { ...params, offset: pageParam }, adminRequest(projectId, { signal })),
    initialPageParam: 0,
    getNextPageParam: (last, _pages, offset) => (offset + EVENT_WINDOW < last.chunks.length ? offset + EVENT_WINDOW : undefined),
    // A recording does not change once closed, and reading it again costs megabytes.
    staleTime: Infinity,
  });
}
