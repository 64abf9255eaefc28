/**
 * What a project in production mode may not have (SPEC §5 "production-mode flags"): localhost
 * allowed as a redirect target, trusted domains that are localhost, a bare IP address, or not
 * HTTPS. Each would let codes and tokens travel to a place a production app does not live.
 */
import { isIP } from "node:net";
import type { ProjectConfig } from "./document";

export function productionModeProblems(config: ProjectConfig): string[] {
  const problems: string[] = [];
  if (config.domains.allowLocalhost) problems.push("Localhost is not allowed in production mode; turn allow_localhost off");
  for (const { baseUrl } of Object.values(config.domains.trustedDomains)) {
    const match = /^([a-z]+):\/\/(\[[^\]]*\]|[^/:]+)/i.exec(baseUrl);
    const protocol = match?.[1]?.toLowerCase();
    const host = (match?.[2] ?? "").toLowerCase().replace(/^\[|\]$/g, "");
    if (protocol !== "https") problems.push(`Trusted domains should be HTTPS (${baseUrl})`);
    if (host === "localhost" || host.endsWith(".localhost")) problems.push(`Trusted domains may not be localhost in production mode (${baseUrl})`);
    else if (isIP(host)) problems.push(`Trusted domains may not be direct IP addresses in production mode (${baseUrl})`);
  }
  return problems;
}
