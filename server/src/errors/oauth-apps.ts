import { knownError } from "./define";

/** The project as an OAuth server: its apps, authorizations and users' connected apps. Ours, not Stack Auth's. */
export const oauthAppErrors = {
  OAUTH_SERVER_NOT_ENABLED: knownError(
    400,
    () => "This project is not an OAuth server. Switch it on with the configuration key oauthServer.enabled (the dashboard's OAuth apps page).",
  ),
  OAUTH_APP_NOT_FOUND: knownError<{ client_id: string }>(404, (d) => `The project has no OAuth app ${d.client_id}.`),
  OAUTH_APP_INVALID: knownError<{ problem: string }>(400, (d) => `This OAuth app cannot be saved: ${d.problem}`),
  // One answer for an unknown, expired, finished and another project's request, so nothing is learnt from it.
  OAUTH_AUTHORIZATION_NOT_FOUND: knownError(
    404,
    () => "This sign-in request has expired or was already answered. Go back to the app and start again.",
  ),
  OAUTH_FRESH_SIGN_IN_REQUIRED: knownError(
    401,
    () => "The app asks for a sign-in made just now. Sign out, sign in again, and answer the request.",
  ),
  AGENT_CREDENTIAL_INVALID: knownError<{ problem: string }>(400, (d) => `This agent credential cannot be made: ${d.problem}`),
  AGENT_CREDENTIAL_NOT_FOUND: knownError<{ credential_id: string }>(404, (d) => `The user has no agent credential ${d.credential_id}, or it has expired.`),
  OAUTH_APP_NOT_CONNECTED: knownError<{ client_id: string }>(404, (d) => `The user has not allowed the app ${d.client_id}.`),
};
