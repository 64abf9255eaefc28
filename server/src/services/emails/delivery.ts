/**
 * Every message goes to the outbox table first (sealed: see outbox.ts), so nothing sent is
 * ever lost or unseen by admins. Mail the platform sends itself (codes, links, invitations)
 * is written already rendered and claimed by this process, then handed to SMTP at once, so
 * it arrives promptly: the project's own server when it configured one, else the shared
 * server from the environment, else none (the outbox keeps it, marked not_sent, and the log
 * says so). A request waits at most `emailSendWaitMs` for SMTP; a slower server finishes in
 * the background. A failed try goes back to the outbox queue and the workers retry it with
 * back-off like any queued message (services/emails/queue.ts).
 */
import { newId } from "../../crypto/random";
import { insertOutboxEmail, notifyOutbox, recordAttempt, type AttemptOutcome } from "../../db/queries/email-outbox";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { sealContent } from "./outbox";
import { EMAIL_LEASE_MS, failureOutcome, smtpServerFor } from "./queue";

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  html?: string;
  purpose: string;
  userId?: string | null;
}

export async function deliverEmail(deps: ServiceDeps, tenancy: Tenancy, email: EmailToSend): Promise<string> {
  const id = newId();
  await insertOutboxEmail(deps.db, tenancy, {
    id,
    to: email.to,
    ...sealContent(deps.outboxSeal, { subject: email.subject, textBody: email.text, htmlBody: email.html ?? null }),
    purpose: email.purpose,
    userId: email.userId ?? null,
    leaseMs: EMAIL_LEASE_MS,
  });
  const claim = { projectId: tenancy.projectId, branchId: tenancy.branchId, id, attempts: 1 };

  const server = smtpServerFor(deps, tenancy);
  if (!server) {
    await recordAttempt(deps.db, claim, { status: "not_sent", error: "No SMTP server is configured; the message is kept in the outbox only." });
    deps.log.info("No SMTP server configured: e-mail kept in the outbox only", { project_id: tenancy.projectId, email_id: id, purpose: email.purpose });
    return id;
  }

  const sending = deps.mailer
    .send(server, { to: email.to, subject: email.subject, text: email.text, html: email.html })
    .then(
      () => recordAttempt(deps.db, claim, { status: "sent" }),
      async (error: unknown) => {
        const outcome: AttemptOutcome = failureOutcome(deps, 1, error);
        deps.log.warn("E-mail delivery failed", { project_id: tenancy.projectId, email_id: id, status: outcome.status, error: "error" in outcome ? outcome.error : "" });
        await recordAttempt(deps.db, claim, outcome);
        if (outcome.status === "retry") await notifyOutbox(deps.db);
      },
    )
    .catch((error: unknown) => deps.log.error("Could not record an e-mail's delivery status", { email_id: id, error: String(error) }));
  await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, deps.settings.emailSendWaitMs).unref())]);
  return id;
}
