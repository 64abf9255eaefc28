/**
 * The dashboard's E-mails page sends mail: an admin picks users by searching, writes HTML (or
 * picks a draft), sends, and the message reaches the test SMTP server and shows as sent; a
 * scheduled message shows its time and can be cancelled from its row.
 */
import { describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { callProject, openProjectPage, pageScreenshots, serverHeaders, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

describe("dashboard: sending e-mail", () => {
  it("sends html to a chosen user, shows it sent, and cancels a scheduled one", async () => {
    const { page, server, mail } = harness();
    const { projectId, admin, keys } = await signInWithProject(page, server, "sender", { withKeys: true });
    const reader = uniqueEmail("reader");
    const later = uniqueEmail("later");
    const made = await admin("POST", "/users", { primary_email: reader, display_name: "Ada Reader" });
    expect(made.status).toBe(201);
    const laterUser = await admin("POST", "/users", { primary_email: later });
    const draft = await admin("POST", "/internal/email-drafts", { display_name: "Spring news" });
    expect(draft.status).toBe(200);

    // A message scheduled for tomorrow, to be cancelled from the page.
    const scheduled = await callProject(server, projectId, serverHeaders(keys!.secretKey), "POST", "/emails/send-email", {
      user_ids: [laterUser.json.id],
      subject: "Tomorrow's news",
      html: "<p>Later</p>",
      scheduled_at_millis: Date.now() + 24 * 3600 * 1000,
    });
    expect(scheduled.status).toBe(200);

    await openProjectPage(page, projectId, "emails", "E-mails");
    await page.getByRole("button", { name: "Send an e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Send an e-mail" });
    await dialog.getByLabel("Users", { exact: true }).fill("reader");
    await page.getByRole("option", { name: new RegExp(reader) }).click();
    // Leave the picker (its list covers the fields below it), then pick HTML.
    await page.keyboard.press("Tab");
    await dialog.getByText("HTML", { exact: true }).click();
    await dialog.getByLabel("HTML body", { exact: true }).fill("<h1>Hello from the dashboard</h1><p>Welcome aboard.</p>");
    await dialog.getByLabel("Subject", { exact: true }).fill("Dashboard hello");
    await settled(page);
    await pageScreenshots(page, "dashboard-email-send-dialog");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await page.getByText("1 e-mail queued.").waitFor();
    await dialog.waitFor({ state: "hidden" });

    const caught = await mail.waitFor(reader, (m) => m.subject === "Dashboard hello");
    expect(caught.text).toMatch(/Hello from the dashboard/i);

    const rows = page.getByRole("table", { name: "Sent e-mails" }).getByRole("row");
    const row = (email: string) => rows.filter({ hasText: email });
    await expect
      .poll(
        async () => {
          await page.getByRole("button", { name: "Refresh" }).click();
          return (await row(reader).textContent()) ?? "";
        },
        { timeout: 15_000 },
      )
      .toContain("Sent");
    await row(later).getByText("Scheduled", { exact: true }).waitFor();
    expect(await row(later).textContent()).toMatch(/in 2[34] hours|tomorrow/);
    await settled(page);
    await pageScreenshots(page, "dashboard-email-outbox");

    await row(later).getByRole("button", { name: "Cancel e-mail" }).click();
    await page.getByText("The e-mail is cancelled.").waitFor();
    await row(later).getByText("Skipped", { exact: true }).waitFor();
    const outbox = (await admin("GET", "/emails/log")).json.items as Array<{ to: string[]; status: string }>;
    expect(outbox.find((e) => e.to.includes(later))?.status).toBe("skipped");
    expect(outbox.find((e) => e.to.includes(reader))?.status).toBe("sent");
    expect(mail.messages.some((m) => m.to.includes(later))).toBe(false);
  }, 120_000);

  it("sends a Marketing draft in its own category: the unsubscribe link and header go with it, and an opted-out user gets nothing", async () => {
    const { page, server, mail } = harness();
    const { projectId, admin, keys } = await signInWithProject(page, server, "marketer", { withKeys: true });
    const reader = uniqueEmail("subscribed");
    const optedOut = await admin("POST", "/users", { primary_email: uniqueEmail("opted-out"), display_name: "Otto Out" });
    await admin("POST", "/users", { primary_email: reader, display_name: "Sue Scribe" });
    const marketing = (await admin("GET", `/emails/notification-preference/${optedOut.json.id}`)).json.items.find((c: { notification_category_name: string }) => c.notification_category_name === "Marketing");
    const off = await callProject(server, projectId, serverHeaders(keys!.secretKey), "PATCH", `/emails/notification-preference/${optedOut.json.id}/${marketing.notification_category_id}`, { enabled: false });
    expect(off.status).toBe(200);
    // A new draft starts from a source that declares <NotificationCategory value="Marketing" />.
    const draft = await admin("POST", "/internal/email-drafts", { display_name: "Autumn offers" });
    expect(draft.status).toBe(200);

    await openProjectPage(page, projectId, "emails", "E-mails");
    await page.getByRole("button", { name: "Send an e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Send an e-mail" });
    await dialog.getByText("All users", { exact: true }).click();
    await dialog.getByPlaceholder("Choose a draft").click();
    await page.getByRole("option", { name: "Autumn offers" }).click();
    await expect.poll(() => dialog.getByTestId("draft-category").textContent()).toBe("Marketing");
    await settled(page);
    await pageScreenshots(page, "dashboard-email-send-draft");
    await dialog.getByRole("button", { name: "Send", exact: true }).click();
    await dialog.waitFor({ state: "hidden" });

    const caught = await mail.waitFor(reader);
    // Folded as SMTP headers may be: the value can start on the next line.
    expect(caught.raw).toMatch(/^List-Unsubscribe:\s+<[^>]*\/emails\/unsubscribe-link\?code=/m);
    expect(caught.text).toMatch(/\/emails\/unsubscribe-link\?code=/);
    await expect
      .poll(async () => ((await admin("GET", "/emails/log")).json.items as Array<{ to: string[]; status: string }>).find((e) => e.to.includes(optedOut.json.primary_email))?.status)
      .toBe("skipped");
    expect(mail.messages.some((m) => m.to.includes(optedOut.json.primary_email))).toBe(false);
  }, 120_000);
});
