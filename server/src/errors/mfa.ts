import { knownError } from "./define";

/** The second factor (TOTP) at sign-in. */
export const mfaErrors = {
  MULTI_FACTOR_AUTHENTICATION_REQUIRED: knownError<{ attempt_code: string }>(
    400,
    () => "This user has two-factor authentication on: finish signing in with POST /auth/mfa/sign-in and the attempt code.",
  ),
  INVALID_TOTP_CODE: knownError(400, () => "The TOTP code is not valid for this user right now."),
};
