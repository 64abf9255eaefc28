import { knownError } from "./define";

export const apiKeyErrors = {
  API_KEY_NOT_FOUND: knownError(404, () => "The API key was not found."),
};
