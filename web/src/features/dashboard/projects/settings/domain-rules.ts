/**
 * Trusted domains and handler paths, checked as the server checks them (SPEC §5,
 * server/src/routes/projects/shapes.ts), with the server's words, so that a mistake is
 * heard before saving; the server stays the authority.
 */
const DOMAIN_MAX_LENGTH = 300;
const HANDLER_PATH_MAX_LENGTH = 300;
const SHAPE = /^https?:\/\/([^/:]*)(:\d+)?\/?$/i;
const HOST_CHARACTERS = /^[a-zA-Z0-9*.-]+$/;

export function domainProblem(value: string): string | null {
  const domain = value.trim();
  if (domain === "") return "Enter the domain, such as https://app.example.com.";
  if (domain.length > DOMAIN_MAX_LENGTH) return `Use at most ${DOMAIN_MAX_LENGTH} characters.`;
  const host = SHAPE.exec(domain)?.[1];
  if (host === undefined || host === "") return "Must be http(s):// followed by a host, optionally with * wildcards";
  if (host.startsWith(".") || host.endsWith(".") || host.includes("..")) return "A domain may not start or end with a dot or contain '..'";
  if (!HOST_CHARACTERS.test(host)) return "Only letters, digits, dots, hyphens and * wildcards may be in a domain";
  return null;
}

export function handlerPathProblem(value: string): string | null {
  if (!value.startsWith("/")) return "Handler path must start with /";
  return value.length > HANDLER_PATH_MAX_LENGTH ? `Use at most ${HANDLER_PATH_MAX_LENGTH} characters.` : null;
}

const isIpv4 = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host) && host.split(".").every((part) => Number(part) <= 255);

/**
 * What a project in production mode may not have (SPEC §5 production-mode flags), worded as
 * the server's refusal words them (server/src/services/project-config/production-mode.ts).
 */
export function productionModeProblems(config: { allow_localhost: boolean; domains: ReadonlyArray<{ domain: string }> }): string[] {
  const problems: string[] = [];
  if (config.allow_localhost) problems.push("Localhost is allowed: turn “Allow localhost” off.");
  for (const { domain } of config.domains) {
    const match = /^([a-z]+):\/\/([^/:]+)/i.exec(domain.trim());
    const protocol = match?.[1]?.toLowerCase();
    const host = (match?.[2] ?? "").toLowerCase();
    if (protocol !== "https") problems.push(`Trusted domains should be HTTPS (${domain})`);
    if (host === "localhost" || host.endsWith(".localhost")) problems.push(`Trusted domains may not be localhost in production mode (${domain})`);
    else if (isIpv4(host)) problems.push(`Trusted domains may not be direct IP addresses in production mode (${domain})`);
  }
  return problems;
}
