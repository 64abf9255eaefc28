/**
 * Callback URLs are where we send users with codes in the query string, so an attacker who
 * could choose one would collect those codes. A URL is trusted when it is relative to the
 * app, or when its origin matches one of the project's trusted domains (`*` matches within
 * one DNS label, `**` across labels), or it is a localhost URL and the project allows that.
 */
import { redirectUrlNotTrusted } from "../../errors";
import type { ProjectConfig } from "../project-config/document";

const LOCALHOST_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function isTrustedRedirect(url: string, config: ProjectConfig): boolean {
  if (url.startsWith("/") && !url.startsWith("//") && !url.startsWith("/\\")) return true;
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  return isTrustedOrigin(target, config);
}

/**
 * Whether `target`'s origin is one of the project's: a trusted domain, or localhost when the
 * project allows it. Also the rule for the origins passkeys may be used on.
 */
export function isTrustedOrigin(target: URL, config: ProjectConfig): boolean {
  if (target.protocol !== "http:" && target.protocol !== "https:") return false;
  if (config.domains.allowLocalhost && (LOCALHOST_NAMES.has(target.hostname) || target.hostname.endsWith(".localhost"))) {
    return true;
  }
  return Object.values(config.domains.trustedDomains).some(({ baseUrl }) => originMatches(baseUrl, target));
}

/** Whether `target`'s origin is the one a trusted domain's `baseUrl` names (wildcards as above). */
export function originMatches(pattern: string, target: URL): boolean {
  const match = /^(https?):\/\/([^/:]+)(?::(\d+|\*))?(?=$|[/?#])/.exec(pattern);
  if (!match) return false;
  const [, protocol, hostPattern, port] = match;
  if (`${protocol}:` !== target.protocol) return false;
  // A port of `*` matches any port.
  if (port !== "*" && (port ?? defaultPort(target.protocol)) !== (target.port || defaultPort(target.protocol))) return false;
  const hostRegex = new RegExp(
    `^${hostPattern!
      .toLowerCase()
      .split(/(\*\*|\*)/)
      .map((part) => (part === "**" ? ".*" : part === "*" ? "[^.]*" : part.replace(/[.+?^${}()|[\]\\]/g, "\\$&")))
      .join("")}$`,
  );
  return hostRegex.test(target.hostname.toLowerCase());
}

function defaultPort(protocol: string): string {
  return protocol === "https:" ? "443" : "80";
}

export function assertTrustedRedirect(url: string | undefined, config: ProjectConfig): void {
  if (url !== undefined && !isTrustedRedirect(url, config)) throw redirectUrlNotTrusted(url);
}
