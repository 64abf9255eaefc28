import { isKnownError } from "@gatehouse/clients/react";
import { errorMessage } from "../../../lib/error-message";

/**
 * As errorMessage, but worded for an admin acting on someone else's account: the server's own
 * sentence ("A user with the e-mail … already exists.") names the address, where the shared
 * wording tells the person at a sign-up form to sign in instead.
 */
export function userErrorMessage(error: unknown): string {
  if (isKnownError(error, "USER_EMAIL_ALREADY_EXISTS") || isKnownError(error, "CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE")) return error.message;
  return errorMessage(error);
}
