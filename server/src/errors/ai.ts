import { knownError, plainError } from "./define";

/**
 * Ours, not Stack Auth's (KNOWN-ERRORS.md has no code for either: Stack's hosted backend always
 * has a model, and answers a failing one with a bare 500). The SDKs read them as unknown known
 * errors and surface the message. A server without a model is a feature switched off, so 400
 * like the catalogue's ANALYTICS_NOT_ENABLED; a failing model service is an outage, so 503
 * like PAYMENT_PROVIDER_UNAVAILABLE.
 */
export const aiErrors = {
  AI_NOT_CONFIGURED: knownError(
    400,
    () => "This server has no language model configured, so AI features are off. Its operator can set AI_BASE_URL and AI_MODEL to turn them on.",
  ),
  AI_PROVIDER_UNAVAILABLE: knownError(
    503,
    () => "The language model service could not be reached, failed, or took too long to answer. Try again in a little while.",
  ),
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  AI_INVALID_TOOL_NAMES: plainError<{ names: string[] }>(400, (d) => `The request names tools this server does not know (${d.names?.join(", ") ?? "…"}); the tools are docs, sql-query, create-email-theme, create-email-template, create-email-draft and update-dashboard.`),
  AI_TOO_MANY_IMAGES: plainError<{ max: number }>(400, (d) => `A message may carry at most ${d.max ?? 3} images.`),
  AI_IMAGE_TOO_LARGE: plainError<{ max_mib: number; mib: string }>(400, (d) => `An image is larger than ${d.max_mib ?? 3} MiB${d.mib ? ` (${d.mib} MiB)` : ""}.`),
  AI_PROJECT_ACCESS_DENIED: plainError(
    403,
    () => "You do not have access to this project: only a signed-in dashboard user of the internal project may name a project, and only one their team owns.",
  ),
};
