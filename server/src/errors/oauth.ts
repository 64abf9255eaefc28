import { knownError, plainError } from "./define";

/** OAuth sign-in with providers, linked provider accounts and their tokens. */
export const oauthErrors = {
  // Refusals Stack Auth answers as a bare status and a sentence (a browser that landed on a
  // callback, a client that broke a route's rules), answered the same way here.
  OAUTH_FLOW_UNKNOWN: plainError(
    400,
    () =>
      "This OAuth sign-in is unknown or already finished. Start signing in again.",
  ),
  OAUTH_FLOW_COOKIE_MISSING: plainError(
    400,
    () =>
      "This browser does not hold the cookie of this OAuth sign-in: it was started in another browser, or the page was reloaded midway. Start signing in again.",
  ),
  OAUTH_FLOW_PROJECT_GONE: plainError(
    400,
    () => "The project of this OAuth sign-in no longer exists.",
  ),
  OAUTH_CALLBACK_PROVIDER_MISMATCH: plainError(
    400,
    () =>
      "This OAuth answer came back to another provider's callback than the one the sign-in started with. Start signing in again.",
  ),
  OAUTH_PROVIDER_REFUSED_CODE: plainError(
    400,
    () =>
      "The OAuth provider refused the authorization code (expired, used, or not issued for this sign-in). Start signing in again.",
  ),
  OAUTH_REDIRECT_URI_MISMATCH: plainError(
    400,
    () =>
      "The redirect URI is not the one this authorization code was issued for; send the same redirect_uri as the authorize request.",
  ),
  CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED: plainError(
    400,
    () =>
      "The cross-domain hand-off needs the session's refresh token too (the refresh-token header).",
  ),
  CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH: plainError(
    401,
    () => "The refresh token is not the one of the access token's session.",
  ),
  LINKED_ACCOUNT_NOT_FOUND: plainError<{ user_id: string; account_id: string }>(
    404,
    (d) => `The user ${d.user_id} has no linked OAuth account ${d.account_id}.`,
  ),
  LINKED_ACCOUNT_SIGN_IN_TAKEN: plainError(
    400,
    () =>
      "The user already signs in with another account of this provider; only one account per provider may sign in.",
  ),
  LINKED_ACCOUNT_PROVIDER_NOT_FOUND: plainError<{ provider_config_id: string }>(
    404,
    (d) => `The project has no OAuth provider ${d.provider_config_id}.`,
  ),
  CLIENT_ACCESS_OTHER_USERS_OAUTH_ACCOUNTS: plainError<{ action: string }>(
    403,
    (d) => `Client access may only ${d.action} of the signed-in user.`,
  ),
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: knownError(
    400,
    () =>
      "This OAuth provider is not configured for the project, is switched off, or has no client credentials of its own.",
  ),
  OAUTH_PROVIDER_ACCESS_DENIED: knownError(
    400,
    () => "The sign-in was cancelled or refused at the OAuth provider.",
  ),
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: knownError(
    503,
    () =>
      "The OAuth provider could not be reached or did not answer as expected. Try again in a moment.",
  ),
  OUTER_OAUTH_TIMEOUT: knownError(
    408,
    () =>
      "This OAuth sign-in is unknown, already finished, started in another browser, or older than an hour. Start it again.",
  ),
  INVALID_AUTHORIZATION_CODE: knownError(
    400,
    () =>
      "The authorization code is unknown, expired, already used, or does not match the redirect URI and code verifier.",
  ),
  OAUTH_CONNECTION_ALREADY_CONNECTED_TO_ANOTHER_USER: knownError(
    409,
    () => "This provider account is already linked to another user.",
  ),
  USER_ALREADY_CONNECTED_TO_ANOTHER_OAUTH_CONNECTION: knownError(
    409,
    () => "This user is already linked to another account at this provider.",
  ),
  OAUTH_PROVIDER_ACCOUNT_ID_ALREADY_USED_FOR_SIGN_IN: knownError(
    400,
    () => "Another user already signs in with this provider account.",
  ),
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: knownError(
    400,
    () => "The user has no connected account at this provider.",
  ),
  OAUTH_CONNECTION_DOES_NOT_HAVE_REQUIRED_SCOPE: knownError(
    400,
    () =>
      "The connected account has to be linked again: it was not granted the requested scopes, or the provider no longer accepts its tokens.",
  ),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE: knownError<{
    provider: string;
    details: string;
  }>(
    400,
    (d) => `No access token for ${d.provider} is available: ${d.details}`,
  ),
  OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: knownError(
    400,
    () =>
      "Extra provider scopes need the project's own OAuth client credentials.",
  ),
  APPLE_BUNDLE_ID_NOT_CONFIGURED: knownError(
    400,
    () =>
      "Sign in with Apple from a native app needs the app's bundle id among the Apple provider's bundle ids (appleBundles).",
  ),
  INVALID_APPLE_CREDENTIALS: knownError(
    400,
    () =>
      "The Apple identity token is not valid: unsigned by Apple, expired, or issued to another app.",
  ),
  OAUTH_ACCESS_TOKEN_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS: knownError(
    400,
    () =>
      "Provider access tokens need the project's own OAuth client credentials.",
  ),
};
