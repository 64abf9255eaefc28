import { knownError, plainError } from "./define";

/** User and team API keys. All of these are API_KEY_NOT_VALID in the SDK's hierarchy. */
export const apiKeyErrors = {
  API_KEY_NOT_FOUND: knownError(404, () => "The API key was not found."),
  API_KEY_EXPIRED: knownError(401, () => "The API key has expired."),
  API_KEY_REVOKED: knownError(401, () => "The API key has been revoked."),
  PUBLIC_API_KEY_CANNOT_BE_REVOKED: knownError(400, () => "Public API keys cannot be revoked through credential scanning; they are meant to be public."),
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  API_KEYS_NOT_ENABLED: plainError<{ type: "user" | "team" }>(400, (d) =>
    d.type
      ? `${d.type === "user" ? "User" : "Team"} API keys are turned off for this project (allow_${d.type}_api_keys, config apiKeys.enabled.${d.type}).`
      : "User or team API keys are turned off for this project.",
  ),
  CLIENT_CAN_ONLY_MANAGE_OWN_API_KEYS: plainError(403, () => "With client access, only the signed-in user's own API keys can be managed."),
  WRONG_API_KEY_TYPE: knownError<{ expected_type: string; actual_type: string }>(
    400,
    (d) => `This is a ${d.actual_type} API key, but a ${d.expected_type} API key was expected.`,
  ),
};
