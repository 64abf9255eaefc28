/**
 * /internal/email-themes, /internal/email-templates and /internal/email-drafts: the TSX
 * sources a project's mail is made of, in Stack Auth's wire shapes. Sources are rendered
 * before they are stored (EMAIL_RENDERING_ERROR names the line of a broken one).
 */
import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { MillisSchema, SuccessSchema } from "../../http/schemas";
import {
  isBuiltInTemplate as isBuiltIn,
  createDraft,
  createTemplate,
  createTheme,
  deleteDraft,
  deleteTemplate,
  deleteTheme,
  getDraft,
  getTemplate,
  getTheme,
  listDrafts,
  updateDraft,
  updateTemplate,
  updateTheme,
  type EmailDraft,
} from "../../services/emails/rendering/library";
import { listTemplates, listThemes, type EmailTemplate } from "../../services/emails/rendering/render-email";
import { EmailThemeChoiceSchema } from "../emails/schemas";

const MAX_SOURCE = 1_000_000;
const RecordId = z
  .string()
  .min(1)
  .max(63)
  .regex(/^[a-zA-Z0-9_][a-zA-Z0-9_-]*$/, "ids use letters, digits, underscore and hyphen");
const ThemeParam = z.object({ id: RecordId.openapi({ param: { name: "id", in: "path" } }) });
const TemplateParam = z.object({ templateId: RecordId.openapi({ param: { name: "templateId", in: "path" } }) });
const TsxSource = z.string().min(1).max(MAX_SOURCE).openapi({ description: "TSX source (see the e-mail template conventions in the manual, /docs/email#e-mail-templates)." });
const DisplayName = z.string().min(1).max(256);
const TemplateThemeId = EmailThemeChoiceSchema;

const route = <T extends Parameters<typeof authenticatedRoute>[2]>(errors: Parameters<typeof authenticatedRoute>[1], spec: T) =>
  authenticatedRoute(ADMIN_ONLY, errors, { ...spec, tags: ["Emails"] });

// Themes

const ThemeSummary = z.object({ id: z.string(), display_name: z.string() }).openapi("EmailThemeSummary");
const Theme = z.object({ id: z.string(), display_name: z.string(), tsx_source: z.string() }).openapi("EmailTheme");

const listThemesRoute = route([], {
  operationId: "listEmailThemes",
  method: "get",
  path: "/internal/email-themes",
  summary: "The project's e-mail themes, the built-in ones included (the selected one is the project configuration's `email_theme`)",
  responses: {
    200: jsonResponse(z.object({ themes: z.array(ThemeSummary) }).openapi("EmailThemeList"), "Every theme"),
  },
});

const createThemeRoute = route([], {
  operationId: "createEmailTheme",
  method: "post",
  path: "/internal/email-themes",
  summary: "Add an e-mail theme (starting as a copy of the built-in light theme)",
  request: { body: jsonBody(z.strictObject({ display_name: DisplayName }).openapi("EmailThemeCreate")) },
  responses: { 200: jsonResponse(z.object({ id: z.string() }).openapi("EmailThemeCreated"), "The new theme's id") },
});

const getThemeRoute = route(["EMAIL_THEME_NOT_FOUND"], {
  operationId: "getEmailTheme",
  method: "get",
  path: "/internal/email-themes/{id}",
  summary: "One e-mail theme with its source",
  description: "An unknown id answers a bare 404.",
  request: { params: ThemeParam },
  responses: { 200: jsonResponse(Theme, "The theme") },
});

const updateThemeRoute = route(["EMAIL_RENDERING_ERROR", "EMAIL_THEME_NOT_FOUND"], {
  operationId: "updateEmailTheme",
  method: "patch",
  path: "/internal/email-themes/{id}",
  summary: "Change an e-mail theme's source or name",
  description: "The source is rendered around a sample first; one that does not compile or throws is refused with EMAIL_RENDERING_ERROR, which names the line.",
  request: {
    params: ThemeParam,
    body: jsonBody(z.strictObject({ tsx_source: TsxSource.optional(), display_name: DisplayName.optional() }).openapi("EmailThemeUpdate")),
  },
  responses: { 200: jsonResponse(z.object({ display_name: z.string() }).openapi("EmailThemeUpdated"), "The theme as stored") },
});

