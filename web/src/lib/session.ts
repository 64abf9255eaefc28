import { configureDefaultSession } from "@gatehouse/clients/session";
import { useSyncExternalStore } from "react";

/** The project whose users sign in here; `internal` (the dashboard's own project) unless the build says otherwise. */
const projectId: string = import.meta.env.VITE_GATEHOUSE_PROJECT_ID || "internal";

/** The one session of this page; the generated hooks read their access token from it. */
export const session = configureDefaultSession({ baseUrl: "/api/v1", projectId });

/** Re-renders when the user signs in or out. */
export function useHasSession(): boolean {
  return useSyncExternalStore(session.subscribe, session.hasSession, session.hasSession);
}
