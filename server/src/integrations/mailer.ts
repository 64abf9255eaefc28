import type { Transporter } from "nodemailer";

export interface SmtpServer {
  host: string;
  port: number;
  username?: string;
  password?: string;
  /** `Name <address>` or a bare address. */
  from: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
}

/**
 * Whether an SMTP error is the receiving side refusing this recipient for good (a 5xx answer to
 * the envelope or the data): trying again cannot help, so the message counts as bounced.
 */
export function isPermanentRejection(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown };
  return (code === "EENVELOPE" || code === "EMESSAGE") && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

/**
 * Whether the SMTP server's host name does not exist (the DNS says so for good): no later try
 * can reach it, so the message fails at once instead of being retried.
 */
export function isUnknownHost(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === "ENOTFOUND" || code === "EAI_NONAME") return true;
  // nodemailer re-labels a failed lookup EDNS; the resolver's own code stays in the message.
  // (EAI_AGAIN, a resolver that did not answer, is not "does not exist" and is retried.)
  return code === "EDNS" && typeof message === "string" && /\bENOTFOUND\b/.test(message);
}

/** Hands a message to an SMTP server; resolves once the server accepted it. */
export interface Mailer {
  send(server: SmtpServer, message: MailMessage): Promise<void>;
  /** Sends through a connection made for this message alone: for settings being tried out, which are not kept. */
  sendOnce(server: SmtpServer, message: MailMessage): Promise<void>;
}

/**
 * nodemailer over SMTP: one transport per distinct server, a connection per message. nodemailer
 * is loaded with the first message, not at start: most processes start long before they mail.
 */
export function createSmtpMailer(): Mailer {
  const transports = new Map<string, Promise<Transporter>>();
  const createTransport = async (server: SmtpServer) =>
    (await import("nodemailer")).default.createTransport({
      host: server.host,
      port: server.port,
      secure: server.port === 465,
      auth: server.username ? { user: server.username, pass: server.password ?? "" } : undefined,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    });
  const transportFor = (server: SmtpServer) => {
    const key = JSON.stringify([server.host, server.port, server.username ?? "", server.password ?? ""]);
    let transport = transports.get(key);
    if (!transport) {
      transport = createTransport(server);
      transports.set(key, transport);
    }
    return transport;
  };
  return {
    async send(server, message) {
      await (await transportFor(server)).sendMail({ from: server.from, ...message });
    },
    async sendOnce(server, message) {
      const transport = await createTransport(server);
      try {
        await transport.sendMail({ from: server.from, ...message });
      } finally {
        transport.close();
      }
    },
  };
}
