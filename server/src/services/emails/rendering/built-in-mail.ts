/**
 * The platform's own mail (verification, password reset, sign-in code, invitations),
 * composed from the built-in templates, or the project's edits of them, through the same
 * renderer as every other message. An auth mail must not be lost to a broken edit: when
 * the project's version fails to render, the built-in source is used (and the failure
 * logged); should the renderer itself be unavailable, the plain composition in
 * ../templates.ts is the last resort.
 */
import type { ServiceDeps } from "../../deps";
import type { Tenancy } from "../../projects/tenancy";
import * as plain from "../templates";
import { BUILT_IN_TEMPLATE_IDS, BUILT_IN_TEMPLATES, LIGHT_THEME_SOURCE } from "./defaults";
import { renderEmail, selectedTheme } from "./render-email";

export type BuiltInMail =
  | { kind: "emailVerification"; link: string }
  | { kind: "passwordReset"; link: string }
  | { kind: "magicLink"; link: string; otp: string }
  | { kind: "teamInvitation"; link: string; teamDisplayName: string }
  | { kind: "signInInvitation"; link: string };

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
}

function variablesOf(mail: BuiltInMail): Record<string, string> {
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

function plainComposition(project: string, mail: BuiltInMail): ComposedEmail {
  switch (mail.kind) {
    case "emailVerification":
      return plain.verificationEmail(project, mail.link);
    case "passwordReset":
      return plain.passwordResetEmail(project, mail.link);
    case "magicLink":
      return plain.signInCodeEmail(project, mail.otp, mail.link);
    case "teamInvitation":
      return plain.teamInvitationEmail(project, mail.teamDisplayName, mail.link);
    case "signInInvitation":
      return plain.signInInvitationEmail(project, mail.link);
  }
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function composeBuiltInEmail(
  deps: ServiceDeps,
  tenancy: Tenancy,
  mail: BuiltInMail,
  user?: { displayName: string | null },
): Promise<ComposedEmail> {
  const templateId = BUILT_IN_TEMPLATE_IDS[mail.kind];
  const variables = variablesOf(mail);
  try {
    return await renderEmail(deps, tenancy, { templateId, variables, user });
  } catch (error) {
    deps.log.warn("A project's e-mail template failed to render; the built-in one is used instead", {
      project_id: tenancy.projectId,
      template_id: templateId,
      error: reason(error),
    });
  }
  try {
    const builtIn = BUILT_IN_TEMPLATES[templateId]!;
    let theme = LIGHT_THEME_SOURCE;
    try {
      theme = selectedTheme(tenancy).tsxSource;
    } catch {
      /* keep the built-in theme */
    }
    try {
      return await renderEmail(deps, tenancy, { templateSource: builtIn.tsxSource, themeSource: theme, variables, user });
    } catch {
      // The project's theme may be the broken part.
      return await renderEmail(deps, tenancy, { templateSource: builtIn.tsxSource, themeSource: LIGHT_THEME_SOURCE, variables, user });
    }
  } catch (error) {
    deps.log.error("The built-in e-mail template failed to render; the plain text version is sent", {
      project_id: tenancy.projectId,
      template_id: templateId,
      error: reason(error),
    });
    return plainComposition(tenancy.project.displayName, mail);
  }
}
