/**
 * Sending mail through the published SDKs (2.8.108 and 2.8.102), from a project with its own
 * SMTP server: the server app's `sendEmail` queues html for users (marketing mail skips a user who turned marketing off
 * with the client SDK's notification categories), the mail arrives at a real SMTP catcher,
 * `getEmailDeliveryStats()` counts it, `activateEmailCapacityBoost()` boosts, and the admin
 * app reads the outbox and cancels a scheduled message.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createProjectFixture,
  startMailCatcher,
  startServer,
  uniqueEmail,
  type MailCatcher,
  type ProjectFixture,
  type TestServer,
} from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;
let mail: MailCatcher;

beforeAll(async () => {
  mail = await startMailCatcher();
  server = await startServer({ env: { ...mail.env, EMAIL_POLL_MS: "200" }, emailWorker: true });
});
afterAll(async () => {
  await server?.close();
  await mail?.close();
});

describe.each(STACK_SDKS)("@stackframe/js $version sendEmail", ({ sdk }) => {
  let project: ProjectFixture;

  beforeAll(async () => {
    // The project's own SMTP server (the same catcher): a project's own mail does not go through the shared one.
    const own = { type: "standard", host: mail.host, port: mail.port, username: "u", password: "p", sender_name: "SDK", sender_email: "sdk@acme.example" };
    project = await createProjectFixture(server, { config: { allow_localhost: true, email_config: own } });
  });

  async function signUp(label: string) {
    const app = new sdk.StackClientApp(sdkAppOptions(server, project));
    const email = uniqueEmail(label);
    await app.signUpWithCredential({ email, password: "correct horse battery", noVerificationCallback: true });
    return { app, email, user: await app.getUser({ or: "throw" }) };
  }

  it("sends html to users, honouring a user's opt-out of the category", async () => {
    const reader = await signUp("sdk-reader");
    const leaver = await signUp("sdk-leaver");
    const categories = await leaver.user.listNotificationCategories();
    await categories.find((c) => c.name === "Marketing")!.setEnabled(false);

    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    await serverApp.sendEmail({
      userIds: [reader.user.id, leaver.user.id],
      subject: "SDK news",
      html: "<p>Sent through the SDK</p>",
      notificationCategoryName: "Marketing",
    });
    const caught = await mail.waitFor(reader.email, (m) => m.subject === "SDK news");
    expect(caught.text).toContain("Sent through the SDK");
    expect(caught.raw).toMatch(/^List-Unsubscribe:/im);
    // Transactional mail still reaches the one who left marketing.
    await serverApp.sendEmail({ userIds: [leaver.user.id], subject: "SDK receipt", html: "<p>Receipt</p>" });
    await mail.waitFor(leaver.email, (m) => m.subject === "SDK receipt");
    expect(mail.messages.some((m) => m.to.includes(leaver.email.toLowerCase()) && m.subject === "SDK news")).toBe(false);

    await expect.poll(async () => (await serverApp.getEmailDeliveryStats()).stats.hour.sent).toBeGreaterThanOrEqual(2);
    const info = await serverApp.getEmailDeliveryStats();
    expect(info.capacity).toMatchObject({ boost_multiplier: 1, is_boost_active: false });
    await serverApp.activateEmailCapacityBoost();
    expect((await serverApp.getEmailDeliveryStats()).capacity).toMatchObject({ boost_multiplier: 4, is_boost_active: true });
  });

  it("lets the admin app read the outbox and cancel a scheduled message", async () => {
    const reader = await signUp("sdk-later");
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey });
    await serverApp.sendEmail({ userIds: [reader.user.id], subject: "Much later", html: "<p>later</p>", scheduledAt: new Date(Date.now() + 3_600_000) });

    const adminApp = new sdk.StackAdminApp({ ...sdkAppOptions(server, project), secretServerKey: project.keys.secretKey, superSecretAdminKey: project.keys.adminKey });
    const { items } = await adminApp.listOutboxEmails();
    const scheduled = items.find((e) => e.to.type === "user-primary-email" && e.to.userId === reader.user.id)!;
    // Not rendered until its time comes: the SDK calls that "preparing".
    expect(scheduled).toMatchObject({ status: "preparing", simpleStatus: "in-progress", scheduledAt: expect.any(Date) });
    const cancelled = await adminApp.cancelOutboxEmail(scheduled.id);
    expect(cancelled).toMatchObject({ status: "skipped", skippedReason: "MANUALLY_CANCELLED" });
    // Every message the SDK reads parses, whatever its status (the SDK throws on one it does not know).
    const all = await adminApp.listOutboxEmails();
    expect(all.items.map((e) => e.status)).toEqual(expect.arrayContaining(["sent", "skipped"]));
  });
});
