/**
 * renderEmail: the one way mail is composed. A theme (by id, by source, or none) wraps a
 * template (by id, by source, a draft, or plain HTML), rendered in the sandbox
 * (renderer.ts). Sign-in, verification and invitation mail use it with the built-in
 * templates (built-in-mail.ts); send-email and previews use it with whatever the admin chose.
 */
import { findEmailDraft } from "../../../db/queries/email-drafts";
import { KnownError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import type { Tenancy } from "../../projects/tenancy";
import { canonicalThemeId } from "../../project-config/document";
import { DEFAULT_MAIL_LOCALE, type MailLocale } from "../languages";
import { BUILT_IN_TEMPLATES, BUILT_IN_THEME_IDS, BUILT_IN_THEMES, EMPTY_THEME_SOURCE, localizedBuiltInTemplate, localizedBuiltInTheme } from "./defaults";
import type { RenderedEmail } from "./renderer";

export interface EmailTheme {
  id: string;
  displayName: string;
  tsxSource: string;
}

export interface EmailTemplate {
  id: string;
  displayName: string;
  tsxSource: string;
  /** undefined or null: the project's selected theme; false: no theme. */
  themeId?: string | false | null;
}

/**
 * The project's themes: the built-in ones, with the project's edits and additions over them.
 * Edits stored under an old alias of a built-in theme (`default-light`) apply to it.
 */
export function listThemes(tenancy: Tenancy): EmailTheme[] {
  const merged = new Map<string, { displayName?: string; tsxSource?: string }>(Object.entries(BUILT_IN_THEMES));
  for (const [key, theme] of Object.entries(tenancy.config.emails.themes)) {
    const id = canonicalThemeId(key);
    merged.set(id, { ...merged.get(id), ...defined(theme) });
  }
  return [...merged].flatMap(([id, t]) => (t.tsxSource === undefined ? [] : [{ id, displayName: t.displayName ?? id, tsxSource: t.tsxSource }]));
}

export function listTemplates(tenancy: Tenancy): EmailTemplate[] {
  const merged = new Map<string, { displayName?: string; tsxSource?: string; themeId?: string | false }>(Object.entries(BUILT_IN_TEMPLATES));
  for (const [id, template] of Object.entries(tenancy.config.emails.templates)) merged.set(id, { ...merged.get(id), ...defined(template) });
  return [...merged].flatMap(([id, t]) =>
    t.tsxSource === undefined
      ? []
      : [{ id, displayName: t.displayName ?? id, tsxSource: t.tsxSource, themeId: typeof t.themeId === "string" ? canonicalThemeId(t.themeId) : t.themeId }],
  );
}

/** A theme by id (or an old alias of a built-in one). */
export const findTheme = (tenancy: Tenancy, id: string) => {
  const canonical = canonicalThemeId(id);
  return listThemes(tenancy).find((t) => t.id === canonical) ?? null;
};
export const findTemplate = (tenancy: Tenancy, id: string) => listTemplates(tenancy).find((t) => t.id === id) ?? null;

/** The theme the project selected, or the built-in light one when the selection no longer exists. */
export function selectedTheme(tenancy: Tenancy): EmailTheme {
  return findTheme(tenancy, tenancy.config.emails.selectedThemeId) ?? findTheme(tenancy, BUILT_IN_THEME_IDS.light)!;
}

/** The project's logos as themes receive them (`projectLogos`). */
export function projectLogos(tenancy: Tenancy): { logoUrl?: string; logoFullUrl?: string } {
  return {
    ...(tenancy.project.logoUrl ? { logoUrl: tenancy.project.logoUrl } : {}),
    ...(tenancy.project.fullLogoUrl ? { logoFullUrl: tenancy.project.fullLogoUrl } : {}),
  };
}

function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== null)) as Partial<T>;
}

const themeNotFound = () => new KnownError("EMAIL_THEME_UNKNOWN");
const notFound = (what: "template" | "draft") => new KnownError(what === "template" ? "EMAIL_TEMPLATE_UNKNOWN" : "EMAIL_DRAFT_UNKNOWN");

