import { knownError } from "./define";

/** CLI login (SPEC §4, §8): a command-line tool signed in through the browser. */
export const cliErrors = {
  INVALID_POLLING_CODE: knownError(400, () => "The polling code is invalid or does not exist in this project."),
  CLI_AUTH_ERROR: knownError<{ message: string }>(400, (d) => d.message),
  CLI_AUTH_EXPIRED_ERROR: knownError<{ message: string }>(400, (d) => d.message),
  CLI_AUTH_USED_ERROR: knownError<{ message: string }>(400, (d) => d.message),
};
