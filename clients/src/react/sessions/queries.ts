import { useSuspenseQuery } from "@tanstack/react-query";
import { getListSessionsQueryKey, listSessions, type Session as ActiveSession } from "../../react-query";

export type { ActiveSession };

/** The signed-in user's sessions, the current one marked `is_current_session`. Suspends while loading. */
export function useSessions(): ActiveSession[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({ queryKey: getListSessionsQueryKey(params), queryFn: ({ signal }) => listSessions(params, { signal }) });
  return data.items;
}
