import type { TestServer } from "../harness";
import { describe, expect, it } from "vitest";
import { callInternal, screenshots, useBrowserHarness } from "./support/browser-harness";
import { signedInOnSettings } from "./support/account-settings";

const harness = useBrowserHarness();

async function enabledOf(server: TestServer, userId: string, category: string): Promise<boolean> {
  const response = await callInternal(server, "server", "GET", `/emails/notification-preference/${userId}`);
  expect(response.status).toBe(200);
  const preference = (response.json.items as Array<{ notification_category_name: string; enabled: boolean }>).find((item) => item.notification_category_name === category);
  expect(preference).toBeDefined();
  return preference!.enabled;
}

describe("account settings: notifications", () => {
  it("turns a kind of e-mail off and on again; transactional mail stays on", async () => {
    const { page, server } = harness();
    const { userId } = await signedInOnSettings(page, server, "notifications", "notifications");
    const section = page.getByRole("region", { name: "Notifications" });
    const marketing = section.getByRole("switch", { name: "Marketing" });
    const transactional = section.getByRole("switch", { name: "Transactional" });
    await marketing.waitFor();
    expect(await marketing.isChecked()).toBe(true);
    expect(await transactional.isChecked()).toBe(true);
    expect(await transactional.isDisabled()).toBe(true);
    await section.getByText("Always on: your account depends on these e-mails", { exact: false }).waitFor();
    await screenshots(page, "account-notifications");

    await marketing.click();
    await page.getByText("You will no longer receive Marketing e-mails.").waitFor();
    expect(await marketing.isChecked()).toBe(false);
    expect(await enabledOf(server, userId, "Marketing")).toBe(false);
    expect(await enabledOf(server, userId, "Transactional")).toBe(true);

    // Read back from the server on a fresh load.
    await page.reload();
    await marketing.waitFor();
    expect(await marketing.isChecked()).toBe(false);
    await marketing.focus();
    await page.keyboard.press("Space");
    await page.getByText("You will receive Marketing e-mails.").waitFor();
    expect(await enabledOf(server, userId, "Marketing")).toBe(true);
  }, 60_000);

  it("shows the server's refusal when a switch it does not allow is changed, and keeps what the server has", async () => {
    const { page, server } = harness();
    // A page whose list says transactional mail could be turned off: the server still decides.
    await page.route("**/api/v1/emails/notification-preference/me", async (route) => {
      const response = await route.fetch();
      const body = await response.json();
      for (const item of body.items) item.can_disable = true;
      await route.fulfill({ response, json: body });
    });
    const { userId } = await signedInOnSettings(page, server, "notifications-refused", "notifications");
    const section = page.getByRole("region", { name: "Notifications" });
    const transactional = section.getByRole("switch", { name: "Transactional" });
    await transactional.waitFor();
    await transactional.click();
    const refusal = section.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("Transactional e-mail (sign-in codes, verification, password resets) cannot be turned off.");
    expect(await transactional.isChecked()).toBe(true);
    expect(await enabledOf(server, userId, "Transactional")).toBe(true);
    await screenshots(page, "account-notifications-refused");
  }, 60_000);

  it("says when there is nothing to choose", async () => {
    const { page, server } = harness();
    await page.route("**/api/v1/emails/notification-preference/me", (route) => route.fulfill({ json: { items: [], is_paginated: false } }));
    await signedInOnSettings(page, server, "notifications-empty", "notifications");
    await page.getByRole("region", { name: "Notifications" }).getByText("Nothing to choose here").waitFor();
    await screenshots(page, "account-notifications-empty");
  }, 60_000);
});
