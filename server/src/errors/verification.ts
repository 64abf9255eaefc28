import { knownError } from "./define";

export const verificationErrors = {
  VERIFICATION_CODE_NOT_FOUND: knownError(404, () => "The verification code does not exist or is not valid for this request."),
  VERIFICATION_CODE_EXPIRED: knownError(400, () => "The verification code has expired; request a new one."),
  VERIFICATION_CODE_ALREADY_USED: knownError(409, () => "The verification code has already been used."),
  VERIFICATION_CODE_MAX_ATTEMPTS_REACHED: knownError(
    400,
    () => "Too many wrong attempts were made with this verification code; request a new one.",
  ),
};
