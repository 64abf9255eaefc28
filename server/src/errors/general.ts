import { knownError } from "./define";

export const generalErrors = {
  UNSUPPORTED_ERROR: knownError<{ originalErrorCode: string }>(
    500,
    (d) => `An error occurred that this server cannot describe (${d.originalErrorCode}).`,
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
};