const deleteThemeRoute = route(["EMAIL_THEME_NOT_FOUND"], {
  operationId: "deleteEmailTheme",
  method: "delete",
  path: "/internal/email-themes/{id}",
  summary: "Remove an e-mail theme (a built-in one goes back to how it was shipped)",
  description: "The selected theme cannot be removed (SCHEMA_ERROR).",
  request: { params: ThemeParam },
  responses: { 200: jsonResponse(SuccessSchema, "Removed") },
});

// Templates

const Template = z
  .object({ id: z.string(), display_name: z.string(), tsx_source: z.string(), theme_id: TemplateThemeId.optional(), is_built_in: z.boolean() })
  .openapi("EmailTemplate");
const templateToWire = (t: EmailTemplate, builtIn: boolean) => ({
  id: t.id,
  display_name: t.displayName,
  tsx_source: t.tsxSource,
  ...(t.themeId === undefined ? {} : { theme_id: t.themeId }),
  is_built_in: builtIn,
});

const listTemplatesRoute = route([], {
  operationId: "listEmailTemplates",
  method: "get",
  path: "/internal/email-templates",
  summary: "The project's e-mail templates, the built-in ones (verification, password reset, sign-in code, invitations) included",
  responses: { 200: jsonResponse(z.object({ templates: z.array(Template) }).openapi("EmailTemplateList"), "Every template") },
});

const createTemplateRoute = route(["EMAIL_TEMPLATE_ALREADY_EXISTS", "EMAIL_RENDERING_ERROR", "REQUIRES_CUSTOM_EMAIL_SERVER"], {
  operationId: "createEmailTemplate",
  method: "post",
  path: "/internal/email-templates",
  summary: "Add an e-mail template",
  description:
    "Without `tsx_source` it starts from a small example. `id` is optional; an id in use answers EMAIL_TEMPLATE_ALREADY_EXISTS. A project " +
    "that sends through the shared e-mail server answers REQUIRES_CUSTOM_EMAIL_SERVER (templates are the project's own mail).",
  request: {
    body: jsonBody(z.strictObject({ display_name: DisplayName, id: RecordId.optional(), tsx_source: TsxSource.optional() }).openapi("EmailTemplateCreate")),
  },
  responses: { 200: jsonResponse(z.object({ id: z.string() }).openapi("EmailTemplateCreated"), "The new template's id") },
});

const getTemplateRoute = route(["EMAIL_TEMPLATE_NOT_FOUND"], {
  operationId: "getEmailTemplate",
  method: "get",
  path: "/internal/email-templates/{templateId}",
  summary: "One e-mail template with its source",
  description: "An unknown id answers a bare 404.",
  request: { params: TemplateParam },
  responses: { 200: jsonResponse(Template, "The template") },
});

const updateTemplateRoute = route(["EMAIL_RENDERING_ERROR", "REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_TEMPLATE_NOT_FOUND", "EMAIL_THEME_UNKNOWN"], {
  operationId: "updateEmailTemplate",
  method: "patch",
  path: "/internal/email-templates/{templateId}",
  summary: "Change an e-mail template's source, theme or name",
  description:
    "The template is rendered in preview first and must name its subject and notification category; otherwise EMAIL_RENDERING_ERROR " +
    "(with the line when the source does not compile or throws). Editing a built-in template changes the mail the platform sends. " +
    "A project that sends through the shared e-mail server answers REQUIRES_CUSTOM_EMAIL_SERVER.",
  request: {
    params: TemplateParam,
    body: jsonBody(
      z.strictObject({ tsx_source: TsxSource.optional(), theme_id: TemplateThemeId.optional(), display_name: DisplayName.optional() }).openapi("EmailTemplateUpdate"),
    ),
  },
  responses: {
    200: jsonResponse(z.object({ rendered_html: z.string() }).openapi("EmailTemplateUpdated"), "The preview of the stored template"),
  },
});

