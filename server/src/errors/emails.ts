import { knownError, plainError } from "./define";

/**
 * E-mail. NOTIFICATION_CATEGORY_CANNOT_BE_DISABLED is ours (Stack Auth's catalogue has none
 * for it); the known errors are Stack Auth's; an unknown notification category, theme,
 * template, draft or outbox message is answered as Stack Auth answers it, with a bare status.
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
  // Refusals Stack Auth answers as a bare status and a sentence (errors/define.ts, plainError).
  EMAIL_THEME_NOT_FOUND: plainError(404, () => "There is no e-mail theme with this id."),
  EMAIL_TEMPLATE_NOT_FOUND: plainError(404, () => "There is no e-mail template with this id."),
  EMAIL_DRAFT_NOT_FOUND: plainError(404, () => "There is no e-mail draft with this id."),
  /** A theme, template or draft that a render or send names and the project does not have: 400 there. */
  EMAIL_THEME_UNKNOWN: plainError(400, () => "There is no e-mail theme with this id."),
  EMAIL_TEMPLATE_UNKNOWN: plainError(400, () => "There is no e-mail template with this id."),
  EMAIL_DRAFT_UNKNOWN: plainError(400, () => "There is no e-mail draft with this id."),
  NOTIFICATION_CATEGORY_NOT_FOUND: plainError(404, () => "There is no notification category with this id."),
  NOTIFICATION_CATEGORY_NAME_UNKNOWN: plainError(400, () => "There is no notification category by this name (there are Transactional and Marketing)."),
  OUTBOX_EMAIL_NOT_FOUND: plainError(404, () => "There is no e-mail with this id in the project's outbox."),
  /** The scheduler's routes (the outbox step, the failed-mail digest) without CRON_SECRET. */
  CRON_SECRET_MISMATCH: plainError(401, () => "Unauthorized"),
  EMAIL_NOT_EDITABLE: knownError<{ email_id: string; status: string }>(
    400,
    (d) => `The e-mail ${d.email_id} can no longer be changed: its status is ${d.status}. Only queued and scheduled e-mails can be edited or cancelled.`,
  ),
};
