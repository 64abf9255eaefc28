/**
 * The texts of the platform's own mail in one language: one module per language (en.ts, de.ts,
 * fr.ts, es.ts, ja.ts), each typed as MailStrings, so a text missing in any language fails the
 * type check. They fill the built-in templates and themes (../rendering/defaults.ts) and the
 * plain last-resort compositions (../templates.ts).
 *
 * A text may name values in braces, spelled as the template's own expressions
 * (`{project.displayName}`, `{variables.otp}`): the template renders them there, the plain
 * compositions put the value in. Every language uses the same ones per text (languages.test.ts).
 */

/** A mail whose button does one thing (verify, reset, sign in, accept). */
export interface ActionMailStrings {
  subject: string;
  heading: string;
  message: string;
  /** The button, and the label before the link written out below it. */
  action: string;
}

/** An action mail for something the recipient may not have asked for. */
export interface ActionMailWithNoteStrings extends ActionMailStrings {
  /** "If you did not ask for this, ignore this message." */
  ignoreNote: string;
}

export interface MailStrings {
  /** The first line of every mail, to a recipient whose name is unknown. */
  greeting: string;
  /** The first line when the name is known: `{user.displayName}`. */
  greetingWithName: string;
  /** Between a label and what it labels, as in "Sign in: https://…". */
  colon: string;
  /** The theme's footer under mail that can be unsubscribed from; `<link>…</link>` is the link. */
  unsubscribe: string;
  emailVerification: ActionMailWithNoteStrings;
  passwordReset: ActionMailWithNoteStrings;
  /** The sign-in code (`{variables.otp}`) with a link that does the same. */
  magicLink: ActionMailWithNoteStrings;
  /** `{variables.teamDisplayName}` is the team. */
  teamInvitation: ActionMailStrings;
  signInInvitation: ActionMailStrings;
  /** `{variables.productName}`, `{variables.amount}` ("USD 5.00") and `{variables.quantity}`. */
  paymentReceipt: ActionMailStrings & { amount: string; quantity: string };
  /** `{variables.productName}`, `{variables.amount}` and, when known, `{variables.failureReason}`. */
  paymentFailed: ActionMailStrings & { providerSaid: string; checkDetails: string };
}
