import { z } from "@hono/zod-openapi";
import { ADMIN_ONLY } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { renderEmail } from "../../services/emails/rendering/render-email";
import { EmailThemeChoiceSchema } from "./schemas";

const RenderEmailBody = z
  .strictObject({
    theme_id: EmailThemeChoiceSchema.optional(),
    theme_tsx_source: z.string().min(1).max(1_000_000).optional(),
    template_id: z.string().min(1).max(63).optional(),
    template_tsx_source: z.string().min(1).max(1_000_000).optional(),
    draft_id: z.uuid().optional(),
    variables: z.record(z.string(), z.unknown()).optional().openapi({ description: "Merged over the template's PreviewVariables." }),
  })
  .refine((body) => body.theme_id === undefined || body.theme_tsx_source === undefined, {
    message: "give theme_id or theme_tsx_source, not both",
    path: ["theme_tsx_source"],
  })
  .refine((body) => [body.template_id, body.template_tsx_source, body.draft_id].filter((v) => v !== undefined).length === 1, {
    message: "give exactly one of template_id, template_tsx_source and draft_id",
    path: ["template_id"],
  })
  .openapi("RenderEmailRequest");

const renderEmailRoute = authenticatedRoute(ADMIN_ONLY, ["EMAIL_RENDERING_ERROR", "EMAIL_THEME_UNKNOWN", "EMAIL_TEMPLATE_UNKNOWN", "EMAIL_DRAFT_UNKNOWN"], {
  operationId: "renderEmail",
  method: "post",
  path: "/emails/render-email",
  tags: ["Emails"],
  summary: "Preview an e-mail: a theme around a template or draft, rendered as it would be sent",
  description:
    "Give at most one of `theme_id` / `theme_tsx_source` (neither: the template's theme, else the project's selected one; `theme_id: false`: " +
    "no theme) and exactly one of `template_id`, `template_tsx_source` and `draft_id`. Rendering happens in the same isolated sandbox as " +
    "sending, in preview mode (the template's `PreviewVariables` and the theme's `PreviewProps` fill what is not given). A source that does " +
    "not compile or throws answers EMAIL_RENDERING_ERROR with the line; a theme, template or draft the project does not have, a bare 400.",
  request: { body: jsonBody(RenderEmailBody) },
  responses: {
    200: jsonResponse(
      z.object({ html: z.string(), subject: z.string().optional(), notification_category: z.string().optional() }).openapi("RenderedEmail"),
      "The rendered e-mail",
    ),
  },
});

export function registerRenderEmailRoutes(router: Router): void {
  router.openapi(renderEmailRoute, async (c) => {
    const body = c.req.valid("json");
    const rendered = await renderEmail(c.var.deps, c.var.auth.tenancy, {
      themeId: body.theme_id,
      themeSource: body.theme_tsx_source,
      templateId: body.template_id,
      templateSource: body.template_tsx_source,
      draftId: body.draft_id,
      variables: body.variables,
      previewMode: true,
    });
    return c.json(
      {
        html: rendered.html,
        ...(rendered.subject ? { subject: rendered.subject } : {}),
        ...(rendered.notificationCategory ? { notification_category: rendered.notificationCategory } : {}),
      },
      200,
    );
  });
}
