import { knownError } from "./define";

export const userErrors = {
  USER_EMAIL_ALREADY_EXISTS: knownError<{ email: string; would_work_if_email_was_verified: boolean }>(
    409,
    (d) => `A user with the e-mail ${d.email} already exists.`,
  ),
  USER_NOT_FOUND: knownError(404, () => "The user was not found."),
  USER_ID_DOES_NOT_EXIST: knownError<{ user_id: string }>(400, (d) => `The user ${d.user_id} does not exist.`),
  SIGN_UP_NOT_ENABLED: knownError(400, () => "Sign-up is disabled for this project."),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: knownError(400, () => "Password authentication is disabled for this project."),
  EMAIL_PASSWORD_MISMATCH: knownError(400, () => "Wrong e-mail or password."),
  REDIRECT_URL_NOT_WHITELISTED: knownError(
    400,
    () => "The redirect URL is not trusted; use a relative URL or one on the project's trusted domains.",
  ),
  PASSWORD_TOO_SHORT: knownError<{ min_length: number }>(
    400,
    (d) => `The password is too short; it needs at least ${d.min_length} characters.`,
  ),
  PASSWORD_TOO_LONG: knownError<{ maxLength: number }>(
    400,
    (d) => `The password is too long; it may have at most ${d.maxLength} characters.`,
  ),
};
