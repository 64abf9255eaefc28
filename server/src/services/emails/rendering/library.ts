/**
 * What admins manage (/internal/email-themes, -templates, -drafts): themes and templates are
 * configuration (the environment level's `emails.themes.<id>` and `emails.templates.<id>`,
 * over the built-in ones), drafts are rows. Every source is rendered once before it is
 * stored, so a source that does not compile or throws is refused with EMAIL_RENDERING_ERROR
 * (and its line) instead of breaking mail later.
 */
import { newId } from "../../../crypto/random";
import {
  deleteEmailDraft,
  findEmailDraft,
  insertEmailDraft,
  listEmailDrafts,
  updateEmailDraft,
  type DraftThemeId,
  type EmailDraftRow,
} from "../../../db/queries/email-drafts";
import { KnownError } from "../../../errors";
import type { ServiceDeps } from "../../deps";
import { patchOverride } from "../../project-config/overrides";
import type { Tenancy } from "../../projects/tenancy";
import { BUILT_IN_TEMPLATES, BUILT_IN_THEMES, LIGHT_THEME_SOURCE, NEW_TEMPLATE_SOURCE } from "./defaults";
import { canonicalThemeId } from "../../project-config/document";
import { requireProjectMailServer } from "../servers";
import { findTemplate, findTheme, renderEmail, selectedTheme, type EmailTemplate, type EmailTheme } from "./render-email";

/** A draft as admins see it. */
export type EmailDraft = EmailDraftRow;

const schemaError = (message: string) => new KnownError("SCHEMA_ERROR", { message });
const themeNotFound = () => new KnownError("EMAIL_THEME_NOT_FOUND");
const templateNotFound = () => new KnownError("EMAIL_TEMPLATE_NOT_FOUND");
const draftNotFound = () => new KnownError("EMAIL_DRAFT_NOT_FOUND");

/** A small template that shows a theme off, for checking a theme's source. */
const THEME_CHECK_TEMPLATE = `export function EmailTemplate() {
  return <div><h2>Header text</h2><p>Body text content with some additional information.</p></div>;
}
`;

function requireTheme(tenancy: Tenancy, id: string): EmailTheme {
  const theme = findTheme(tenancy, id);
  if (!theme) throw themeNotFound();
  return theme;
}

/** A theme a template or draft names must exist (a bare 400 otherwise, as render-email answers). */
function checkThemeId(tenancy: Tenancy, themeId: string | false | null | undefined): void {
  if (typeof themeId === "string" && !findTheme(tenancy, themeId)) throw new KnownError("EMAIL_THEME_UNKNOWN");
}

const reload = (deps: ServiceDeps, tenancy: Tenancy) => deps.tenancies.load(tenancy.projectId, tenancy.branchId);

// Themes

export async function createTheme(deps: ServiceDeps, tenancy: Tenancy, displayName: string): Promise<string> {
  const id = newId();
  await patchOverride(deps, tenancy, "environment", { [`emails.themes.${id}`]: { displayName, tsxSource: LIGHT_THEME_SOURCE } });
  return id;
}

export const getTheme = (tenancy: Tenancy, id: string) => requireTheme(tenancy, id);

/** Checks the theme by rendering a sample in it, then stores it; answers the sample's HTML. */
export async function updateTheme(
  deps: ServiceDeps,
  tenancy: Tenancy,
  id: string,
  changes: { tsxSource?: string; displayName?: string },
): Promise<{ theme: EmailTheme; renderedHtml: string | null }> {
  id = requireTheme(tenancy, id).id;
  let renderedHtml: string | null = null;
  if (changes.tsxSource !== undefined) {
    renderedHtml = (await renderEmail(deps, tenancy, { themeSource: changes.tsxSource, templateSource: THEME_CHECK_TEMPLATE, previewMode: true })).html;
  }
  // Written as the whole entry: a built-in theme has none in the configuration yet, and dotted keys into
  // an entry that does not exist are ignored (project-config/render.ts).
  const stored = tenancy.config.emails.themes[id] ?? {};
  const entry = { ...stored, ...Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) };
  if (changes.tsxSource !== undefined || changes.displayName !== undefined) await patchOverride(deps, tenancy, "environment", { [`emails.themes.${id}`]: entry });
  return { theme: requireTheme(await reload(deps, tenancy), id), renderedHtml };
}

