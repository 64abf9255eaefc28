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
};
