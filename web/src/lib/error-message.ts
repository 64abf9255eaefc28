import { GatehouseApiError, GatehouseNetworkError, type KnownErrorCode } from "@gatehouse/clients/react";

/** Words for known-error codes, by code; typed by the catalogue, so a misspelt code does not compile. */
export type ErrorWording = { readonly [C in KnownErrorCode]?: string };

/** Messages worded for the person at the form, by known-error code; others use the server's message. */
const MESSAGES: { readonly [C in KnownErrorCode]?: (details: Record<string, unknown>) => string } = {
  EMAIL_PASSWORD_MISMATCH: () => "Wrong e-mail or password.",
  USER_EMAIL_ALREADY_EXISTS: () => "An account with this e-mail already exists. Sign in instead.",
  PASSWORD_TOO_SHORT: (d) => `The password is too short: use at least ${String(d.min_length ?? 8)} characters.`,
  PASSWORD_TOO_LONG: (d) => `The password is too long: use at most ${String(d.maxLength ?? 70)} characters.`,
  SIGN_UP_NOT_ENABLED: () => "New accounts cannot be created here right now.",
  SIGN_UP_REJECTED: () => "This sign-up is not accepted here. If you think it should be, ask the site's administrator.",
  PASSWORD_AUTHENTICATION_NOT_ENABLED: () => "Signing in with a password is turned off for this project.",
  VERIFICATION_CODE_NOT_FOUND: () => "This link is not valid (any more). Ask for a new one.",
  VERIFICATION_CODE_EXPIRED: () => "This link has expired. Ask for a new one.",
  VERIFICATION_CODE_ALREADY_USED: () => "This link has already been used.",
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: () => "This link was tried too many times. Ask for a new one.",
  EMAIL_ALREADY_VERIFIED: () => "This e-mail address is verified already.",
  REDIRECT_URL_NOT_WHITELISTED: () =>
    "This site is not one of the project's trusted domains, so e-mails cannot link to it. Ask the site's administrator to add it.",
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: () => "Finish setting up your account before you join a team.",
  TEAM_PERMISSION_REQUIRED: () => "You do not have permission to do this in this team.",
  PASSKEY_AUTHENTICATION_NOT_ENABLED: () => "Passkeys are turned off for this project.",
  PASSKEY_WEBAUTHN_ERROR: (d) => passkeyCeremonyMessage(String(d.code ?? ""), String(d.message ?? "")),
  INVALID_AUTHORIZATION_CODE: () => "This sign-in link was already used or has expired. Sign in again.",
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: () => "This account is not connected (any more).",
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: () => "Signing in with this provider is not available right now.",
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: () => "The provider could not be reached. Try again in a moment.",
  SCHEMA_ERROR: (d) => `Please check the form: ${String(d.message ?? "a field is not valid")}`,
};

/** What went wrong in the browser's own passkey prompt, by the browser's or @simplewebauthn/browser's code. */
function passkeyCeremonyMessage(code: string, message: string): string {
  if (code === "NotAllowedError") return "The passkey prompt was closed or timed out. Try again when you are ready.";
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || code === "InvalidStateError") return "This device already holds a passkey for your account.";
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID") return "Passkeys cannot be used on this site's address.";
  if (message.includes("not supported")) return "This browser cannot use passkeys.";
  return `The passkey could not be used: ${message}`;
}

/** The message for the person at the form; `wording` rewords codes whose meaning depends on the form. */
export function errorMessage(error: unknown, wording: ErrorWording = {}): string {
  if (error instanceof GatehouseApiError) {
    const worded = error.code ? wording[error.code] : undefined;
    if (worded !== undefined) return worded;
    const message = error.code ? MESSAGES[error.code] : undefined;
    return message ? message(error.details) : error.message;
  }
  if (error instanceof GatehouseNetworkError) return error.message;
  return "Something went wrong. Please try again.";
}
