/**
 * The platform's own mails and what each carries. The template renders the values as
 * `variables.<name>` (rendering/built-in-mail.ts); the plain last-resort composition fills the
 * same names into its texts (templates.ts).
 */
export type BuiltInMail =
  | { kind: "emailVerification"; link: string }
  | { kind: "passwordReset"; link: string }
  | { kind: "magicLink"; link: string; otp: string }
  | { kind: "teamInvitation"; link: string; teamDisplayName: string }
  | { kind: "signInInvitation"; link: string };

/** The template variables of a mail, by the names its built-in template reads. */
export function variablesOf(mail: BuiltInMail): Record<string, string> {
  switch (mail.kind) {
    case "emailVerification":
      return { emailVerificationLink: mail.link };
    case "passwordReset":
      return { passwordResetLink: mail.link };
    case "magicLink":
      return { magicLink: mail.link, otp: mail.otp };
    case "teamInvitation":
      return { teamInvitationLink: mail.link, teamDisplayName: mail.teamDisplayName };
    case "signInInvitation":
      return { signInInvitationLink: mail.link };
  }
}
