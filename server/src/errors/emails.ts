import { knownError } from "./define";

/**
 * E-mail. NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED is ours (Stack Auth's catalogue has none
 * for it); the others are Stack Auth's. An unknown notification category, theme, template or
 * draft is answered as Stack Auth answers it, with a bare status (errors/status-error.ts).
 */
export const emailErrors = {
  EMAIL_RENDERING_ERROR: knownError<{ error: string }>(400, (d) => `Failed to render email with theme: ${d.error}`),
  TEMPLATE_SOURCE_REWRITE_ERROR: knownError<{ error: string }>(400, (d) => `Failed to rewrite the template's source: ${d.error}`),
  EMAIL_TEMPLATE_ALREADY_EXISTS: knownError(409, () => "An email template with this id already exists."),
  NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED: knownError<{ notification_category_id: string }>(
    400,
    () => "Transactional e-mail (sign-in codes, verification, password resets) cannot be turned off.",
  ),
  REQUIRES_CUSTOM_EMAIL_SERVER: knownError(
    400,
    () => "This needs the project's own e-mail server: set one in the project's e-mail settings, then try again.",
  ),
  EMAIL_CAPACITY_BOOST_ALREADY_ACTIVE: knownError<{ expires_at: string }>(409, (d) => `A capacity boost is already active until ${d.expires_at}.`),
  EMAIL_NOT_EDITABLE: knownError<{ email_id: string; status: string }>(
    400,
    (d) => `The e-mail ${d.email_id} can no longer be changed: its status is ${d.status}. Only queued and scheduled e-mails can be edited or cancelled.`,
  ),
};
