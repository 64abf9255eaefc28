import { knownError } from "./define";

export const userErrors = {
  USER_EMAIL_ALREADY_EXISTS: knownError<{ email: string; would_work_if_email_was_verified: boolean }>(
    409,
    (d) =>
      d.would_work_if_email_was_verified
        ? `A user with the e-mail ${d.email} already exists but has not verified it. Sign in the way that account signed up and verify the address; then this way of signing in works too.`
        : `A user with the e-mail ${d.email} already exists.`,
  ),
  USER_NOT_FOUND: knownError(404, () => "The user was not found."),
  USER_ID_DOES_NOT_EXIST: knownError<{ user_id: string }>(400, (d) => `The user ${d.user_id} does not exist.`),
  SIGN_UP_NOT_ENABLED: knownError(400, () => "Sign-up is disabled for this project."),
  PASSWORD_AUTHENTICATION_NOT_ENABLED: knownError(400, () => "Password authentication is disabled for this project."),
  EMAIL_PASSWORD_MISMATCH: knownError(400, () => "Wrong e-mail or password."),
  REDIRECT_URL_NOT_WHITELISTED: knownError(
    400,
    // SPEC §5; errors/redirect-url.ts puts the URL itself where the dots are.
    () => "Redirect URL ... is not trusted; should be relative.",
  ),
  PASSWORD_TOO_SHORT: knownError<{ min_length: number }>(
    400,
    (d) => `The password is too short; it needs at least ${d.min_length} characters.`,
  ),
  PASSWORD_TOO_LONG: knownError<{ maxLength: number }>(
    400,
    (d) => `The password is too long; it may have at most ${d.maxLength} characters.`,
  ),
  USER_DOES_NOT_HAVE_PASSWORD: knownError(400, () => "This user has no password; set one first."),
  PASSWORD_CONFIRMATION_MISMATCH: knownError(400, () => "Passwords do not match."),
  EMAIL_ALREADY_VERIFIED: knownError(409, () => "This e-mail address is already verified."),
  EMAIL_NOT_VERIFIED: knownError(400, () => "This e-mail address is not verified."),
  EMAIL_NOT_ASSOCIATED_WITH_USER: knownError(400, () => "This e-mail address does not belong to the user."),
  EMAIL_IS_NOT_PRIMARY_EMAIL: knownError<{ email: string; primary_email: string | null }>(
    400,
    (d) => `${d.email} is not the user's primary e-mail address.`,
  ),
  ANONYMOUS_ACCOUNTS_NOT_ENABLED: knownError(400, () => "Anonymous accounts are disabled for this project."),
  // Ours, not Stack Auth's (it answers plain 403s here): the catalogue has no code for these
  // switches, and CONTRACT §4 forbids borrowing one that means something else.
  OTP_AUTHENTICATION_NOT_ENABLED: knownError<{ scope: "project" | "user" }>(403, (d) =>
    d.scope === "project"
      ? "Sign-in with an e-mailed code is disabled for this project."
      : "This account does not allow sign-in with an e-mailed code; sign in another way and turn it on first.",
  ),
  CLIENT_USER_DELETION_NOT_ENABLED: knownError(
    403,
    () => "This project does not let users delete their own accounts (client_user_deletion_enabled is off).",
  ),
  CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE: knownError<{
    type: string;
    contact_channel_value: string;
    would_work_if_email_was_verified: boolean;
  }>(409, (d) => `${d.contact_channel_value} is already used for sign-in by another user.`),
  RESTRICTED_USER_NOT_ALLOWED: knownError<{ restricted_reason: { type: string } }>(
    403,
    () => "This user is restricted and cannot do this yet.",
  ),
};
