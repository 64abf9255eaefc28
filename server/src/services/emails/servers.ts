/**
 * Which SMTP server a project's mail goes through. A project that configured its own server
 * (`emails.server`, not shared) uses it: plain SMTP settings (provider `smtp` or `resend`), or
 * a managed Resend sender domain reached over Resend's SMTP (provider `managed`). Every other
 * project uses the platform's shared server, if the environment names one.
 *
 * The shared server sends the platform's own mail (sign-in codes, verification, invitations).
 * A project's own mail (send-email) and edits of templates need the project's own server, as in
 * Stack Auth, unless the operator lets projects use the shared one for that too
 * (EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL).
 */
import { KnownError } from "../../errors";
import type { SmtpServer } from "../../integrations/mailer";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

const RESEND_SMTP = { host: "smtp.resend.com", port: 465, username: "resend" } as const;

const fromHeader = (name: string | undefined, address: string) => (name ? `"${name.replace(/["\\\r\n]/g, "")}" <${address}>` : address);

/** The project's own server, when it configured a complete one. */
export function ownSmtpServer(tenancy: Tenancy): SmtpServer | null {
  const own = tenancy.config.emails.server;
  if (own.isShared) return null;
  if (own.provider === "managed") {
    if (!own.password || !own.managedSubdomain || !own.managedSenderLocalPart) return null;
    const address = `${own.managedSenderLocalPart}@${own.managedSubdomain}`;
    return { ...RESEND_SMTP, password: own.password, from: fromHeader(own.senderName ?? tenancy.project.displayName, address) };
  }
  if (!own.host || own.port === undefined || !own.senderEmail) return null;
  return { host: own.host, port: own.port, username: own.username, password: own.password, from: fromHeader(own.senderName, own.senderEmail) };
}

/** The server any of the project's mail goes through: its own, else the shared one, else none. */
export function smtpServerFor(deps: Pick<ServiceDeps, "settings">, tenancy: Tenancy): SmtpServer | null {
  const own = ownSmtpServer(tenancy);
  if (own) return own;
  const shared = deps.settings.sharedEmailServer;
  if (!shared) return null;
  return { host: shared.host, port: shared.port, username: shared.username, password: shared.password, from: shared.sender };
}

/** Whether the project may send its own mail and edit templates (see the header); refuses with REQUIRES_CUSTOM_EMAIL_SERVER otherwise. */
export function requireProjectMailServer(deps: Pick<ServiceDeps, "settings">, tenancy: Tenancy): void {
  if (!tenancy.config.emails.server.isShared) return;
  if (deps.settings.sharedEmailServerForProjectMail && deps.settings.sharedEmailServer) return;
  throw new KnownError("REQUIRES_CUSTOM_EMAIL_SERVER");
}
