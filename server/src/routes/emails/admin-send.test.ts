/**
 * Mail an admin sends by hand: the sign-in invitation goes through the shared SMTP server and
 * the outbox like every message; the test e-mail goes through the SMTP settings it names, once,
 * and reports the SMTP server's answer. Both SMTP servers here are real (smtp-server in process).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { describeSecurity } from "../../testing/security-table";
import { createTestApp, type TestApp } from "../../testing/test-server";

let shared: MailCatcher;
let own: MailCatcher;
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  shared = await startMailCatcher();
  own = await startMailCatcher();
  t = await createTestApp({ env: shared.env });
  project = await createProjectFixture(t, { config: { allow_localhost: true } });
});
afterAll(async () => {
  await t?.close();
  await shared?.close();
  await own?.close();
});

const smtp = () => ({ host: own.host, port: own.port, username: "tester", password: "secret", sender_name: "Acme", sender_email: "noreply@acme.example" });

describe("POST /internal/send-sign-in-invitation", () => {
  it("mails an invitation whose link is the trusted callback URL", async () => {
    const email = uniqueEmail("invited");
    const sent = await call(t, "POST", "/internal/send-sign-in-invitation", {
      creds: project.server,
      body: { email, callback_url: "http://localhost:3000/handler/sign-in" },
    });
    expect(sent.status, sent.text).toBe(200);
    const mail = await shared.waitFor(email);
    expect(await t.db.query("SELECT 1 FROM email_outbox WHERE project_id = $1 AND to_address = $2 AND purpose = 'sign_in_invitation'", [project.projectId, email])).toHaveLength(1);
    expect(mail.subject).toContain("invited");
    expect(mail.text).toContain("http://localhost:3000/handler/sign-in");
  });

  it("refuses a callback URL the project does not trust, and sends nothing", async () => {
    const email = uniqueEmail("not-invited");
    const refused = await call(t, "POST", "/internal/send-sign-in-invitation", {
      creds: project.server,
      body: { email, callback_url: "https://evil.example.com/phish" },
    });
    expect(refused.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    expect(shared.messages.some((m) => m.to.includes(email))).toBe(false);
  });
});

describe("POST /internal/send-test-email", () => {
  it("sends through the given settings once, and stores none of them", async () => {
    const recipient = uniqueEmail("smtp-test");
    const result = await call(t, "POST", "/internal/send-test-email", { creds: project.admin, body: { recipient_email: recipient, email_config: smtp() } });
    expect(result.json).toEqual({ success: true });
    const mail = await own.waitFor(recipient);
    expect(mail.raw).toContain("noreply@acme.example");
    expect(shared.messages.some((m) => m.to.includes(recipient))).toBe(false);
    const config = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(config.emails.server).toEqual({ isShared: true, provider: "smtp" });
    // A test message is not the project's mail: it does not enter the outbox.
    expect(await t.db.query("SELECT 1 FROM email_outbox WHERE project_id = $1 AND to_address = $2", [project.projectId, recipient])).toHaveLength(0);
  });

  it("reports what went wrong when the SMTP server cannot be reached", async () => {
    const result = await call(t, "POST", "/internal/send-test-email", {
      creds: project.admin,
      body: { recipient_email: uniqueEmail("smtp-down"), email_config: { ...smtp(), port: 1 } },
    });
    expect(result.status).toBe(200);
    expect(result.json.success).toBe(false);
    expect(result.json.error_message).toMatch(/ECONNREFUSED|connect/i);
  });

  it("refuses a private address for a project that does not allow localhost", async () => {
    const strict = await createProjectFixture(t, { config: { allow_localhost: false } });
    const result = await call(t, "POST", "/internal/send-test-email", { creds: strict.admin, body: { recipient_email: uniqueEmail("smtp-private"), email_config: smtp() } });
    expect(result.json).toEqual({ success: false, error_message: expect.stringContaining("private or local address") });
    expect(own.messages.some((m) => m.subject === "Test e-mail from Gatehouse" && m.to.some((to) => to.startsWith("smtp-private")))).toBe(false);
  });
});

describeSecurity({
  operationId: "sendSignInInvitation",
  method: "POST",
  path: "/internal/send-sign-in-invitation",
  access: ["server", "admin"],
  body: { email: "someone@example.com", callback_url: "/handler/sign-in" },
});
describeSecurity({
  operationId: "sendTestEmail",
  method: "POST",
  path: "/internal/send-test-email",
  access: ["admin"],
  body: { recipient_email: "someone@example.com", email_config: { host: "127.0.0.1", port: 1, sender_email: "a@example.com" } },
});
