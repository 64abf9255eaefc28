import type { TestServer } from "../harness";
import { describe, expect, it } from "vitest";
import { callInternal, mailedLink, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { settled, signedInOnSettings } from "./support/account-settings";

const harness = useBrowserHarness();

async function channelsOf(server: TestServer, userId: string) {
  const response = await callInternal(server, "server", "GET", `/contact-channels?user_id=${userId}`);
  expect(response.status).toBe(200);
  return response.json.items as Array<{ value: string; is_primary: boolean; is_verified: boolean; used_for_auth: boolean }>;
}

describe("account settings: e-mails", () => {
  it("adds an address, verifies it from the mailed link, makes it primary, signs in with it and removes the old one", async () => {
    const { page, server, mail, context } = harness();
    const { email, userId } = await signedInOnSettings(page, server, "emails", "emails");
    const section = page.getByRole("region", { name: "E-mails" });
    const row = (address: string) => section.getByRole("listitem", { name: address });
    await row(email).waitFor();
    expect(await row(email).textContent()).toContain("Primary");
    expect(await row(email).textContent()).toContain("Not verified");
    expect(await row(email).textContent()).toContain("Used for sign-in");

    // Checked before sending: the shape, and an address already in the list.
    const requests: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/v1/contact-channels")) requests.push(request.url());
    });
    const field = section.getByLabel("Add an e-mail address");
    await field.fill("ada@example");
    await section.getByRole("button", { name: "Add e-mail address" }).click();
    await section.getByText("Enter a whole e-mail address, such as ada@example.com.").waitFor();
    await field.fill(email.toUpperCase());
    await section.getByRole("button", { name: "Add e-mail address" }).click();
    await section.getByText("This address is already on your account.").waitFor();
    expect(requests).toEqual([]);

    const second = uniqueEmail("second");
    await field.fill(second);
    await section.getByRole("button", { name: "Add e-mail address" }).click();
    await row(second).waitFor();
    await page.getByText(`${second} is added.`, { exact: false }).waitFor();
    expect(await field.inputValue()).toBe("");
    expect(await channelsOf(server, userId)).toContainEqual(expect.objectContaining({ value: second, is_verified: false, is_primary: false, used_for_auth: false }));
    await screenshots(page, "account-emails");

    await row(second).getByRole("button", { name: `Send verification e-mail to ${second}` }).click();
    await page.getByText(`We sent a verification link to ${second}.`, { exact: false }).waitFor();
    // The link is opened in another tab; coming back to this one reads the list again.
    const link = await mailedLink(mail, second, "/handler/email-verification");
    const mailTab = await context.newPage();
    await mailTab.goto(link);
    await mailTab.getByRole("button", { name: "Verify e-mail address" }).click();
    await mailTab.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await mailTab.close();
    await page.bringToFront();
    await page.evaluate(`window.dispatchEvent(new Event("visibilitychange"))`);
    await row(second).getByText("Verified", { exact: true }).waitFor();
    expect(await row(second).getByRole("button", { name: /Send verification e-mail/ }).count()).toBe(0);

    await row(second).getByRole("button", { name: `Actions for ${second}` }).click();
    await page.getByRole("menuitem", { name: "Make primary" }).click();
    await page.getByText(`${second} is now your primary address.`).waitFor();
    await row(second).getByText("Primary", { exact: true }).waitFor();
    const user = await callInternal(server, "server", "GET", `/users/${userId}`);
    expect(user.json.primary_email).toBe(second);

    await row(second).getByRole("button", { name: `Actions for ${second}` }).click();
    await page.getByRole("menuitem", { name: "Use for sign-in" }).click();
    await page.getByText(`You can now sign in with ${second}.`).waitFor();
    expect(await channelsOf(server, userId)).toContainEqual(expect.objectContaining({ value: second, used_for_auth: true, is_primary: true, is_verified: true }));

    await row(email).getByRole("button", { name: `Actions for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Remove" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this e-mail address?" });
    await dialog.getByText(`${email} will be removed from your account.`).waitFor();
    // Neither primary any more nor the only sign-in address: no warnings.
    expect(await dialog.getByRole("listitem").count()).toBe(0);
    await dialog.getByRole("button", { name: "Remove address" }).click();
    await page.getByText(`${email} is removed from your account.`).waitFor();
    await row(email).waitFor({ state: "detached" });
    expect((await channelsOf(server, userId)).map((channel) => channel.value)).toEqual([second]);
  }, 120_000);

  it("shows the server's refusal, warns before the only sign-in address goes, and shows an empty list", async () => {
    const { page, server } = harness();
    const taken = uniqueEmail("taken");
    await signUpThroughApi(server, taken);
    const { email, userId } = await signedInOnSettings(page, server, "emails-refused", "emails");
    const section = page.getByRole("region", { name: "E-mails" });
    const row = (address: string) => section.getByRole("listitem", { name: address });

    // Another account signs in with `taken`; this one may list it, but not sign in with it.
    await section.getByLabel("Add an e-mail address").fill(taken);
    await section.getByRole("button", { name: "Add e-mail address" }).click();
    await row(taken).getByRole("button", { name: `Actions for ${taken}` }).click();
    await page.getByRole("menuitem", { name: "Use for sign-in" }).click();
    const refusal = row(taken).getByRole("alert");
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe(`${taken} is already used for sign-in by another user.`);
    expect(await channelsOf(server, userId)).toContainEqual(expect.objectContaining({ value: taken, used_for_auth: false }));
    await screenshots(page, "account-emails-refused");

    await row(email).getByRole("button", { name: `Actions for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Stop using for sign-in" }).click();
    const stop = page.getByRole("dialog", { name: "Stop signing in with this address?" });
    await stop.getByText("It is the only address you sign in with", { exact: false }).waitFor();
    // Focus starts on Cancel, and comes back to the menu's button when the dialog closes.
    expect(await page.evaluate(`document.activeElement?.textContent`)).toBe("Cancel");
    await page.keyboard.press("Escape");
    await stop.waitFor({ state: "detached" });
    expect(await page.evaluate(`document.activeElement?.getAttribute("aria-label")`)).toBe(`Actions for ${email}`);
    expect(await channelsOf(server, userId)).toContainEqual(expect.objectContaining({ value: email, used_for_auth: true }));

    await row(email).getByRole("button", { name: `Actions for ${email}` }).click();
    await page.getByRole("menuitem", { name: "Remove" }).click();
    const remove = page.getByRole("dialog", { name: "Remove this e-mail address?" });
    await remove.getByText("It is your primary address", { exact: false }).waitFor();
    await remove.getByText("It is the only address you sign in with", { exact: false }).waitFor();
    await settled(page);
    await screenshots(page, "account-emails-remove-primary");
    await remove.getByRole("button", { name: "Remove address" }).click();
    await row(email).waitFor({ state: "detached" });
    await row(taken).getByRole("button", { name: `Actions for ${taken}` }).click();
    await page.getByRole("menuitem", { name: "Remove" }).click();
    await page.getByRole("dialog", { name: "Remove this e-mail address?" }).getByRole("button", { name: "Remove address" }).click();
    await section.getByText("No e-mail addresses yet").waitFor();
    expect(await channelsOf(server, userId)).toEqual([]);
    await screenshots(page, "account-emails-empty");
  }, 120_000);

  it("says when the list cannot be read, and reads it again on request", async () => {
    const { page, server } = harness();
    let failing = true;
    await page.route("**/api/v1/contact-channels?user_id=me", (route) =>
      failing ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ code: "SERVICE_UNAVAILABLE", error: "The server is busy; try again." }) }) : route.continue(),
    );
    const { email } = await signedInOnSettings(page, server, "emails-failing", "emails");
    const section = page.getByRole("region", { name: "E-mails" });
    await section.getByRole("alert").waitFor();
    expect(await section.getByRole("alert").textContent()).toBe("The server is busy; try again.");
    failing = false;
    await section.getByRole("button", { name: "Try again" }).click();
    await section.getByRole("listitem", { name: email }).waitFor();
  }, 60_000);
});
