import { SMTPServer } from "smtp-server";

export interface CaughtMail {
  to: string[];
  subject: string;
  text: string;
  /** The text/html part decoded, or null for a message without one. */
  html: string | null;
  raw: string;
}

export interface MailCatcher {
  host: string;
  port: number;
  messages: CaughtMail[];
  /** The environment that points a test app's shared SMTP server here. */
  env: Record<string, string>;
  /** Resolves with the first message (already caught or still to come) to `to` that matches. */
  waitFor(to: string, match?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

/** A real SMTP server in process (the `smtp-server` package) that keeps what it receives. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        messages.push(parseMail(raw, session.envelope.rcptTo.map((r) => r.address)));
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.server.address();
  const port = typeof address === "object" && address ? address.port : 0;

  return {
    host: "127.0.0.1",
    port,
    messages,
    env: { STACK_EMAIL_HOST: "127.0.0.1", STACK_EMAIL_PORT: String(port), STACK_EMAIL_SENDER: "Gatehouse Tests <noreply@example.com>" },
    async waitFor(to, match = () => true, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.to.includes(to.toLowerCase()) && match(m));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No e-mail to ${to} arrived within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME for our own messages: headers, and the text/plain and text/html parts decoded. */
function parseMail(raw: string, recipients: string[]): CaughtMail {
  const subject = decodeHeader(/^Subject: (.*(?:\r?\n[ \t].*)*)/im.exec(raw)?.[1] ?? "");
  return { to: recipients.map((r) => r.toLowerCase()), subject, text: decodedPart(raw, "plain") ?? raw, html: decodedPart(raw, "html"), raw };
}

/** One text part, split on the message's MIME boundary (a body line may itself start with "--"). */
function decodedPart(raw: string, subtype: "plain" | "html"): string | null {
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`) : [raw];
  for (const part of parts) {
    const split = /\r?\n\r?\n/.exec(part);
    if (!split) continue;
    const headers = part.slice(0, split.index);
    if (!new RegExp(`Content-Type: text/${subtype}`, "i").test(headers)) continue;
    const encoding = /Content-Transfer-Encoding: ([^\r\n]+)/i.exec(headers)?.[1]?.trim() ?? "7bit";
    return decodeBody(part.slice(split.index + split[0].length).replace(/\r?\n$/, ""), encoding);
  }
  return null;
}

/** RFC 2047: the white space between two adjacent encoded words is not part of the text. */
function decodeHeader(value: string): string {
  return value
    .replace(/\r?\n[ \t]/g, " ")
    .replace(/(\?=)[ \t]+(?==\?)/g, "$1")
    .replace(/=\?utf-8\?([BQ])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === "B" ? Buffer.from(data, "base64").toString("utf8") : decodeQuotedPrintable(data.replace(/_/g, " ")),
    )
    .trim();
}

function decodeBody(body: string, encoding: string): string {
  if (/base64/i.test(encoding)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/quoted-printable/i.test(encoding)) return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(value: string): string {
  const bytes = value.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}
