import { isKnownError } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { errorMessage } from "../../../lib/error-message";

/** As errorMessage, but worded for the user's own list of addresses. */
export function emailErrorMessage(error: unknown): string {
  // The server answers this code for an address already on this account; the general wording
  // ("sign in instead") is for sign-up.
  if (isKnownError(error, "USER_EMAIL_ALREADY_EXISTS")) return t`This address is already on your account.`;
  return errorMessage(error);
}
