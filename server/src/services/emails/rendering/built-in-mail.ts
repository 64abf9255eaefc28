/**
 * The platform's own mail (verification, password reset, sign-in code, invitations),
 * composed from the built-in templates, or the project's edits of them, through the same
 * renderer as every other message. An auth mail must not be lost to a broken edit: when
 * the project's version fails to render, the built-in source is used (and the failure
 * logged); should the renderer itself be unavailable, the plain composition in
 * ../templates.ts is the last resort.
 *
 * Each goes out in `locale`, the language of the request that caused it: the built-in
 * template and theme in that language while the project has not edited them; a project's own
 * edit as the project wrote it.
 */
import type { ServiceDeps } from "../../deps";
import type { Tenancy } from "../../projects/tenancy";
import type { MailLocale } from "../languages";
import { variablesOf, type BuiltInMail } from "../built-in-mails";
import { plainBuiltInEmail } from "../templates";
import { BUILT_IN_TEMPLATE_IDS, BUILT_IN_TEMPLATES, BUILT_IN_THEME_IDS, LIGHT_THEME_SOURCE, localizedBuiltInTemplate, localizedBuiltInTheme } from "./defaults";
import { renderEmail, selectedTheme } from "./render-email";

export interface ComposedEmail {
  subject: string;
  html: string;
  text: string;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

export async function composeBuiltInEmail(
  deps: ServiceDeps,
  tenancy: Tenancy,
  mail: BuiltInMail,
  locale: MailLocale,
  user?: { displayName: string | null },
): Promise<ComposedEmail> {
  const templateId = BUILT_IN_TEMPLATE_IDS[mail.kind];
  const variables = variablesOf(mail);
  try {
    return await renderEmail(deps, tenancy, { templateId, variables, user, locale });
  } catch (error) {
    deps.log.warn("A project's e-mail template failed to render; the built-in one is used instead", {
      project_id: tenancy.projectId,
      template_id: templateId,
      error: reason(error),
    });
  }
  try {
    const builtIn = localizedBuiltInTemplate(templateId, BUILT_IN_TEMPLATES[templateId]!.tsxSource, locale);
    const lightTheme = localizedBuiltInTheme(BUILT_IN_THEME_IDS.light, LIGHT_THEME_SOURCE, locale);
    let theme = lightTheme;
    try {
      const selected = selectedTheme(tenancy);
      theme = localizedBuiltInTheme(selected.id, selected.tsxSource, locale);
    } catch {
      /* keep the built-in theme */
    }
    try {
      return await renderEmail(deps, tenancy, { templateSource: builtIn, themeSource: theme, variables, user });
    } catch {
      // The project's theme may be the broken part.
      return await renderEmail(deps, tenancy, { templateSource: builtIn, themeSource: lightTheme, variables, user });
    }
  } catch (error) {
    deps.log.error("The built-in e-mail template failed to render; the plain text version is sent", {
      project_id: tenancy.projectId,
      template_id: templateId,
      error: reason(error),
    });
    return plainBuiltInEmail(locale, tenancy.project.displayName, mail);
  }
}
