import { knownError, plainError } from "./define";

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
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  OTP_SIGN_IN_NOT_ENABLED: plainError(403, () => "Signing in with an e-mailed code is turned off for this project."),
  CLIENT_USER_DELETION_NOT_ENABLED: plainError(
    400,
    () => "This project does not let users delete their own accounts (client_user_deletion_enabled is off).",
  ),
  ONLY_ANONYMOUS_WITHOUT_INCLUDE_ANONYMOUS: plainError(400, () => "only_anonymous=true needs include_anonymous=true as well."),
  PASSWORD_AND_PASSWORD_HASH: plainError(400, () => "Give either password or password_hash, not both."),
  UNSUPPORTED_PASSWORD_HASH: plainError(
    400,
    () => "password_hash must be an argon2 hash in PHC format, a bcrypt hash ($2a$, $2b$ or $2y$) of at most 2^14 rounds, a PBKDF2 hash ($pbkdf2-sha256$i=...,l=...$salt$hash) or a Firebase scrypt hash ($firebase-scrypt$r=...,m=...,sep=...,key=...$salt$hash).",
  ),
  PRIMARY_EMAIL_AUTH_WITHOUT_PRIMARY_EMAIL: plainError(400, () => "primary_email_auth_enabled can only be true for a user with a primary e-mail."),
  PRIMARY_EMAIL_VERIFIED_WITHOUT_PRIMARY_EMAIL: plainError(400, () => "primary_email_verified can only be true for a user with a primary e-mail."),
  PASSWORD_ALREADY_SET: plainError(400, () => "This user has a password already; change it with POST /auth/password/update."),
  CONTACT_CHANNEL_ALREADY_EXISTS: plainError(400, () => "The user has this contact channel already."),
  CONTACT_CHANNEL_NOT_FOUND: plainError(400, () => "The user has no such contact channel."),
  CLIENT_CANNOT_LIST_OTHER_USERS_CONTACT_CHANNELS: plainError(403, () => "With client access, only the signed-in user's own contact channels can be listed."),
  CLIENT_CANNOT_LIST_OTHER_USERS_SESSIONS: plainError(403, () => "With client access, only the signed-in user's own sessions can be listed."),
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
