/**
 * The routes a scheduler calls with CRON_SECRET: one step of the outbox queue, and the digest
 * of mail that failed in the last day, told to each project's owners.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tenancyIdOf } from "../../services/emails/digest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { startMailCatcher, type MailCatcher } from "../../testing/mail-catcher";
import { createTestApp, type TestApp } from "../../testing/test-server";

const SECRET = "scheduler-secret-for-tests";
let mail: MailCatcher;
let t: TestApp;

beforeAll(async () => {
  mail = await startMailCatcher();
  // No worker: only the queue step sends.
  t = await createTestApp({ env: { ...mail.env, CRON_SECRET: SECRET, EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL: "true" } });
});
afterAll(async () => {
  await t?.close();
  await mail?.close();
});

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });

describe("the scheduler's secret", () => {
  it("is required: missing is SCHEMA_ERROR, wrong or malformed a bare 401", async () => {
    for (const [method, path] of [
      ["GET", "/internal/email-queue-step"],
      ["POST", "/internal/failed-emails-digest"],
    ] as const) {
      expect((await callUntyped(t, method, path)).json.code).toBe("SCHEMA_ERROR");
      for (const authorization of ["Bearer wrong", "InvalidFormat", SECRET, `Bearer ${SECRET}x`]) {
        const res = await callUntyped(t, method, path, { headers: { authorization } });
        expect([res.status, res.text], authorization).toEqual([401, "Unauthorized"]);
      }
    }
  });

  it("refuses every call when CRON_SECRET is not set", async () => {
    const unset = await createTestApp();
    try {
      const res = await callUntyped(unset, "GET", "/internal/email-queue-step", { headers: bearer("") });
      expect(res.status).toBe(401);
    } finally {
      await unset.close();
    }
  });
});

describe("GET /internal/email-queue-step", () => {
  it("sends the due mail of every project", async () => {
    const p = await createProjectFixture(t);
    const sent = await call(t, "POST", "/emails/send-email", { creds: p.server, body: { user_ids: [p.user.userId], subject: "Stepped", html: "<p>x</p>" } });
    expect(sent.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mail.messages.some((m) => m.subject === "Stepped")).toBe(false);
    const step = await callUntyped(t, "GET", "/internal/email-queue-step?only_one_step=true", { headers: bearer(SECRET) });
    expect(step.json).toEqual({ ok: true });
    await mail.waitFor(p.user.email, (m) => m.subject === "Stepped");
  });
});

describe("POST /internal/failed-emails-digest", () => {
  let p: ProjectFixture;
  beforeAll(async () => {
    const broken = { type: "standard", host: "no-such-host.invalid", port: 25, username: "u", password: "p", sender_name: "B", sender_email: "b@acme.example" };
    p = await createProjectFixture(t, { config: { email_config: broken } });
    await call(t, "POST", "/emails/send-email", { creds: p.server, body: { user_ids: [p.user.userId], subject: "Lost", html: "<p>x</p>" } });
    await callUntyped(t, "GET", "/internal/email-queue-step", { headers: bearer(SECRET) });
  });

  const ours = (body: { failed_emails_by_tenancy: Array<{ project_id: string }> }) => body.failed_emails_by_tenancy.filter((b) => b.project_id === p.projectId);

  it("lists each project's failed mail and its owners; a dry run tells nobody", async () => {
    const res = await callUntyped(t, "POST", "/internal/failed-emails-digest?dry_run=true", { headers: bearer(SECRET) });
    expect(res.status).toBe(200);
    expect(res.json.success).toBe(true);
    expect(ours(res.json)).toEqual([
      { emails: [{ subject: "Lost", to: [`User ID: ${p.user.userId}`] }], tenant_owner_emails: [p.owner.email.toLowerCase()], project_id: p.projectId, tenancy_id: tenancyIdOf(p.projectId, "main") },
    ]);
    expect(mail.messages.some((m) => m.to.includes(p.owner.email.toLowerCase()))).toBe(false);
  });

  it("mails each owner the digest otherwise, through the shared server", async () => {
    const res = await callUntyped(t, "POST", "/internal/failed-emails-digest", { headers: bearer(SECRET) });
    expect(res.json.success).toBe(true);
    await callUntyped(t, "GET", "/internal/email-queue-step", { headers: bearer(SECRET) });
    const digest = await mail.waitFor(p.owner.email, (m) => /delivery problems/i.test(m.subject));
    expect(digest.text).toContain("Lost");
  });

  it("leaves out projects whose mail went through", async () => {
    const fine = await createProjectFixture(t);
    await call(t, "POST", "/emails/send-email", { creds: fine.server, body: { user_ids: [fine.user.userId], subject: "Fine", html: "<p>x</p>" } });
    await callUntyped(t, "GET", "/internal/email-queue-step", { headers: bearer(SECRET) });
    const res = await callUntyped(t, "POST", "/internal/failed-emails-digest?dry_run=true", { headers: bearer(SECRET) });
    expect(res.json.failed_emails_by_tenancy.some((b: { project_id: string }) => b.project_id === fine.projectId)).toBe(false);
  });
});
