import { deliverDueWebhooks, startWebhookReceiver, type WebhookReceiver } from "@gatehouse/server/testing";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { callProject, openProjectPage, pageScreenshots, serverHeaders, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();
let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());

/** Reads a list again with its Refresh button until `text` shows in it. */
async function refreshUntil(page: Page, region: string, text: string) {
  const box = page.getByRole("region", { name: region });
  await expect
    .poll(
      async () => {
        if ((await box.getByText(text).count()) > 0) return true;
        await box.getByRole("button", { name: "Refresh" }).click();
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
}

describe("dashboard: e-mails", () => {
  it("shows the outbox: an empty state, then each e-mail with its status and error", async () => {
    const { page, server, mail } = harness();
    const { projectId, admin, keys } = await signInWithProject(page, server, "outbox-owner", { withKeys: true });
    await openProjectPage(page, projectId, "emails", "E-mails");
    await page.getByText("No e-mails yet").waitFor();
    await pageScreenshots(page, "dashboard-emails-empty");

    const invite = (email: string) =>
      callProject(server, projectId, serverHeaders(keys!.secretKey), "POST", "/internal/send-sign-in-invitation", { email, callback_url: `${server.url}/handler/sign-in` });
    const delivered = uniqueEmail("invited");
    expect((await invite(delivered)).status).toBe(200);
    await mail.waitFor(delivered);

    // An SMTP server that is not there: the e-mail fails, and the outbox says why.
    const broken = await admin("PATCH", "/internal/projects/current", {
      config: { email_config: { type: "standard", host: "127.0.0.1", port: 1, username: "u", password: "p", sender_name: "Harbour", sender_email: "no-reply@example.com" } },
    });
    expect(broken.status).toBe(200);
    const failed = uniqueEmail("undelivered");
    expect((await invite(failed)).status).toBe(200);

    await page.getByRole("button", { name: "Refresh" }).click();
    const rows = page.getByRole("table", { name: "Sent e-mails" }).getByRole("row");
    const row = (email: string) => rows.filter({ hasText: email });
    await row(delivered).getByText("Sent", { exact: true }).waitFor();
    await expect.poll(async () => {
      await page.getByRole("button", { name: "Refresh" }).click();
      return (await row(failed).textContent()) ?? "";
    }, { timeout: 15_000 }).toMatch(/Failed|Queued/);
    const outbox = (await admin("GET", "/internal/emails")).json.items as Array<{ to: string[]; subject: string; status: string; error: string | null }>;
    const sent = outbox.find((e) => e.to.includes(delivered))!;
    expect(sent.status).toBe("sent");
    expect(await row(delivered).textContent()).toContain(sent.subject);
    const unsent = outbox.find((e) => e.to.includes(failed))!;
    if (unsent.error) await row(failed).getByText(unsent.error).waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-emails");
  }, 90_000);
});
