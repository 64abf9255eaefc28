/**
 * Where a page may send someone after signing in. `after_auth_return_to` arrives in a link
 * anyone can craft, so following it blindly would let a stranger's link carry a freshly
 * signed-in user to a look-alike site. A target is trusted when it is relative to this site,
 * on this site's own origin, or on one of the project's trusted domains (`*` matching within
 * one DNS label, `**` across labels), or a localhost URL when the project allows localhost:
 * the rule the server applies to callback URLs (SPEC §5), which stays the authority.
 */

/** What the check needs of the project: the `domains` and `allow_localhost` of `GET /projects/current`. */
export interface RedirectPolicy {
  domains: ReadonlyArray<{ domain: string }>;
  allow_localhost: boolean;
}

const LOCALHOST_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** SPEC §5's refusal, naming the URL. */
export function untrustedRedirectMessage(url: string): string {
  return `Redirect URL ${url} is not trusted; should be relative.`;
}

export function isRelativeUrl(url: string): boolean {
  return url.startsWith("/") && !url.startsWith("//") && !url.includes("\\");
}

export function isTrustedRedirect(url: string, policy: RedirectPolicy, ownOrigin?: string): boolean {
  if (isRelativeUrl(url)) return true;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  if (ownOrigin !== undefined && target.origin === ownOrigin) return true;
  if (policy.allow_localhost && (LOCALHOST_NAMES.has(target.hostname) || target.hostname.endsWith(".localhost"))) return true;
  return policy.domains.some(({ domain }) => originMatches(domain, target));
}

function originMatches(pattern: string, target: URL): boolean {
  const match = /^(https?):\/\/([^/:]+)(?::(\d+))?/.exec(pattern);
  if (!match) return false;
  const [, protocol, hostPattern, port] = match;
  if (`${protocol}:` !== target.protocol) return false;
  if ((port ?? defaultPort(target.protocol)) !== (target.port || defaultPort(target.protocol))) return false;
  const host = hostPattern!
    .toLowerCase()
    .split(/(\*\*|\*)/)
    .map((part) => (part === "**" ? ".*" : part === "*" ? "[^.]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
    .join("");
  return new RegExp(`^${host}$`).test(target.hostname.toLowerCase());
}

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}
