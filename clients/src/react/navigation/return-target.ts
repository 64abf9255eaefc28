import { isTrustedRedirect, untrustedRedirectMessage, type RedirectPolicy } from "./trusted-redirect";

/** The query parameter that carries where to go after signing in (SPEC §2). */
export const RETURN_PARAM = "after_auth_return_to";

export type ReturnTarget =
  | { kind: "none" }
  | { kind: "trusted"; url: string }
  | { kind: "untrusted"; url: string; message: string };

/** What the `after_auth_return_to` of a page's query asks for, judged against the project's policy. */
export function readReturnTarget(search: string, policy: RedirectPolicy, ownOrigin?: string): ReturnTarget {
  const url = new URLSearchParams(search).get(RETURN_PARAM)?.trim();
  if (!url) return { kind: "none" };
  if (isTrustedRedirect(url, policy, ownOrigin)) return { kind: "trusted", url };
  return { kind: "untrusted", url, message: untrustedRedirectMessage(url) };
}

/** `path` with `after_auth_return_to` set to `returnTo`, keeping the rest of its query. */
export function withReturnTo(path: string, returnTo: string): string {
  const [pathname, query = ""] = path.split("?", 2) as [string, string?];
  const params = new URLSearchParams(query);
  params.set(RETURN_PARAM, returnTo);
  return `${pathname}?${params.toString()}`;
}
