import { handlerUrls, type api, type HandlerUrls } from "@gatehouse/clients/react";

type TrustedDomain = api.ProjectConfig["domains"][number];

/**
 * The project's app as the dashboard knows it: its trusted domains that name one host (a
 * wildcard domain names none, so nothing can be opened or linked there).
 */
export function appDomains(domains: api.ProjectConfig["domains"]): TrustedDomain[] {
  return domains.filter((entry) => !entry.domain.includes("*"));
}

/** The address of one of the app's handler pages on `domain`, under that domain's handler path. */
export function appPageUrl(domain: TrustedDomain, page: keyof HandlerUrls): string {
  return new URL(handlerUrls({ handlerPath: domain.handler_path })[page], domain.domain).href;
}
