import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { deliverEmail } from "./delivery";
import { listSentEmails } from "./outbox";

let mail: MailCatcher;
let withSmtp: TestApp;
let withoutSmtp: TestApp;

beforeAll(async () => {
  mail = await startMailCatcher();
  withSmtp = await createTestApp({ env: mail.env });
  withoutSmtp = await createTestApp();
});
afterAll(async () => {
  await withSmtp.close();
  await withoutSmtp.close();
  await mail.close();
});

describe("e-mail delivery", () => {
  it("hands the message to the SMTP server and records it as sent", async () => {
    const tenancy = await withSmtp.deps.tenancies.load("internal");
    const id = await deliverEmail(withSmtp.deps, tenancy, { to: "ada@example.com", subject: "Héllo", text: "Line one\nCode: ABC123", purpose: "test" });
    const caught = await mail.waitFor("ada@example.com");
    expect(caught.subject).toBe("Héllo");
    expect(caught.text).toContain("Code: ABC123");
    await expect.poll(async () => (await listSentEmails(withSmtp.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id)?.status).toBe("sent");
  });

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const tenancy = await withoutSmtp.deps.tenancies.load("internal");
    const id = await deliverEmail(withoutSmtp.deps, tenancy, { to: "bob@example.com", subject: "Kept", text: "x", purpose: "test" });
    const stored = (await listSentEmails(withoutSmtp.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id);
    expect(stored).toMatchObject({ status: "not_sent", to: "bob@example.com", subject: "Kept" });
  });

  it("records a failed delivery with its error instead of losing it", async () => {
    const broken = await createTestApp({ env: { STACK_EMAIL_HOST: "127.0.0.1", STACK_EMAIL_PORT: "1", EMAIL_SEND_WAIT_MS: "5000" } });
    try {
      const tenancy = await broken.deps.tenancies.load("internal");
      const id = await deliverEmail(broken.deps, tenancy, { to: "eve@example.com", subject: "Fails", text: "x", purpose: "test" });
      await expect
        .poll(async () => (await listSentEmails(broken.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id), { timeout: 15_000 })
        .toMatchObject({ status: "failed", error: expect.stringMatching(/ECONNREFUSED|connect/i) });
    } finally {
      await broken.close();
    }
  });
});
