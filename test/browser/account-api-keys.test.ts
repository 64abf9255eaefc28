import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSettings, settled, signInNewUser, withProjectConfig } from "./support/account-settings";
import { callInternal, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

const checkKey = async (apiKey: string) => callInternal(harness().server, "server", "POST", "/user-api-keys/check", { api_key: apiKey });
const keysOf = async (userId: string) => (await callInternal(harness().server, "server", "GET", `/user-api-keys?user_id=${userId}`)).json.items as any[];
const keyCard = (page: Page, description: string) => page.getByRole("listitem", { name: description });

describe("account settings: API keys", () => {
  it("creates a key shown once, which works until it is revoked in the page", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { allow_user_api_keys: true }, async () => {
      const { userId } = await signInNewUser(page, server, "keys");
      await openSettings(page, "api-keys");
      await page.getByText("You have no API keys").waitFor();
      await screenshots(page, "account-api-keys-empty");

      await page.getByRole("button", { name: "Create API key" }).click();
      const form = page.getByRole("dialog", { name: "Create an API key" });
      await form.getByLabel("Description").fill("Deploy script");
      await form.getByLabel("Expires").selectOption({ label: "In 30 days" });
      await form.getByRole("button", { name: "Create key" }).click();

      const shown = page.getByRole("dialog", { name: "Your new API key" });
      await shown.getByText("This is the only time the whole key is shown.", { exact: false }).waitFor();
      const value = (await shown.getByTestId("new-api-key-value").textContent())!.trim();
      expect(value).toMatch(/^sk_/);
      await form.waitFor({ state: "detached" });
      await settled(page);
      await screenshots(page, "account-api-keys-created");

      const valid = await checkKey(value);
      expect(valid.status).toBe(200);
      expect(valid.json.user_id).toBe(userId);
      const [stored] = await keysOf(userId);
      expect(stored.description).toBe("Deploy script");
      expect(stored.expires_at_millis - Date.now()).toBeGreaterThan(29 * 24 * 3600_000);
      expect(stored.expires_at_millis - Date.now()).toBeLessThanOrEqual(30 * 24 * 3600_000);

      await shown.getByRole("button", { name: "Done" }).click();
      await shown.waitFor({ state: "detached" });
      // Closing forgets the value: the page shows the last four characters only.
      expect(await page.content()).not.toContain(value);
      const card = keyCard(page, "Deploy script");
      expect(await card.getByTestId("api-key-status").textContent()).toBe("Active");
      expect(await card.textContent()).toContain(value.slice(-4));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Create API key");

      await card.getByRole("button", { name: "Revoke the key Deploy script" }).click();
      const confirm = page.getByRole("dialog", { name: "Revoke this key?" });
      await confirm.getByRole("button", { name: "Revoke key" }).click();
      await confirm.waitFor({ state: "detached" });
      await expect.poll(() => card.getByTestId("api-key-status").textContent()).toBe("Revoked");
      const refused = await checkKey(value);
      expect(refused.status).toBe(401);
      expect(refused.json.code).toBe("API_KEY_REVOKED");
      expect((await keysOf(userId))[0].manually_revoked_at_millis).toBeTypeOf("number");
      expect(await card.getByRole("button", { name: /Revoke/ }).count()).toBe(0);
      await settled(page);
      await screenshots(page, "account-api-keys");
    });
  }, 120_000);

  it("asks for a description before sending, and shows the server's refusal", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { allow_user_api_keys: true }, async () => {
      const { userId } = await signInNewUser(page, server, "keys-refused");
      await openSettings(page, "api-keys");
      await page.getByRole("button", { name: "Create API key" }).click();
      const form = page.getByRole("dialog", { name: "Create an API key" });
      await form.getByRole("button", { name: "Create key" }).click();
      await form.getByText("Describe what the key is for, so that you can recognise it later.").waitFor();
      expect(await form.getByLabel("Description").evaluate((input) => input === document.activeElement)).toBe(true);
      expect(await keysOf(userId)).toEqual([]);
      await settled(page);
      await screenshots(page, "account-api-keys-invalid");

      await form.getByLabel("Description").fill("Nightly backup");
      await withProjectConfig(server, { allow_user_api_keys: false }, async () => {
        await form.getByRole("button", { name: "Create key" }).click();
        const alert = form.getByRole("alert");
        await alert.waitFor();
        // Stack Auth answers this with a bare sentence, no code, and the page shows the server's.
        expect(await alert.textContent()).toMatch(/^User API keys are turned off for this project/);
      });
      expect(await keysOf(userId)).toEqual([]);
    });
  }, 90_000);
});
