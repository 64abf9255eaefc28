import { knownError, plainError } from "./define";

/** CLI login (SPEC §4, §8): a command-line tool signed in through the browser. */
export const cliErrors = {
  INVALID_POLLING_CODE: knownError(400, () => "The polling code is invalid or does not exist in this project."),
  CLI_AUTH_ERROR: knownError<{ message: string }>(400, (d) => d.message),
  CLI_AUTH_EXPIRED_ERROR: knownError<{ message: string }>(400, (d) => d.message),
  CLI_AUTH_USED_ERROR: knownError<{ message: string }>(400, (d) => d.message),
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  // The login code's own states keep the catalogue codes above, which the SDK and the confirm page read.
  CLI_ANON_REFRESH_TOKEN_INVALID: plainError(400, () => "anon_refresh_token is not the refresh token of a live session of this project."),
  CLI_ANON_REFRESH_TOKEN_NOT_ANONYMOUS: plainError(400, () => "anon_refresh_token must be the refresh token of an anonymous user's session."),
  CLI_NO_ANONYMOUS_SESSION: plainError(400, () => "No anonymous session is tied to this login code."),
  CLI_REFRESH_TOKEN_REQUIRED: plainError(400, () => "Confirming a CLI login needs refresh_token, or a signed-in user's access token."),
  CLI_REFRESH_TOKEN_INVALID: plainError(400, () => "refresh_token is not the refresh token of a live session of this project."),
};
