import type { TestServer } from "../harness";
import { afterEach, describe, expect, it } from "vitest";
import { callInternal, screenshots, useBrowserHarness } from "./support/browser-harness";
import { settled, signedInOnSettings } from "./support/account-settings";

const harness = useBrowserHarness();

async function allowDeletion(server: TestServer, allowed: boolean) {
  const response = await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { client_user_deletion_enabled: allowed } });
  expect(response.status).toBe(200);
  expect(response.json.config.client_user_deletion_enabled).toBe(allowed);
}

describe("account settings: delete account", () => {
  afterEach(async () => {
    await allowDeletion(harness().server, false);
  });

  it("deletes the account once the e-mail address is typed, then goes home signed out", async () => {
    const { page, server } = harness();
    await allowDeletion(server, true);
    const { email, userId } = await signedInOnSettings(page, server, "delete", "delete-account");
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByText("This cannot be undone").waitFor();
    await screenshots(page, "account-delete");

    await section.getByRole("button", { name: "Delete my account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const field = dialog.getByLabel("To confirm, type your e-mail address");
    const confirm = dialog.getByRole("button", { name: "Delete account" });
    await field.waitFor();
    expect(await page.evaluate(`document.activeElement?.tagName`)).toBe("INPUT");
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill("someone-else@example.com");
    expect(await confirm.isDisabled()).toBe(true);
    await field.fill(email);
    expect(await confirm.isDisabled()).toBe(false);
    await settled(page);
    await screenshots(page, "account-delete-confirm");

    await confirm.click();
    await page.waitForURL(`${server.url}/`);
    await page.getByText("Your account is deleted.").waitFor();
    await page.getByText("You are not signed in.").waitFor();
    // Still home a moment later: the settings page did not send the browser to sign in.
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe("/");
    await screenshots(page, "account-delete-done");
    const user = await callInternal(server, "server", "GET", `/users/${userId}`);
    expect(user.status).toBe(404);
    expect(user.json.code).toBe("USER_NOT_FOUND");
    expect(await page.evaluate<string[]>(`Object.keys(localStorage).filter((key) => key.startsWith("gatehouse:internal:"))`)).toEqual([]);
  }, 60_000);

  it("shows the server's refusal when the project stopped allowing deletion meanwhile", async () => {
    const { page, server } = harness();
    await allowDeletion(server, true);
    const { email, userId } = await signedInOnSettings(page, server, "delete-refused", "delete-account");
    const section = page.getByRole("region", { name: "Delete account" });
    await section.getByRole("button", { name: "Delete my account" }).click();
    await allowDeletion(server, false);

    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("To confirm, type your e-mail address").fill(email);
    await dialog.getByRole("button", { name: "Delete account" }).click();
    const refusal = dialog.getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe("This project does not let users delete their own accounts (client_user_deletion_enabled is off).");
    expect((await callInternal(server, "server", "GET", `/users/${userId}`)).status).toBe(200);
    await screenshots(page, "account-delete-refused");
  }, 60_000);

  it("asks for the word delete from an account without an e-mail address", async () => {
    const { page, server } = harness();
    await allowDeletion(server, true);
    const { userId } = await signedInOnSettings(page, server, "delete-no-email", "delete-account");
    const channels = await callInternal(server, "server", "GET", `/contact-channels?user_id=${userId}`);
    expect((await callInternal(server, "server", "DELETE", `/contact-channels/${userId}/${channels.json.items[0].id}`)).status).toBe(200);
    await page.reload();
    const open = page.getByRole("region", { name: "Delete account" }).getByRole("button", { name: "Delete my account" });
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    await dialog.getByLabel("To confirm, type delete").fill("DELETE");
    expect(await dialog.getByRole("button", { name: "Delete account" }).isDisabled()).toBe(false);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.waitForFunction(`document.activeElement?.textContent === "Delete my account"`);
    expect((await callInternal(server, "server", "GET", `/users/${userId}`)).status).toBe(200);
  }, 60_000);

  it("is not offered when the project does not allow it", async () => {
    const { page, server } = harness();
    await signedInOnSettings(page, server, "delete-off", "delete-account");
    // The fragment names a section that is not there: the first one opens instead.
    await page.getByRole("region", { name: "Profile" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Account settings sections" }).getByRole("link", { name: "Delete account" }).count()).toBe(0);
    expect(await page.getByRole("navigation", { name: "Account settings sections" }).getByRole("link", { name: "Profile" }).count()).toBe(1);
    expect(await page.getByRole("region", { name: "Delete account" }).count()).toBe(0);
  }, 60_000);
});
