import { isKnownError } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { errorMessage } from "../../../lib/error-message";

/** As errorMessage, but worded for a session in the list. */
export function sessionErrorMessage(error: unknown): string {
  // The server's wording speaks of refresh tokens; here it means the session ended elsewhere.
  if (isKnownError(error, "REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED")) return t`This session had already ended: it was revoked elsewhere or it expired.`;
  return errorMessage(error);
}
