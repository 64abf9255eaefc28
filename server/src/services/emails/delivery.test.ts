import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { deliverEmail } from "./delivery";
import { listOutboxMessages } from "./outbox";

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
    await expect.poll(async () => (await listOutboxMessages(withSmtp.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id)?.status).toBe("sent");
  });

  it("keeps the message in the outbox when no SMTP server is configured", async () => {
    const tenancy = await withoutSmtp.deps.tenancies.load("internal");
    const id = await deliverEmail(withoutSmtp.deps, tenancy, { to: "bob@example.com", subject: "Kept", text: "x", purpose: "test" });
    const stored = (await listOutboxMessages(withoutSmtp.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id);
    expect(stored).toMatchObject({ status: "not_sent", to: "bob@example.com", subject: "Kept" });
  });

  it("retries a failed delivery with back-off through the outbox workers, then records it failed with its error", async () => {
    const broken = await createTestApp({
      env: { STACK_EMAIL_HOST: "127.0.0.1", STACK_EMAIL_PORT: "1", EMAIL_SEND_WAIT_MS: "5000", EMAIL_RETRY_BASE_MS: "50", EMAIL_MAX_ATTEMPTS: "3" },
      emailWorker: true,
    });
    try {
      const tenancy = await broken.deps.tenancies.load("internal");
      const id = await deliverEmail(broken.deps, tenancy, { to: "eve@example.com", subject: "Fails", text: "x", purpose: "test" });
      await expect
        .poll(async () => (await listOutboxMessages(broken.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id), { timeout: 15_000 })
        .toMatchObject({ status: "failed", attempts: 3, error: expect.stringMatching(/Gave up after 3 attempts: .*(ECONNREFUSED|connect)/i) });
      const stored = (await listOutboxMessages(broken.deps, tenancy, { limit: 10 })).emails.find((e) => e.id === id)!;
      expect(stored.attemptErrors.map((a) => a.attempt)).toEqual([1, 2, 3]);
    } finally {
      await broken.close();
    }
  });
});
