import { describe, expect, it } from "vitest";
import { callInternal, DESKTOP, expectSignedInAs, mailedLink, PASSWORD, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

describe("e-mail in the visitor's language", () => {
  it("a German browser signs up and gets a German verification mail whose link verifies the address", async () => {
    const { context, server, mail } = harness();
    // A browser set to German: navigator.languages and its own Accept-Language say de-DE.
    const german = await context.browser()!.newContext({ baseURL: server.url, viewport: DESKTOP, locale: "de-DE" });
    try {
      const page = await german.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      const email = uniqueEmail("deutsch");

      await page.goto("/handler/sign-up");
      await page.waitForFunction(() => document.documentElement.lang === "de");
      // By name and type, not by label: the labels are German here.
      await page.locator("input[name=email]").fill(email);
      await page.locator("input[name=password]").fill(PASSWORD);
      await page.locator("form button[type=submit]").click();
      await expectSignedInAs(page, server, email);

      const message = await mail.waitFor(email);
      expect(message.subject).toMatch(/^Bestätigen Sie Ihre E-Mail-Adresse für .+$/);
      expect(message.text).toMatch(/^Hallo,\r?\n/);
      expect(message.text).toContain("Bitte bestätigen Sie über den Link unten, dass diese E-Mail-Adresse Ihnen gehört.");
      expect(message.text).toContain(`E-Mail-Adresse bestätigen: ${server.url}/handler/email-verification?code=`);
      expect(message.html).toMatch(/<html [^>]*lang="de"/);

      await page.goto(await mailedLink(mail, email, "/handler/email-verification"));
      // The page card's one button confirms (the language picker below it is a select).
      const confirm = page.locator("main section").getByRole("button");
      await confirm.click();
      // Verified: the card now offers a link onward instead of the button.
      await confirm.waitFor({ state: "detached" });
      const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(email)}`);
      expect(users.json.items[0].primary_email_verified).toBe(true);
      expect(errors, "uncaught errors in the page").toEqual([]);
    } finally {
      await german.close();
    }
  }, 120_000);
});