const deleteTemplateRoute = route(["REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_TEMPLATE_NOT_FOUND"], {
  operationId: "deleteEmailTemplate",
  method: "delete",
  path: "/internal/email-templates/{templateId}",
  summary: "Remove an e-mail template (a built-in one goes back to how it was shipped)",
  request: { params: TemplateParam },
  responses: { 200: jsonResponse(z.object({}).openapi("EmailTemplateDeleted"), "Removed") },
});

// Drafts

const Draft = z
  .object({ id: z.string(), display_name: z.string(), tsx_source: z.string(), theme_id: TemplateThemeId, sent_at_millis: z.number().nullable() })
  .openapi("EmailDraft");
const draftToWire = (d: EmailDraft) => ({
  id: d.id,
  display_name: d.displayName,
  tsx_source: d.tsxSource,
  theme_id: d.themeId,
  sent_at_millis: d.sentAtMillis,
});
const DraftParam = z.object({ id: z.uuid().openapi({ param: { name: "id", in: "path" } }) });

const listDraftsRoute = route([], {
  operationId: "listEmailDrafts",
  method: "get",
  path: "/internal/email-drafts",
  summary: "The project's e-mail drafts, most recently edited first (at most 200)",
  responses: { 200: jsonResponse(z.object({ drafts: z.array(Draft) }).openapi("EmailDraftList"), "The drafts") },
});

const createDraftRoute = route(["EMAIL_THEME_UNKNOWN"], {
  operationId: "createEmailDraft",
  method: "post",
  path: "/internal/email-drafts",
  summary: "Start an e-mail draft",
  description: "Without `tsx_source` it starts from a small example. A draft is stored as written; it is rendered when previewed or sent.",
  request: {
    body: jsonBody(z.strictObject({ display_name: DisplayName, theme_id: TemplateThemeId.optional(), tsx_source: TsxSource.optional() }).openapi("EmailDraftCreate")),
  },
  responses: { 200: jsonResponse(z.object({ id: z.string() }).openapi("EmailDraftCreated"), "The new draft's id") },
});

const getDraftRoute = route(["EMAIL_DRAFT_NOT_FOUND"], {
  operationId: "getEmailDraft",
  method: "get",
  path: "/internal/email-drafts/{id}",
  summary: "One e-mail draft",
  description: "An unknown id answers a bare 404.",
  request: { params: DraftParam },
  responses: { 200: jsonResponse(Draft, "The draft") },
});

const updateDraftRoute = route(["EMAIL_DRAFT_NOT_FOUND", "EMAIL_THEME_UNKNOWN"], {
  operationId: "updateEmailDraft",
  method: "patch",
  path: "/internal/email-drafts/{id}",
  summary: "Change an e-mail draft",
  request: {
    params: DraftParam,
    body: jsonBody(
      z
        .strictObject({
          display_name: DisplayName.optional(),
          theme_id: TemplateThemeId.optional(),
          tsx_source: TsxSource.optional(),
          sent_at_millis: MillisSchema.nullable().optional(),
        })
        .openapi("EmailDraftUpdate"),
    ),
  },
  responses: { 200: jsonResponse(z.object({ ok: z.literal("ok") }).openapi("EmailDraftUpdated"), "Changed") },
});

const deleteDraftRoute = route(["EMAIL_DRAFT_NOT_FOUND"], {
  operationId: "deleteEmailDraft",
  method: "delete",
  path: "/internal/email-drafts/{id}",
  summary: "Remove an e-mail draft",
  request: { params: DraftParam },
  responses: { 200: jsonResponse(z.object({ ok: z.literal("ok") }).openapi("EmailDraftDeleted"), "Removed") },
});

