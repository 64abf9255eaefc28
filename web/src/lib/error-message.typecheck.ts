/**
 * Type-level test of the error messages' codes, checked by `npm run typecheck` (tsc -p web) and
 * imported by nothing. tsc fails on an unused @ts-expect-error, so each line below fails the
 * build the day a misspelt known-error code stops being a type error in the web app.
 */
import { GatehouseApiError, isKnownError } from "@gatehouse/clients/react";
import { errorMessage, type ErrorWording } from "./error-message";

const error: unknown = new GatehouseApiError(400, { code: "PASSWORD_TOO_SHORT", error: "Too short.", details: {} });

export const wording: ErrorWording = {
  PASSWORD_TOO_SHORT: "Use a longer password.",
  // @ts-expect-error PASSWORD_TOO_SHROT is no known-error code
  PASSWORD_TOO_SHROT: "Use a longer password.",
};

// @ts-expect-error PASSWORD_TOO_SHROT is no known-error code
export const inline = errorMessage(error, { PASSWORD_TOO_SHROT: "Use a longer password." });

// @ts-expect-error PASSWORD_TOO_SHROT is no known-error code
export const tested = isKnownError(error, "PASSWORD_TOO_SHROT");

export const compared = error instanceof GatehouseApiError &&
  // @ts-expect-error PASSWORD_TOO_SHROT is no known-error code
  error.code === "PASSWORD_TOO_SHROT";
