/**
 * Every message goes to the outbox table first (sealed: see outbox.ts), so nothing sent is
 * ever lost or unseen by admins. Then it is handed to SMTP: the project's own server when it configured one, else
 * the shared server from the environment, else none (the outbox keeps it, marked not_sent,
 * and the log says so). A request waits at most `emailSendWaitMs` for SMTP; a slower server
 * finishes in the background, and the outcome, sent or failed with its error, is recorded.
 */
import { newId } from "../../crypto/random";
import { insertOutboxEmail, setOutboxStatus } from "../../db/queries/email-outbox";
import type { SmtpServer } from "../../integrations/mailer";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../tenancy";
import { sealContent } from "./outbox";

export interface EmailToSend {
  to: string;
  subject: string;
  text: string;
  html?: string;
  purpose: string;
  userId?: string | null;
}

function smtpServerFor(deps: ServiceDeps, tenancy: Tenancy): SmtpServer | null {
  const own = tenancy.config.emails.server;
  if (!own.isShared && own.host && own.port !== undefined && own.senderEmail) {
    return {
      host: own.host,
      port: own.port,
      username: own.username,
      password: own.password,
      from: own.senderName ? `"${own.senderName.replace(/"/g, "")}" <${own.senderEmail}>` : own.senderEmail,
    };
  }
  const shared = deps.settings.sharedEmailServer;
  if (!shared) return null;
  return { host: shared.host, port: shared.port, username: shared.username, password: shared.password, from: shared.sender };
}

export async function deliverEmail(deps: ServiceDeps, tenancy: Tenancy, email: EmailToSend): Promise<string> {
  const id = newId();
  await insertOutboxEmail(deps.db, tenancy, {
    id,
    to: email.to,
    ...sealContent(deps.outboxSeal, { subject: email.subject, textBody: email.text, htmlBody: email.html ?? null }),
    purpose: email.purpose,
    userId: email.userId ?? null,
  });

  const server = smtpServerFor(deps, tenancy);
  if (!server) {
    await setOutboxStatus(deps.db, tenancy, id, "not_sent", "No SMTP server is configured; the message is kept in the outbox only.");
    deps.log.info("No SMTP server configured: e-mail kept in the outbox only", { project_id: tenancy.projectId, email_id: id, purpose: email.purpose });
    return id;
  }

  const sending = deps.mailer
    .send(server, { to: email.to, subject: email.subject, text: email.text, html: email.html })
    .then(
      () => setOutboxStatus(deps.db, tenancy, id, "sent", null),
      (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        deps.log.warn("E-mail delivery failed", { project_id: tenancy.projectId, email_id: id, error: message });
        return setOutboxStatus(deps.db, tenancy, id, "failed", message.slice(0, 2000));
      },
    )
    .catch((error: unknown) => deps.log.error("Could not record an e-mail's delivery status", { email_id: id, error: String(error) }));
  await Promise.race([sending, new Promise((resolve) => setTimeout(resolve, deps.settings.emailSendWaitMs).unref())]);
  return id;
}
