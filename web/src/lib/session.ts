import { createSession } from "@gatehouse/clients/react";

/** The project whose users sign in here; `internal` (the dashboard's own project) unless the build says otherwise. */
const projectId: string = import.meta.env.VITE_GATEHOUSE_PROJECT_ID || "internal";

/** The one session of this page: tokens in localStorage, refreshed as the session layer does. */
export const session = createSession({ baseUrl: "/api/v1", projectId });
