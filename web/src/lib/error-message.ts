import { t } from "@lingui/core/macro";
import { GatehouseApiError, GatehouseNetworkError, type KnownErrorCode } from "@gatehouse/clients/react";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordTooLong, passwordTooShort } from "./validation";

/** Words for known-error codes, by code; typed by the catalogue, so a misspelt code does not compile. */
export type ErrorWording = { readonly [C in KnownErrorCode]?: string };

/**
 * Messages worded for the person at the form, by known-error code; others use the server's message.
 * They are functions so that each is worded in the language active when it is shown.
 */
const MESSAGES: { readonly [C in KnownErrorCode]?: (details: Record<string, unknown>) => string } = {
  EMAIL_PASSWORD_MISMATCH: () => t`Wrong e-mail or password.`,
  USER_EMAIL_ALREADY_EXISTS: () => t`An account with this e-mail already exists. Sign in instead.`,
  PASSWORD_TOO_SHORT: (d) => passwordTooShort(Number(d.min_length ?? PASSWORD_MIN_LENGTH)),
  PASSWORD_TOO_LONG: (d) => passwordTooLong(Number(d.maxLength ?? PASSWORD_MAX_LENGTH)),
  SIGN_UP_NOT_ENABLED: () => t`New accounts cannot be created here right now.`,
  SIGN_UP_REJECTED: () => t`This sign-up is not accepted here. If you think it should be, ask the site's administrator.`,
  PASSWORD_AUTHENTICATION_NOT_ENABLED: () => t`Signing in with a password is turned off for this project.`,
  VERIFICATION_CODE_NOT_FOUND: () => t`This link is not valid (any more). Ask for a new one.`,
  VERIFICATION_CODE_EXPIRED: () => t`This link has expired. Ask for a new one.`,
  VERIFICATION_CODE_ALREADY_USED: () => t`This link has already been used.`,
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: () => t`This link was tried too many times. Ask for a new one.`,
  EMAIL_ALREADY_VERIFIED: () => t`This e-mail address is verified already.`,
  REDIRECT_URL_NOT_WHITELISTED: () =>
    t`This site is not one of the project's trusted domains, so e-mails cannot link to it. Ask the site's administrator to add it.`,
  TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED: () => t`Finish setting up your account before you join a team.`,
  TEAM_PERMISSION_REQUIRED: () => t`You do not have permission to do this in this team.`,
  PASSKEY_AUTHENTICATION_NOT_ENABLED: () => t`Passkeys are turned off for this project.`,
  PASSKEY_WEBAUTHN_ERROR: (d) => passkeyCeremonyMessage(String(d.code ?? ""), String(d.message ?? "")),
  INVALID_AUTHORIZATION_CODE: () => t`This sign-in link was already used or has expired. Sign in again.`,
  OAUTH_CONNECTION_NOT_CONNECTED_TO_USER: () => t`This account is not connected (any more).`,
  OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED: () => t`Signing in with this provider is not available right now.`,
  OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE: () => t`The provider could not be reached. Try again in a moment.`,
  SSO_NOT_AVAILABLE_FOR_EMAIL: () => t`Single sign-on is not set up for this e-mail address. Sign in another way, or ask your organisation's administrator.`,
  SSO_REQUIRED: (d) => {
    const email = String(d.email ?? "");
    return t`Your organisation requires single sign-on for ${email}. Use "Continue with SSO".`;
  },
  SCHEMA_ERROR: (d) => {
    // The server's own description of the field, in English.
    const problem = String(d.message ?? t`a field is not valid`);
    return t`Please check the form: ${problem}`;
  },
};

/** What went wrong in the browser's own passkey prompt, by the browser's or @simplewebauthn/browser's code. */
function passkeyCeremonyMessage(code: string, message: string): string {
  if (code === "NotAllowedError") return t`The passkey prompt was closed or timed out. Try again when you are ready.`;
  if (code === "ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED" || code === "InvalidStateError") return t`This device already holds a passkey for your account.`;
  if (code === "ERROR_INVALID_DOMAIN" || code === "ERROR_INVALID_RP_ID") return t`Passkeys cannot be used on this site's address.`;
  if (message.includes("not supported")) return t`This browser cannot use passkeys.`;
  return t`The passkey could not be used: ${message}`;
}

/**
 * The message for the person at the form, in the active language; `wording` rewords codes
 * whose meaning depends on the form. An error the catalogue does not word here shows the
 * server's message, which is English.
 */
export function errorMessage(error: unknown, wording: ErrorWording = {}): string {
  if (error instanceof GatehouseApiError) {
    const worded = error.code ? wording[error.code] : undefined;
    if (worded !== undefined) return worded;
    const message = error.code ? MESSAGES[error.code] : undefined;
    return message ? message(error.details) : error.message;
  }
  if (error instanceof GatehouseNetworkError) {
    // The client's own message names the address and the cause, for developers; the person gets what to do.
    const offline = typeof navigator !== "undefined" && navigator.onLine === false;
    return offline ? t`You appear to be offline. Check your connection and try again.` : t`The server could not be reached. Check your connection and try again.`;
  }
  return t`Something went wrong. Please try again.`;
}
