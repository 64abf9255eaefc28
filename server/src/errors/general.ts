import { knownError } from "./define";

/**
 * The original codes Gatehouse answers inside UNSUPPORTED_ERROR, with their sentences. It is the
 * one generic code Stack Auth's SDKs rebuild (a code they do not know makes them throw "update
 * your SDK" without the message); they show the original code, the body says the sentence.
 */
const UNSUPPORTED_BECAUSE = new Map<string, string>([
  [
    "HOSTED_PLATFORM_FEATURE_NOT_OFFERED",
    "Stack Auth's Neon and custom partner integrations (/integrations/neon, /integrations/custom: provisioning and transferring projects for a hosting partner, and acting as its OAuth provider) are a feature of Stack's hosted platform, which Gatehouse does not offer.",
  ],
]);

export const generalErrors = {
  UNSUPPORTED_ERROR: knownError<{ originalErrorCode: string }>(
    500,
    (d) => UNSUPPORTED_BECAUSE.get(d.originalErrorCode) ?? `An error occurred that this server cannot describe (${d.originalErrorCode}).`,
  ),
  BODY_PARSING_ERROR: knownError<{ message: string }>(400, (d) => `The request body could not be read: ${d.message}`),
  SCHEMA_ERROR: knownError<{ message: string }>(400, (d) => `Request validation failed: ${d.message}`),
  // Ours, not Stack Auth's: the SDKs read it as an unknown known error and surface the message.
  DATABASE_UNAVAILABLE: knownError(503, () => "The database is unreachable right now; try again in a few seconds."),
  // Ours too: Stack Auth answers unknown paths with plain text, which no client can tell from a proxy's page.
  ROUTE_NOT_FOUND: knownError<{ method: string; path: string }>(
    404,
    (d) => `No API operation answers ${d.method} ${d.path}; the operations are listed in /api/v1/openapi.json.`,
  ),
  // The one-time codes several areas send: sign-in codes, password resets, e-mail verification, invitations.
  VERIFICATION_CODE_NOT_FOUND: knownError(404, () => "The verification code does not exist or is not valid for this request."),
  VERIFICATION_CODE_EXPIRED: knownError(400, () => "The verification code has expired; request a new one."),
  VERIFICATION_CODE_ALREADY_USED: knownError(409, () => "The verification code has already been used."),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: knownError(
    400,
    () => "Too many wrong attempts were made with this verification code; request a new one.",
  ),
};
