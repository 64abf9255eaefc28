/**
 * Routes a scheduler calls, as Stack Auth's cron jobs call its backend: one step of the
 * outbox queue, and the failed-mail digest. They carry no project authentication; the caller
 * proves itself with `Authorization: Bearer <CRON_SECRET>`. Without CRON_SECRET set, every
 * call is refused. Gatehouse's own workers run the queue in every server process, so the
 * step is for deployments that also want an external clock (or tests that want a step now).
 */
import { createHash, timingSafeEqual } from "node:crypto";
import { z } from "@hono/zod-openapi";
import { jsonResponse, publicRoute } from "../../http/openapi";
import type { Router } from "../../http/router";
import { KnownError } from "../../errors";
import { collectFailedEmails, sendFailedEmailDigests } from "../../services/emails/digest";
import { processDueEmails } from "../../services/emails/queue";

const CronHeaders = z.object({
  authorization: z.string().max(1024).openapi({ param: { name: "authorization", in: "header" }, description: "`Bearer <CRON_SECRET>`" }),
});

const digest = (value: string) => createHash("sha256").update(value).digest();

function requireCronSecret(secret: string | undefined, header: string): void {
  // Compared as hashes, in constant time, so neither the length nor the content leaks.
  if (!secret || !timingSafeEqual(digest(header), digest(`Bearer ${secret}`))) throw new KnownError("CRON_SECRET_MISMATCH");
}

const emailQueueStepRoute = publicRoute(["CRON_SECRET_MISMATCH"], {
  operationId: "runEmailQueueStep",
  method: "get",
  path: "/internal/email-queue-step",
  tags: ["Emails"],
  summary: "Send the outbox's due mail now (for a scheduler)",
  description:
    "Claims and sends due messages of every project: one batch with `only_one_step=true`, else batches until none is due (at most about " +
    "a minute). Answers when done.",
  request: {
    headers: CronHeaders,
    query: z.object({ only_one_step: z.enum(["true", "false"]).optional() }),
  },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }).openapi("EmailQueueStep"), "Done") },
});

const FailedEmailsBatchSchema = z
  .object({
    emails: z.array(z.object({ subject: z.string(), to: z.array(z.string()) })),
    tenant_owner_emails: z.array(z.string()),
    project_id: z.string(),
    tenancy_id: z.string(),
  })
  .openapi("FailedEmailsBatch");

const failedEmailsDigestRoute = publicRoute(["CRON_SECRET_MISMATCH"], {
  operationId: "sendFailedEmailsDigest",
  method: "post",
  path: "/internal/failed-emails-digest",
  tags: ["Emails"],
  summary: "Tell project owners about mail that failed in the last day (for a scheduler)",
  description:
    "Lists, per project, the messages that failed for good in the last 24 hours and the owners' e-mails (the members of the team that " +
    "owns the project); unless `dry_run=true`, each owner is sent a digest through the platform's shared server. `success` is false " +
    "when a digest could not be handed over.",
  request: {
    headers: CronHeaders,
    query: z.object({ dry_run: z.enum(["true", "false"]).optional() }),
  },
  responses: {
    200: jsonResponse(
      z.object({ success: z.boolean(), failed_emails_by_tenancy: z.array(FailedEmailsBatchSchema) }).openapi("FailedEmailsDigest"),
      "What failed, per project",
    ),
  },
});

/** How long one queue step may keep claiming batches. */
const STEP_BUDGET_MS = 60_000;

export function registerScheduledEmailRoutes(router: Router): void {
  router.openapi(emailQueueStepRoute, async (c) => {
    requireCronSecret(c.var.deps.settings.cronSecret, c.req.valid("header").authorization);
    const onlyOne = c.req.valid("query").only_one_step === "true";
    const started = Date.now();
    let batches = 0;
    await processDueEmails(c.var.deps, { shouldStop: () => (onlyOne && batches++ >= 1) || Date.now() - started > STEP_BUDGET_MS });
    return c.json({ ok: true as const }, 200);
  });

  router.openapi(failedEmailsDigestRoute, async (c) => {
    requireCronSecret(c.var.deps.settings.cronSecret, c.req.valid("header").authorization);
    const batches = await collectFailedEmails(c.var.deps);
    const success = c.req.valid("query").dry_run === "true" ? true : await sendFailedEmailDigests(c.var.deps, batches);
    return c.json(
      {
        success,
        failed_emails_by_tenancy: batches.map((b) => ({ emails: b.emails, tenant_owner_emails: b.ownerEmails, project_id: b.projectId, tenancy_id: b.tenancyId })),
      },
      200,
    );
  });
}
