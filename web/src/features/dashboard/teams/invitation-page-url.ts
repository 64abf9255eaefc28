import { handlerUrls, type api } from "@gatehouse/clients/react";

/**
 * Where invitation e-mails should lead: the team-invitation page of the app on the project's
 * first trusted domain that names one host (a wildcard domain names none), under that domain's
 * handler path. Null when the project has no such domain.
 */
export function invitationPageUrl(domains: api.ProjectConfig["domains"]): string | null {
  const domain = domains.find((candidate) => !candidate.domain.includes("*"));
  if (!domain) return null;
  return new URL(handlerUrls({ handlerPath: domain.handler_path }).teamInvitation, domain.domain).href;
}