/** A template whose whole content is the given HTML (send-email's `html`). */
export function templateSourceFromHtml(html: string): string {
  return `export function EmailTemplate() {\n  return <div dangerouslySetInnerHTML={{ __html: ${JSON.stringify(html)} }} />;\n}\n`;
}

export interface RenderEmailOptions {
  /** A theme id; false for none; null or absent for the template's own, else the project's selected theme. */
  themeId?: string | false | null;
  /** A theme id that names no theme renders in the project's selected theme instead of failing. */
  missingThemeFallsBack?: boolean;
  themeSource?: string;
  templateId?: string;
  templateSource?: string;
  draftId?: string;
  html?: string;
  variables?: Record<string, unknown>;
  /** Used when the template names no subject. */
  subject?: string;
  unsubscribeUrl?: string;
  user?: { displayName: string | null };
  /**
   * The recipient's language: a built-in template or theme chosen by id that the project has
   * not edited is rendered in it. English when absent.
   */
  locale?: MailLocale;
  /** Previews: the template's PreviewVariables and the theme's PreviewProps fill what is not given. */
  previewMode?: boolean;
}

export interface RenderEmailResult {
  subject: string;
  html: string;
  text: string;
  notificationCategory?: string;
}

async function resolveSources(deps: ServiceDeps, tenancy: Tenancy, options: RenderEmailOptions): Promise<{ theme: string; template: string }> {
  const locale = options.locale ?? DEFAULT_MAIL_LOCALE;
  const themeSource = (theme: EmailTheme) => localizedBuiltInTheme(theme.id, theme.tsxSource, locale);
  let template: string;
  let templateThemeId: string | false | null | undefined;
  if (options.templateSource !== undefined) template = options.templateSource;
  else if (options.templateId !== undefined) {
    const found = findTemplate(tenancy, options.templateId);
    if (!found) throw notFound("template");
    template = localizedBuiltInTemplate(found.id, found.tsxSource, locale);
    templateThemeId = found.themeId;
  } else if (options.draftId !== undefined) {
    const draft = await findEmailDraft(deps.db, tenancy, options.draftId);
    if (!draft) throw notFound("draft");
    template = draft.tsxSource;
    templateThemeId = draft.themeId;
  } else if (options.html !== undefined) template = templateSourceFromHtml(options.html);
  else throw new KnownError("SCHEMA_ERROR", { message: "One of template_id, template_tsx_source, draft_id or html is required." });

  let theme: string;
  const themeId = options.themeId !== undefined ? options.themeId : templateThemeId;
  if (options.themeSource !== undefined) theme = options.themeSource;
  else if (themeId === false) theme = EMPTY_THEME_SOURCE;
  else if (typeof themeId === "string") {
    const found = findTheme(tenancy, themeId) ?? (options.missingThemeFallsBack ? selectedTheme(tenancy) : null);
    if (!found) throw themeNotFound();
    theme = themeSource(found);
  } else theme = themeSource(selectedTheme(tenancy));
  return { theme, template };
}

/**
 * Renders an e-mail for the project. Throws EMAIL_RENDERING_ERROR (with the line) when the
 * sources do not compile or throw, and when the result has no subject and none was given
 * (a preview without one gets "").
 */
export async function renderEmail(deps: ServiceDeps, tenancy: Tenancy, options: RenderEmailOptions): Promise<RenderEmailResult> {
  const sources = await resolveSources(deps, tenancy, options);
  const rendered: RenderedEmail = await deps.emailRenderer.render({
    themeSource: sources.theme,
    templateSource: sources.template,
    variables: options.variables,
    user: options.user,
    project: { displayName: tenancy.project.displayName },
    projectLogos: projectLogos(tenancy),
    unsubscribeLink: options.unsubscribeUrl,
    previewMode: options.previewMode,
  });
  const subject = rendered.subject ?? options.subject ?? (options.previewMode ? "" : undefined);
  if (subject === undefined) {
    throw new KnownError("EMAIL_RENDERING_ERROR", { error: 'The template names no subject: add <Subject value="…" /> from "@stackframe/emails", or give one.' });
  }
  return { subject, html: rendered.html, text: rendered.text, notificationCategory: rendered.notificationCategory };
}
