import { deliverWebhooksNow, startWebhookReceiver, type WebhookReceiver } from "../harness";
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
    const outbox = (await admin("GET", "/emails/log")).json.items as Array<{ to: string[]; subject: string; status: string; error: string | null }>;
    const sent = outbox.find((e) => e.to.includes(delivered))!;
    expect(sent.status).toBe("sent");
    expect(await row(delivered).textContent()).toContain(sent.subject);
    const unsent = outbox.find((e) => e.to.includes(failed))!;
    if (unsent.error) await row(failed).getByText(unsent.error).waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-emails");
  }, 90_000);
});

describe("dashboard: webhooks", () => {
  it("adds an endpoint whose secret is shown once, sends it a test event, logs real deliveries with each try, rotates the secret and deletes it", async () => {
    const { page, server } = harness();
    const { projectId, admin, keys } = await signInWithProject(page, server, "hooks-owner", { withKeys: true });
    receiver.received.length = 0;
    receiver.answer = () => 200;
    // A new project allows localhost, so that its webhooks may go to this machine's receiver.
    expect((await admin("GET", "/internal/projects/current")).json.config.allow_localhost).toBe(true);
    await openProjectPage(page, projectId, "webhooks", "Webhooks");
    await page.getByText("No endpoints yet").waitFor();
    await page.getByText("No deliveries yet").waitFor();
    await pageScreenshots(page, "dashboard-webhooks-empty");

    await page.getByRole("button", { name: "Add endpoint" }).click();
    const form = page.getByRole("dialog", { name: "Add an endpoint" });
    await form.getByLabel("URL").fill("ftp://example.com/hooks");
    await form.getByRole("button", { name: "Add endpoint" }).click();
    await form.getByText("Enter a whole http or https address").waitFor();
    await form.getByLabel("URL").fill(receiver.url);
    await form.getByLabel("Description").fill("Harbour receiver");
    await form.getByRole("button", { name: "Add endpoint" }).click();

    const shown = page.getByRole("dialog", { name: "The endpoint's signing secret" });
    const secret = (await shown.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await settled(page);
    await pageScreenshots(page, "dashboard-webhooks-secret");
    await shown.getByRole("button", { name: "Done" }).click();
    const endpoints = (await admin("GET", "/internal/webhooks/endpoints")).json.items as Array<{ id: string; url: string; description: string; enabled: boolean; events: string[] }>;
    expect(endpoints).toEqual([expect.objectContaining({ url: receiver.url, description: "Harbour receiver", enabled: true, events: [] })]);
    const endpointId = endpoints[0]!.id;

    // A test event arrives, signed with the secret the dialog showed.
    const card = page.getByRole("listitem", { name: "Harbour receiver" });
    await card.getByRole("button", { name: "Send test event" }).click();
    await card.getByText("The endpoint took the test event (HTTP 200).").waitFor();
    expect(receiver.processed(secret)).toEqual([expect.objectContaining({ type: "webhook.test", data: { endpoint_id: endpointId, project_id: projectId } })]);

    // Real events go through the outbox, and the log shows each one with its tries.
    const created = await callProject(server, projectId, serverHeaders(keys!.secretKey), "POST", "/users", { primary_email: uniqueEmail("hooked"), primary_email_auth_enabled: true });
    expect(created.status).toBe(201);
    await deliverWebhooksNow(server, { timeoutMs: 2_000, retryDelaysMs: [0] });
    expect(receiver.processed(secret).map((event) => event.type)).toEqual(["webhook.test", "user.created"]);
    await refreshUntil(page, "Delivery log", "user.created");
    const log = page.getByRole("region", { name: "Delivery log" });
    const delivery = log.getByRole("button", { name: "user.created, Delivered" });
    await delivery.click();
    await log.getByRole("table", { name: "Tries" }).getByText("HTTP 200").waitFor();

    // A refusing endpoint: the try, its answer and the retry to come are in the log.
    receiver.answer = () => 500;
    await callProject(server, projectId, serverHeaders(keys!.secretKey), "PATCH", `/users/${created.json.id}`, { display_name: "Renamed" });
    await deliverWebhooksNow(server, { timeoutMs: 2_000, retryDelaysMs: [60_000] });
    await refreshUntil(page, "Delivery log", "user.updated");
    await log.getByRole("button", { name: "user.updated, Pending" }).click();
    await log.getByRole("table", { name: "Tries" }).last().getByText("HTTP 500").waitFor();
    const logged = (await admin("GET", `/internal/webhooks/deliveries?endpoint_id=${endpointId}`)).json.items as Array<{ event_type: string; status: string; tries: unknown[] }>;
    expect(logged.map((d) => [d.event_type, d.status, d.tries.length])).toEqual([
      ["user.updated", "pending", 1],
      ["user.created", "delivered", 1],
    ]);
    await settled(page);
    await pageScreenshots(page, "dashboard-webhooks");

    // The endpoint's own log is a link of its own.
    await card.getByRole("link", { name: "Deliveries" }).click();
    await page.waitForURL(new RegExp(`/webhooks\\?endpoint=${endpointId}#deliveries$`));
    await log.getByRole("button", { name: "user.updated, Pending" }).waitFor();

    // A new secret: the old one stops signing.
    receiver.answer = () => 200;
    await card.getByRole("button", { name: "Rotate secret" }).click();
    await page.getByRole("dialog", { name: "Give the endpoint a new secret?" }).getByRole("button", { name: "Rotate secret" }).click();
    const rotated = (await shown.getByTestId("webhook-secret").textContent())!.trim();
    expect(rotated).not.toBe(secret);
    await shown.getByRole("button", { name: "Done" }).click();
    const before = receiver.received.length;
    await card.getByRole("button", { name: "Send test event" }).click();
    await receiver.waitForCount(before + 1);
    expect(new Set(receiver.processed(rotated).map((event) => event.webhookId)).has(receiver.received.at(-1)!.webhookId)).toBe(true);

    // Once the project no longer allows localhost, the server refuses to call this machine, and says so.
    expect((await admin("PATCH", "/internal/projects/current", { config: { allow_localhost: false } })).status).toBe(200);
    await card.getByRole("button", { name: "Send test event" }).click();
    const refusal = card.getByRole("alert");
    await refusal.getByText("The endpoint did not take the test event").waitFor();
    const direct = (await admin("POST", "/internal/send-test-webhook", { endpoint_id: endpointId })).json;
    expect(direct.success).toBe(false);
    expect(await refusal.textContent()).toContain(direct.error_message);

    await card.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Delete this endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
    await page.getByText("No endpoints yet").waitFor();
    expect((await admin("GET", "/internal/webhooks/endpoints")).json.items).toEqual([]);
  }, 120_000);
});
