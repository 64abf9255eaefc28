/**
 * Account settings in the visitor's language: a browser that prefers French (or Japanese) gets
 * the page in it (headings, buttons, and dates written that language's way, from
 * Intl.DateTimeFormat with the page's locale), and the language picker in the page's footer
 * turns it German at once, without a reload.
 */
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInNewUser, withProjectConfig } from "./support/account-settings";
import { DESKTOP, PHONE, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

/**
 * A user signed in through the (English) sign-in page, then the same browser state in a new
 * context whose browser prefers `locale` (navigator.languages), on the sessions section.
 * Sign-up's own session is listed beside the page's, named with the date it began.
 */
async function inBrowserLanguage(locale: string, run: (page: Page) => Promise<void>) {
  const { page, server, context } = harness();
  await signInNewUser(page, server, `languages-${locale}`);
  const storageState = await context.storageState();
  let localised: BrowserContext | undefined;
  const errors: string[] = [];
  try {
    localised = await context.browser()!.newContext({ baseURL: server.url, viewport: DESKTOP, locale, storageState });
    const localisedPage = await localised.newPage();
    localisedPage.setDefaultTimeout(15_000);
    localisedPage.on("pageerror", (error) => errors.push(error.message));
    await localisedPage.goto("/handler/account-settings#sessions");
    await run(localisedPage);
  } finally {
    await localised?.close();
  }
  expect(errors, "uncaught errors in the page").toEqual([]);
}

/** The accessible names of the sessions' list items. */
async function sessionNames(page: Page, listName: string): Promise<string[]> {
  const list = page.getByRole("list", { name: listName });
  await list.getByRole("listitem").nth(1).waitFor();
  return Promise.all((await list.getByRole("listitem").all()).map(async (item) => (await item.getAttribute("aria-label")) ?? ""));
}

/**
 * At phone width, no button's label is cut off and nothing is wider than the screen: German's
 * long words must wrap or fit. Checked in every section the user has.
 */
async function expectNothingClippedAtPhoneWidth(page: Page, sections: string[]) {
  await page.setViewportSize(PHONE);
  try {
    for (const section of sections) {
      await page.goto(`/handler/account-settings#${section}`);
      // The section picker (a select at this width) shows it, and its content has loaded.
      await page.waitForFunction((id) => document.querySelector("select")?.value === id, section);
      await page.locator("section h2").waitFor();
      await page.locator("section .mantine-Loader").waitFor({ state: "detached" });
      const clipped = await page.evaluate(() =>
        [...document.querySelectorAll<HTMLElement>(".mantine-Button-label, h1, h2, h3, h4")]
          .filter((element) => element.scrollWidth > element.clientWidth + 1)
          .map((element) => element.textContent),
      );
      expect({ section, clipped }).toEqual({ section, clipped: [] });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    }
  } finally {
    await page.setViewportSize(DESKTOP);
  }
}

// Non-breaking and narrow spaces (which Intl puts in some dates) read as plain spaces.
const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");

describe("account settings in the browser's language", () => {
  it("is French for a French browser, dates included, and German once the picker says Deutsch", async () => {
    await inBrowserLanguage("fr-FR", async (page) => {
      await page.getByRole("heading", { level: 1, name: "Paramètres du compte" }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("fr");
      const nav = page.getByRole("navigation", { name: "Rubriques des paramètres du compte" });
      await nav.getByRole("link", { name: "Adresses e-mail" }).waitFor();
      await nav.getByRole("link", { name: "Équipes" }).waitFor();
      const section = page.getByRole("region", { name: "Sessions" });
      await section.getByRole("heading", { level: 2, name: "Sessions" }).waitFor();
      await section.getByRole("button", { name: "Déconnecter les autres sessions" }).waitFor();
      await section.getByText("Cet appareil", { exact: true }).waitFor();
      expect(plain((await section.getByRole("listitem").first().textContent()) ?? "")).toContain("dernière utilisation à l'instant");

      // Sign-up's session: "Session connectée le 27 nov. 2026, 14:03" (day, abbreviated month, year, 24-hour time).
      const names = (await sessionNames(page, "Vos sessions")).map(plain);
      const started = names.find((name) => name !== "Cet appareil");
      expect(started).toMatch(/connectée? le \d{1,2} [a-zéû]+\.? \d{4}(,| à) \d{1,2}:\d{2}$/);
      expect(started).not.toMatch(/AM|PM/);

      // The picker in the footer, "Langue" in French, switches the page to German without a reload.
      await page.getByRole("combobox", { name: "Langue" }).selectOption("de");
      await page.getByRole("heading", { level: 1, name: "Kontoeinstellungen" }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("de");
      const sitzungen = page.getByRole("region", { name: "Sitzungen" });
      await sitzungen.getByRole("button", { name: "Andere Sitzungen abmelden" }).waitFor();
      await page.getByRole("navigation", { name: "Bereiche der Kontoeinstellungen" }).getByRole("link", { name: "Zwei-Faktor" }).waitFor();
      // German dates: "27.11.2026, 14:03".
      const german = (await sessionNames(page, "Ihre Sitzungen")).map(plain).find((name) => name !== "Dieses Gerät");
      expect(german).toMatch(/angemeldet am \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
      await screenshots(page, "account-settings-de-sessions");
    });
  });

  it("is Japanese for a Japanese browser, dates included", async () => {
    await inBrowserLanguage("ja-JP", async (page) => {
      await page.getByRole("heading", { level: 1, name: "アカウント設定" }).waitFor();
      expect(await page.locator("html").getAttribute("lang")).toBe("ja");
      await page.getByRole("navigation", { name: "アカウント設定のセクション" }).getByRole("link", { name: "二要素認証" }).waitFor();
      const section = page.getByRole("region", { name: "セッション" });
      await section.getByRole("heading", { level: 2, name: "セッション" }).waitFor();
      await section.getByRole("button", { name: "他のすべてのセッションからサインアウト" }).waitFor();
      await section.getByText("このデバイス", { exact: true }).waitFor();
      // Sign-up's session: "2026/11/27 14:03 にサインインしたセッション".
      const started = (await sessionNames(page, "セッション一覧")).map(plain).find((name) => name !== "このデバイス");
      expect(started).toMatch(/\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2} にサインイン/);
      await screenshots(page, "account-settings-ja-sessions");
      await expectNothingClippedAtPhoneWidth(page, ["profile", "emails", "password", "two-factor", "sessions", "teams", "notifications"]);
    });
  });

  it("fits German's longer words at phone width in every section", { timeout: 90_000 }, async () => {
    // Every section, the optional ones switched on for it.
    const everySection = { allow_user_api_keys: true, client_user_deletion_enabled: true, passkey_enabled: true, client_team_creation_enabled: true };
    await withProjectConfig(harness().server, everySection, async () => {
      await inBrowserLanguage("de-DE", async (page) => {
        await page.getByRole("heading", { level: 1, name: "Kontoeinstellungen" }).waitFor();
        await page.goto("/handler/account-settings#two-factor");
        await page.getByRole("region", { name: "Zwei-Faktor-Authentifizierung" }).getByRole("button", { name: "Aktivieren" }).waitFor();
        await screenshots(page, "account-settings-de-two-factor");
        await expectNothingClippedAtPhoneWidth(page, ["profile", "emails", "password", "two-factor", "passkey", "sessions", "teams", "api-keys", "notifications", "delete-account"]);
        await page.goto("/handler/account-settings#api-keys");
        await page.getByRole("button", { name: "API-Schlüssel erstellen" }).click();
        await page.getByRole("dialog", { name: "API-Schlüssel erstellen" }).getByLabel("Läuft ab").waitFor();
        await screenshots(page, "account-settings-de-create-api-key");
      });
    });
  });
});