/** Removes a theme; a built-in one goes back to how it was shipped. The selected theme cannot go. */
export async function deleteTheme(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<void> {
  id = requireTheme(tenancy, id).id;
  const builtIn = Object.hasOwn(BUILT_IN_THEMES, id);
  if (!builtIn && selectedTheme(tenancy).id === id) {
    throw schemaError("The selected email theme cannot be deleted; select another theme first.");
  }
  await patchOverride(deps, tenancy, "environment", { [`emails.themes.${id}`]: null });
}

// Templates

export async function createTemplate(deps: ServiceDeps, tenancy: Tenancy, input: { displayName: string; id?: string; tsxSource?: string }): Promise<string> {
  requireProjectMailServer(deps, tenancy);
  const id = input.id ?? newId();
  if (findTemplate(tenancy, id)) throw new KnownError("EMAIL_TEMPLATE_ALREADY_EXISTS");
  const tsxSource = input.tsxSource ?? NEW_TEMPLATE_SOURCE;
  if (input.tsxSource !== undefined) await checkTemplate(deps, tenancy, tsxSource, null);
  await patchOverride(deps, tenancy, "environment", { [`emails.templates.${id}`]: { displayName: input.displayName, tsxSource } });
  return id;
}

export function getTemplate(tenancy: Tenancy, id: string): EmailTemplate {
  const template = findTemplate(tenancy, id);
  if (!template) throw templateNotFound();
  return template;
}

/** A template must render in preview and name its subject and notification category. */
async function checkTemplate(deps: ServiceDeps, tenancy: Tenancy, tsxSource: string, themeId: string | false | null | undefined): Promise<string> {
  const rendered = await renderEmail(deps, tenancy, { templateSource: tsxSource, themeId: themeId ?? null, previewMode: true });
  if (rendered.subject === "") {
    throw new KnownError("EMAIL_RENDERING_ERROR", { error: 'The template names no subject: add <Subject value="…" /> from "@stackframe/emails".' });
  }
  if (rendered.notificationCategory === undefined) {
    throw new KnownError("EMAIL_RENDERING_ERROR", {
      error: 'The template names no notification category: add <NotificationCategory value="Transactional" /> (or "Marketing") from "@stackframe/emails".',
    });
  }
  return rendered.html;
}

export async function updateTemplate(
  deps: ServiceDeps,
  tenancy: Tenancy,
  id: string,
  changes: { tsxSource?: string; themeId?: string | false | null; displayName?: string },
): Promise<{ renderedHtml: string }> {
  requireProjectMailServer(deps, tenancy);
  const current = getTemplate(tenancy, id);
  checkThemeId(tenancy, changes.themeId);
  let renderedHtml: string | null = null;
  if (changes.tsxSource !== undefined || changes.themeId !== undefined) {
    renderedHtml = await checkTemplate(deps, tenancy, changes.tsxSource ?? current.tsxSource, changes.themeId !== undefined ? changes.themeId : current.themeId);
  }
  // Written as the whole entry, as themes are (above); a themeId of null leaves the entry without one: back to
  // the project's selected theme.
  const entry: Record<string, unknown> = { ...(tenancy.config.emails.templates[id] ?? {}) };
  if (changes.tsxSource !== undefined) entry.tsxSource = changes.tsxSource;
  if (changes.displayName !== undefined) entry.displayName = changes.displayName;
  if (changes.themeId === null) delete entry.themeId;
  else if (changes.themeId !== undefined) entry.themeId = typeof changes.themeId === "string" ? canonicalThemeId(changes.themeId) : changes.themeId;
  if (changes.tsxSource !== undefined || changes.displayName !== undefined || changes.themeId !== undefined) {
    await patchOverride(deps, tenancy, "environment", { [`emails.templates.${id}`]: entry });
  }
  // Only the name changed: answer the current preview all the same.
  renderedHtml ??= (await renderEmail(deps, await reload(deps, tenancy), { templateId: id, previewMode: true })).html;
  return { renderedHtml };
}

/** Removes a template; a built-in one goes back to how it was shipped. */
export async function deleteTemplate(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<void> {
  requireProjectMailServer(deps, tenancy);
  getTemplate(tenancy, id);
  await patchOverride(deps, tenancy, "environment", { [`emails.templates.${id}`]: null });
}

export const isBuiltInTemplate = (id: string) => Object.hasOwn(BUILT_IN_TEMPLATES, id);
export const isBuiltInTheme = (id: string) => Object.hasOwn(BUILT_IN_THEMES, canonicalThemeId(id));

// Drafts

export const DRAFT_LIST_LIMIT = 200;

export const listDrafts = (deps: ServiceDeps, tenancy: Tenancy) => listEmailDrafts(deps.db, tenancy, DRAFT_LIST_LIMIT);

export async function getDraft(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<EmailDraftRow> {
  const draft = await findEmailDraft(deps.db, tenancy, id);
  if (!draft) throw draftNotFound();
  return draft;
}

export async function createDraft(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: { displayName: string; themeId?: DraftThemeId; tsxSource?: string },
): Promise<string> {
  const themeId = typeof input.themeId === "string" ? canonicalThemeId(input.themeId) : (input.themeId ?? null);
  checkThemeId(tenancy, themeId);
  // A draft is work in progress: it is stored as written, and rendered when previewed or sent.
  const tsxSource = input.tsxSource ?? NEW_TEMPLATE_SOURCE;
  const id = newId();
  await insertEmailDraft(deps.db, tenancy, { id, displayName: input.displayName, themeId, tsxSource });
  return id;
}

export async function updateDraft(
  deps: ServiceDeps,
  tenancy: Tenancy,
  id: string,
  changes: { displayName?: string; themeId?: DraftThemeId; tsxSource?: string; sentAtMillis?: number | null },
): Promise<void> {
  checkThemeId(tenancy, changes.themeId);
  const themeId = typeof changes.themeId === "string" ? canonicalThemeId(changes.themeId) : changes.themeId;
  if (!(await updateEmailDraft(deps.db, tenancy, id, { ...changes, themeId }))) throw draftNotFound();
}

export async function deleteDraft(deps: ServiceDeps, tenancy: Tenancy, id: string): Promise<void> {
  if (!(await deleteEmailDraft(deps.db, tenancy, id))) throw draftNotFound();
}
