import { z } from "@hono/zod-openapi";
import { SERVER_AND_UP } from "../../http/access";
import { authenticatedRoute, jsonBody, jsonResponse } from "../../http/openapi";
import type { Router } from "../../http/router";
import { sendEmail, type SendContent } from "../../services/emails/send-email";
import { EmailThemeChoiceSchema } from "./schemas";

const MAX_RECIPIENTS = 10_000;

const SendEmailCommon = {
  subject: z.string().max(998).optional(),
  notification_category_name: z.string().max(64).optional(),
  theme_id: EmailThemeChoiceSchema.optional(),
  is_high_priority: z.boolean().optional().openapi({ description: "Sent ahead of other queued mail." }),
  scheduled_at_millis: z.number().int().min(0).optional().openapi({ description: "Not sent before this time." }),
};
const RECIPIENTS = {
  users: { user_ids: z.array(z.uuid()).max(MAX_RECIPIENTS) },
  all: { all_users: z.literal(true) },
};
const CONTENTS = {
  html: { html: z.string().max(1_000_000) },
  template: { template_id: z.string().max(128), variables: z.record(z.string(), z.unknown()).optional() },
  draft: { draft_id: z.string().max(128) },
};

/** Exactly one way to name the recipients and exactly one source: six shapes, as Stack Auth's union of bodies. */
const SendEmailBody = z
  .union([
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.html }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.template }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.users, ...CONTENTS.draft }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.html }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.template }),
    z.strictObject({ ...SendEmailCommon, ...RECIPIENTS.all, ...CONTENTS.draft }),
  ])
  .openapi("SendEmailRequest");
type SendEmailBodyType = z.infer<typeof SendEmailBody>;

const SendResultSchema = z.object({ user_id: z.string() }).openapi("SendEmailResult");

const sendEmailRoute = authenticatedRoute(
  SERVER_AND_UP,
  ["USER_ID_DOES_NOT_EXIST", "REQUIRES_CUSTOM_EMAIL_SERVER", "EMAIL_TEMPLATE_UNKNOWN", "EMAIL_DRAFT_UNKNOWN", "NOTIFICATION_CATEGORY_NAME_UNKNOWN"],
  {
  operationId: "sendEmail",
  method: "post",
  path: "/emails/send-email",
  tags: ["Emails"],
  summary: "Send an e-mail to users",
  description:
    "To `user_ids` or `all_users`, from exactly one of `html`, `template_id` (with `variables`) or `draft_id`. Each recipient's message is " +
    "queued in the outbox and sent by the workers: at once, at `scheduled_at_millis`, or at a later slot when the project is over its " +
    "capacity (GET /emails/outbox shows each message). Whether a user gets it is decided when it is sent: a user who is gone, has no " +
    "primary e-mail or turned the category off is skipped, with the reason. Mail of a category that can be turned off carries an " +
    "unsubscribe link and List-Unsubscribe headers. A project without its own e-mail server answers REQUIRES_CUSTOM_EMAIL_SERVER " +
    "(unless the operator lets projects send through the shared one). An unknown template, draft or category name answers a bare 400.",
  request: { body: jsonBody(SendEmailBody) },
  responses: { 200: jsonResponse(z.object({ results: z.array(SendResultSchema) }).openapi("SendEmailResponse"), "One result per user") },
  },
);

function contentOf(body: SendEmailBodyType): SendContent {
  if ("html" in body) return { kind: "html", html: body.html };
  if ("template_id" in body) return { kind: "template", templateId: body.template_id, variables: body.variables ?? {} };
  return { kind: "draft", draftId: body.draft_id };
}

export function registerSendEmailRoutes(router: Router): void {
  router.openapi(sendEmailRoute, async (c) => {
    const body = c.req.valid("json");
    const content = contentOf(body);
    const results = await sendEmail(c.var.deps, c.var.auth.tenancy, {
      userIds: "user_ids" in body ? body.user_ids : undefined,
      allUsers: "all_users" in body,
      subject: body.subject,
      notificationCategoryName: body.notification_category_name,
      themeId: body.theme_id,
      isHighPriority: body.is_high_priority,
      scheduledAtMillis: body.scheduled_at_millis,
      content,
    });
    return c.json({ results: results.map((r) => ({ user_id: r.userId })) }, 200);
  });
}
