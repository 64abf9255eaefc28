import { t } from "@lingui/core/macro";

/**
 * The checks a form makes before sending, so that the person at it hears about a mistake at
 * once. They mirror the server's rules (SPEC §5, server/src/http/schemas.ts and
 * services/auth/passwords.ts), which stay the authority: what passes here may still be refused.
 * Their messages are worded in the language active when the form checks.
 */
export const EMAIL_MAX_LENGTH = 256;
/** The `min_length` the server names in PASSWORD_TOO_SHORT. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 70;

/** The server's PASSWORD_TOO_SHORT and PASSWORD_TOO_LONG in words, also when it is the server that refuses (error-message.ts). */
export const passwordTooShort = (min: number) => t`The password is too short: use at least ${min} characters.`;
export const passwordTooLong = (max: number) => t`The password is too long: use at most ${max} characters.`;

const tooLong = (max: number) => t`This e-mail address is too long: at most ${max} characters.`;
const atMost = (max: number) => t`Use at most ${max} characters.`;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@.]{2,}$/;

/** What is wrong with an e-mail address, or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (email === "") return t`Enter your e-mail address.`;
  if (email.length > EMAIL_MAX_LENGTH) return tooLong(EMAIL_MAX_LENGTH);
  if (!EMAIL_SHAPE.test(email) || email.slice(email.indexOf("@")).includes("..")) {
    return t`Enter a whole e-mail address, such as ada@example.com.`;
  }
  return null;
}

/** For signing in: any password the account could have. */
export function currentPasswordProblem(password: string): string | null {
  return password === "" ? t`Enter your password.` : null;
}

/** For a password being chosen (sign-up, reset). */
export function newPasswordProblem(password: string): string | null {
  if (password === "") return t`Choose a password.`;
  if (password.length < PASSWORD_MIN_LENGTH) return passwordTooShort(PASSWORD_MIN_LENGTH);
  if (password.length > PASSWORD_MAX_LENGTH) return passwordTooLong(PASSWORD_MAX_LENGTH);
  return null;
}

export function passwordConfirmationProblem(password: string, confirmation: string): string | null {
  if (confirmation === "") return t`Type the new password again.`;
  return confirmation === password ? null : t`Passwords do not match.`;
}

export const DISPLAY_NAME_MAX_LENGTH = 256;

export function displayNameProblem(value: string): string | null {
  return value.length > DISPLAY_NAME_MAX_LENGTH ? atMost(DISPLAY_NAME_MAX_LENGTH) : null;
}

export const TEAM_NAME_MAX_LENGTH = 256;

/** A team's name, and a member's name within a team: 1 to 256 characters. */
export function teamNameProblem(value: string): string | null {
  if (value.trim() === "") return t`Enter a name for the team.`;
  return value.trim().length > TEAM_NAME_MAX_LENGTH ? atMost(TEAM_NAME_MAX_LENGTH) : null;
}

export const API_KEY_DESCRIPTION_MAX_LENGTH = 1000;

export function apiKeyDescriptionProblem(value: string): string | null {
  if (value.trim() === "") return t`Describe what the key is for, so that you can recognise it later.`;
  return value.trim().length > API_KEY_DESCRIPTION_MAX_LENGTH ? atMost(API_KEY_DESCRIPTION_MAX_LENGTH) : null;
}

/**
 * For a form's failed validation (Mantine's `form.onSubmit(submit, focusFirstError)`): moves
 * the keyboard to the first field with a problem, in the order the form checks them, which
 * is the order of the fields on screen. Fields are found by their `name`.
 */
export function focusFirstError(errors: Record<string, unknown>, _values: unknown, event?: { currentTarget: unknown }): void {
  const form = event?.currentTarget;
  const first = Object.keys(errors)[0];
  if (!(form instanceof HTMLFormElement) || first === undefined) return;
  const field = form.elements.namedItem(first);
  if (field instanceof HTMLElement) field.focus();
}

/** What is wrong with an address to add beside `taken` (the list already holding `takenMessage`'s addresses), or null. */
export function newAddressProblem(value: string, taken: ReadonlyArray<{ value: string }>, takenMessage: string): string | null {
  const problem = emailProblem(value);
  if (problem) return problem;
  const email = value.trim().toLowerCase();
  return taken.some((channel) => channel.value.toLowerCase() === email) ? takenMessage : null;
}
