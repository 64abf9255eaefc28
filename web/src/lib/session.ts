import { createSession, type FetchLike } from "@gatehouse/clients/react";
import { i18n } from "@lingui/core";

/** The project whose users sign in here; `internal` (the dashboard's own project) unless the build says otherwise. */
const projectId: string = import.meta.env.VITE_GATEHOUSE_PROJECT_ID || "internal";

/**
 * Every request names the page's language first, so that the mail a request sends (verification,
 * reset, sign-in code) is written in the language the visitor chose here, not only their browser's.
 */
const fetchInLocale: FetchLike = (input, init) => {
  const request = new Request(input, init);
  if (i18n.locale) request.headers.set("accept-language", [i18n.locale, ...navigator.languages].join(", "));
  return fetch(request);
};

/** The one session of this page: tokens in localStorage, refreshed as the session layer does. */
export const session = createSession({ baseUrl: "/api/v1", projectId, fetch: fetchInLocale });