export function registerEmailLibraryRoutes(router: Router): void {
  router.openapi(listThemesRoute, async (c) => {
    const themes = listThemes(c.var.auth.tenancy).map((t) => ({ id: t.id, display_name: t.displayName }));
    return c.json({ themes }, 200);
  });
  router.openapi(createThemeRoute, async (c) => c.json({ id: await createTheme(c.var.deps, c.var.auth.tenancy, c.req.valid("json").display_name) }, 200));
  router.openapi(getThemeRoute, async (c) => {
    const theme = getTheme(c.var.auth.tenancy, c.req.valid("param").id);
    return c.json({ id: theme.id, display_name: theme.displayName, tsx_source: theme.tsxSource }, 200);
  });
  router.openapi(updateThemeRoute, async (c) => {
    const body = c.req.valid("json");
    const { theme } = await updateTheme(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, {
      tsxSource: body.tsx_source,
      displayName: body.display_name,
    });
    return c.json({ display_name: theme.displayName }, 200);
  });
  router.openapi(deleteThemeRoute, async (c) => {
    await deleteTheme(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id);
    return c.json({ success: true as const }, 200);
  });

  router.openapi(listTemplatesRoute, async (c) => {
    const templates = listTemplates(c.var.auth.tenancy);
    return c.json({ templates: templates.map((t) => templateToWire(t, isBuiltIn(t.id))) }, 200);
  });
  router.openapi(createTemplateRoute, async (c) => {
    const body = c.req.valid("json");
    const id = await createTemplate(c.var.deps, c.var.auth.tenancy, { displayName: body.display_name, id: body.id, tsxSource: body.tsx_source });
    return c.json({ id }, 200);
  });
  router.openapi(getTemplateRoute, async (c) => {
    const id = c.req.valid("param").templateId;
    return c.json(templateToWire(getTemplate(c.var.auth.tenancy, id), isBuiltIn(id)), 200);
  });
  router.openapi(updateTemplateRoute, async (c) => {
    const body = c.req.valid("json");
    const { renderedHtml } = await updateTemplate(c.var.deps, c.var.auth.tenancy, c.req.valid("param").templateId, {
      tsxSource: body.tsx_source,
      themeId: body.theme_id,
      displayName: body.display_name,
    });
    return c.json({ rendered_html: renderedHtml }, 200);
  });
  router.openapi(deleteTemplateRoute, async (c) => {
    await deleteTemplate(c.var.deps, c.var.auth.tenancy, c.req.valid("param").templateId);
    return c.json({}, 200);
  });

  router.openapi(listDraftsRoute, async (c) => c.json({ drafts: (await listDrafts(c.var.deps, c.var.auth.tenancy)).map(draftToWire) }, 200));
  router.openapi(createDraftRoute, async (c) => {
    const body = c.req.valid("json");
    const id = await createDraft(c.var.deps, c.var.auth.tenancy, { displayName: body.display_name, themeId: body.theme_id, tsxSource: body.tsx_source });
    return c.json({ id }, 200);
  });
  router.openapi(getDraftRoute, async (c) => c.json(draftToWire(await getDraft(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id)), 200));
  router.openapi(updateDraftRoute, async (c) => {
    const body = c.req.valid("json");
    await updateDraft(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id, {
      displayName: body.display_name,
      themeId: body.theme_id,
      tsxSource: body.tsx_source,
      sentAtMillis: body.sent_at_millis,
    });
    return c.json({ ok: "ok" as const }, 200);
  });
  router.openapi(deleteDraftRoute, async (c) => {
    await deleteDraft(c.var.deps, c.var.auth.tenancy, c.req.valid("param").id);
    return c.json({ ok: "ok" as const }, 200);
  });
}
