import { createSession, type FetchLike, type Session } from "@gatehouse/clients/react";
import { chosenLocale } from "./locale";

/** The project whose users sign in here; `internal` (the dashboard's own project) unless the build says otherwise. */
const projectId: string = import.meta.env.VITE_GATEHOUSE_PROJECT_ID || "internal";

/**
 * Every request names the visitor's language first (their choice here, else their browser's), so
 * that the mail a request sends (verification, reset, sign-in code, an invitation) is written in
 * it; the dashboard shows English but an admin's mail still follows their language.
 */
const fetchInLocale: FetchLike = (input, init) => {
  const request = new Request(input, init);
  request.headers.set("accept-language", [chosenLocale(), ...navigator.languages].join(", "));
  return fetch(request);
};

/** The one session of this page: tokens in localStorage, refreshed as the session layer does. */
export const session = createSession({ baseUrl: "/api/v1", projectId, fetch: fetchInLocale });

const projectSessions = new Map<string, Session>([[projectId, session]]);

/**
 * The session of `project`'s users in this browser, for a page that serves any project (the OAuth
 * authorize page): its tokens are kept under the project's id, beside this site's own. This
 * site's project gets the one session above, so that two sessions never refresh the same tokens.
 */
export function sessionForProject(project: string): Session {
  let found = projectSessions.get(project);
  if (!found) projectSessions.set(project, (found = createSession({ baseUrl: "/api/v1", projectId: project, fetch: fetchInLocale })));
  return found;
}

/** Whether `project` is this site's own, whose handler pages (password reset, e-mail verification) serve its users. */
export const isSiteProject = (project: string): boolean => project === projectId;
