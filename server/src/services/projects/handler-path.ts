import type { ServiceDeps } from "../deps";
import type { ProjectConfig } from "../project-config/document";
import { originMatches } from "./redirects";

/** Where the handler pages sit when the project configures nothing else (SPEC §2, §9). */
export const DEFAULT_HANDLER_PATH = "/handler";

// One or more path segments, none of them "." or "..", with nothing that would end the path
// (`?`, `#`), turn into another path (`\`) or need quoting in HTML (`"`, `<`, `>`, `&`, `'`).
const SAFE_HANDLER_PATH = /^(?:\/(?!\.\.?(?:\/|$))[^/?#\\\s"'<>&]+)+$/;

/**
 * The handler path of the first trusted domain whose URL has `siteUrl`'s origin, without a
 * trailing slash ("/" when the pages sit at the root). A path that could not serve as one
 * (the admin API checks only that it starts with "/") counts as unset.
 */
export function handlerPathFor(siteUrl: string, config: ProjectConfig): string {
  const site = new URL(siteUrl);
  const domain = Object.values(config.domains.trustedDomains).find(({ baseUrl }) => originMatches(baseUrl, site));
  return domain ? normalizeHandlerPath(domain.handlerPath) : DEFAULT_HANDLER_PATH;
}

export function normalizeHandlerPath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return path.startsWith("/") ? "/" : DEFAULT_HANDLER_PATH;
  return SAFE_HANDLER_PATH.test(trimmed) ? trimmed : DEFAULT_HANDLER_PATH;
}

/**
 * The handler path of the pages this server hosts for `projectId`: where the web pages are
 * served (PUBLIC_WEB_URL, else PUBLIC_URL) is the site, so a trusted domain for that URL
 * decides it. The project's config comes from the tenancy cache, so a change shows within
 * that cache's lifetime.
 */
export async function hostedHandlerPath(deps: ServiceDeps, projectId: string): Promise<string> {
  const lookup = await deps.tenancies.lookup(projectId);
  return lookup.found ? handlerPathFor(deps.settings.publicWebUrl, lookup.tenancy.config) : DEFAULT_HANDLER_PATH;
}
