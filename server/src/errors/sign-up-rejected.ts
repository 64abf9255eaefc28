import { KnownError } from "./known-error";
import { SIGN_UP_REJECTED_MESSAGE } from "./sign-up-rules";

/** SIGN_UP_REJECTED, with the one message every refusal reads. */
export const signUpRejected = (): KnownError<"SIGN_UP_REJECTED"> =>
  new KnownError("SIGN_UP_REJECTED", { message: SIGN_UP_REJECTED_MESSAGE });
