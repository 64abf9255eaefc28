import { handlerUrls, type api } from "@gatehouse/clients/react";

/**
 * Where a verification e-mail sent from the dashboard links to: the e-mail verification page of
 * the project's app, on its first trusted domain without wildcards. The link must lead to the
 * app the user signs in to, which the dashboard knows only from those domains; without one
 * there is nowhere to send them, and null says so.
 */
export function verificationCallbackUrl(config: api.ProjectConfig): string | null {
  const domain = config.domains.find((entry) => !entry.domain.includes("*"));
  if (!domain) return null;
  return new URL(handlerUrls({ handlerPath: domain.handler_path }).emailVerification, domain.domain).href;
}
