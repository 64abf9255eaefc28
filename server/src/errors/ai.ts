import { knownError } from "./define";

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
};
