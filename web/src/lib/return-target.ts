/** The query parameter that carries where to go after signing in (SPEC §2). */
export const RETURN_PARAM = "after_auth_return_to";

/**
 * The page to show after signing in: the `after_auth_return_to` target when it is a path
 * on this site, home otherwise. Absolute and protocol-relative URLs are ignored so a link
 * cannot send a freshly signed-in user to another site.
 */
export function returnTarget(search: string): string {
  const target = new URLSearchParams(search).get(RETURN_PARAM);
  if (!target || !target.startsWith("/") || target.startsWith("//") || target.includes("\\")) return "/";
  return target;
}

/** A handler link (sign-in, sign-up) that comes back to `here` afterwards. */
export function withReturnTo(path: string, here: string): string {
  return `${path}?${new URLSearchParams({ [RETURN_PARAM]: here }).toString()}`;
}
