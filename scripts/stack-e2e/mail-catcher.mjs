// A tiny Inbucket stand-in: an SMTP server that keeps every message in memory, and an HTTP API
// with the two Inbucket 3 routes Stack's e2e Mailbox helper reads:
//   GET /api/v1/mailbox/{name}        -> [{ mailbox, id, from, to, subject, date, posix-millis, size, seen }]
//   GET /api/v1/mailbox/{name}/{id}   -> the same plus { header, body: { text, html }, attachments }
// The mailbox name is the lower-cased local part of each envelope recipient (Inbucket's "local" naming).
// Usage: node mail-catcher.mjs <smtpPort> <httpPort>
import http from "node:http";
import { SMTPServer } from "smtp-server";
import { simpleParser } from "mailparser";

// MAIL_SUBJECT_COMPAT (on unless set to 0): Stack's helpers find their mails by a phrase of Stack's
// own subjects (Auth.Password.signUpWithEmail and ContactChannels.verify wait up to 15 s for
// "Verify your email", Auth.Otp looks for "Sign in to"). Gatehouse words them differently, so every
// test using those helpers would stop there. With the flag, the catcher PREFIXES the phrase in
// brackets, e.g. "[Verify your email] Verify your e-mail for X": the helpers then go on to the
// endpoints under test, while a snapshot of the subject still shows Gatehouse's own wording (and
// still fails on it). The number of prefixed subjects is served at /health.
const SUBJECT_COMPAT = process.env.MAIL_SUBJECT_COMPAT !== "0";
const SUBJECT_PREFIXES = [
  [/^Verify your e-mail\b/i, "Verify your email"],
  [/^Your sign-in code for\b/i, "Sign in to"],
  [/^Reset your password for\b/i, "Reset your password at"],
];
let prefixed = 0;
function compatSubject(subject) {
  if (!SUBJECT_COMPAT) return subject;
  for (const [re, phrase] of SUBJECT_PREFIXES) {
    if (re.test(subject) && !subject.includes(phrase)) { prefixed++; return `[${phrase}] ${subject}`; }
  }
  return subject;
}
const smtpPort = Number(process.argv[2] ?? 8329);
const httpPort = Number(process.argv[3] ?? 8305);
const boxes = new Map(); // name -> message[]
let seq = 0;

function fmtAddr(a) {
  return a.name ? `${a.name} <${a.address}>` : `<${a.address}>`;
}

const smtp = new SMTPServer({
  secure: false,
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  logger: false,
  size: 20 * 1024 * 1024,
  onData(stream, session, callback) {
    const chunks = [];
    stream.on("data", (c) => chunks.push(c));
    stream.on("end", async () => {
      try {
        const raw = Buffer.concat(chunks);
        const parsed = await simpleParser(raw);
        const now = new Date();
        const header = {};
        for (const [k, v] of parsed.headers) header[k] = [typeof v === "string" ? v : (v?.text ?? JSON.stringify(v))];
        const fromList = parsed.from?.value ?? [];
        const toList = parsed.to ? (Array.isArray(parsed.to) ? parsed.to.flatMap((t) => t.value) : parsed.to.value) : [];
        for (const rcpt of session.envelope.rcptTo) {
          const name = rcpt.address.split("@")[0].split("+")[0].toLowerCase();
          const id = `${now.toISOString().replace(/\D/g, "").slice(0, 14)}-${String(++seq).padStart(6, "0")}`;
          const msg = {
            mailbox: name,
            id,
            from: fromList.map(fmtAddr).join(", ") || (session.envelope.mailFrom?.address ?? ""),
            to: toList.length ? toList.map(fmtAddr) : session.envelope.rcptTo.map((r) => `<${r.address}>`),
            subject: compatSubject(parsed.subject ?? ""),
            date: now.toISOString(),
            "posix-millis": now.getTime(),
            size: raw.length,
            seen: false,
            header,
            body: { text: parsed.text ?? "", html: typeof parsed.html === "string" ? parsed.html : "" },
            attachments: (parsed.attachments ?? []).map((a) => ({ filename: a.filename, "content-type": a.contentType })),
          };
          if (!boxes.has(name)) boxes.set(name, []);
          boxes.get(name).push(msg);
        }
        callback();
      } catch (e) {
        callback(e);
      }
    });
  },
});
smtp.on("error", (e) => console.error("smtp error", e.message));
smtp.listen(smtpPort, "127.0.0.1", () => console.log(`mail-catcher smtp on ${smtpPort}`));

const api = http.createServer((req, res) => {
  const url = new URL(req.url, "http://x");
  const m = url.pathname.match(/^\/api\/v1\/mailbox\/([^/]+)(?:\/([^/]+))?\/?$/);
  const send = (status, body) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  if (url.pathname === "/health") return send(200, { ok: true, mailboxes: boxes.size, subject_compat: SUBJECT_COMPAT, prefixed_subjects: prefixed });
  if (!m) return send(404, { error: "not found" });
  const name = decodeURIComponent(m[1]).split("@")[0].split("+")[0].toLowerCase();
  const list = boxes.get(name) ?? [];
  if (req.method === "DELETE") { boxes.delete(name); return send(200, "OK"); }
  if (!m[2]) {
    return send(200, list.map(({ header: _header, body: _body, attachments: _attachments, ...head }) => head));
  }
  const msg = list.find((x) => x.id === decodeURIComponent(m[2]));
  if (!msg) return send(404, { error: "message not found" });
  return send(200, msg);
});
api.listen(httpPort, "127.0.0.1", () => console.log(`mail-catcher http on ${httpPort}`));

for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => { smtp.close(); api.close(); process.exit(0); });
