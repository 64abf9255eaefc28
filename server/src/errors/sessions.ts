import { knownError } from "./define";

export const sessionErrors = {
  UNPARSABLE_ACCESS_TOKEN: knownError(401, () => "The access token could not be parsed or its signature is invalid."),
  ACCESS_TOKEN_EXPIRED: knownError<{
    expired_at_millis: number | null;
    project_id: string | null;
    user_id: string | null;
    refresh_token_id: string | null;
  }>(401, () => "The access token has expired. Refresh it and try again."),
  INVALID_PROJECT_FOR_ACCESS_TOKEN: knownError<{ expected_project_id: string; actual_project_id: string }>(
    401,
    (d) => `The access token was issued for project ${d.actual_project_id}, not ${d.expected_project_id}.`,
  ),
  ANONYMOUS_AUTHENTICATION_NOT_ALLOWED: knownError(
    401,
    () => "This access token belongs to an anonymous user; send x-stack-allow-anonymous-user: true to accept it.",
  ),
  REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED: knownError(
    401,
    () => "The refresh token does not exist, has expired, or its session was revoked.",
  ),
  CANNOT_DELETE_CURRENT_SESSION: knownError(
    400,
    () => "The current session cannot be deleted this way; sign out instead.",
  ),
  INVALID_OAUTH_CLIENT_ID_OR_SECRET: knownError<{ client_id: string }>(
    400,
    (d) => `The OAuth client id "${d.client_id}" or its client secret is not valid.`,
  ),
  USER_AUTHENTICATION_REQUIRED: knownError(401, () => "This endpoint needs a signed-in user (an access token)."),
  CANNOT_GET_OWN_USER_WITHOUT_USER: knownError(
    400,
    () => "The current user was requested, but the request carries no user session.",
  ),
};
