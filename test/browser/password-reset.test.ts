import { issueCodeDirectly } from "../harness";
import { describe, expect, it } from "vitest";
import { expectSignedInAs, fillCredentials, mailedLink, PASSWORD, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness, emailField } from "./support/browser-harness";

const harness = useBrowserHarness();
const NEW_PASSWORD = "a brand new passphrase";

describe("forgot password and password reset", () => {
  it("mails a reset link, sets the new password through it, and signs in with it", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("forgot");
    await signUpThroughApi(server, email);

    await page.goto("/handler/sign-in");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
    await screenshots(page, "forgot-password");
    await emailField(page).fill(email);
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(await page.getByRole("main").textContent()).toContain(`If an account uses ${email}, we have sent it a link`);
    await screenshots(page, "forgot-password-sent");

    const link = await mailedLink(mail, email, "/handler/password-reset");
    expect(link.startsWith(`${server.url}/handler/password-reset?code=`)).toBe(true);
    await page.goto(link);
    await page.getByRole("heading", { name: "Choose a new password" }).waitFor();
    await screenshots(page, "password-reset");

    const password = page.getByLabel("New password", { exact: true });
    const confirmation = page.getByLabel("Repeat the new password");
    await password.fill(NEW_PASSWORD);
    await confirmation.fill("a brand new passphrasf");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Passwords do not match.").waitFor();
    await password.fill("short");
    await confirmation.fill("short");
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("The password is too short: use at least 8 characters.").waitFor();
    await screenshots(page, "password-reset-invalid");

    await password.fill(NEW_PASSWORD);
    await confirmation.fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByRole("heading", { name: "Your password has been changed" }).waitFor();
    await screenshots(page, "password-reset-done");

    await page.getByRole("link", { name: "Sign in with the new password" }).click();
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Wrong e-mail or password.").waitFor();
    await fillCredentials(page, email, NEW_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expectSignedInAs(page, server, email);

    // The link worked once.
    await page.goto(link);
    await page.getByRole("heading", { name: "This password reset link has already been used" }).waitFor();
    await page.getByRole("link", { name: "Ask for a new link" }).click();
    await page.getByRole("heading", { name: "Reset your password" }).waitFor();
  }, 120_000);

  it("answers an address without an account exactly as one with an account, and mails nothing", async () => {
    const { page, server, mail } = harness();
    const known = uniqueEmail("known");
    const unknown = uniqueEmail("unknown");
    await signUpThroughApi(server, known);

    const confirmationFor = async (email: string) => {
      await page.goto("/handler/forgot-password");
      await emailField(page).fill(email);
      await page.getByRole("button", { name: "Send reset link" }).click();
      await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
      // The page's card: the language picker under it carries an id Mantine makes up afresh on each load.
      return (await page.getByRole("main").locator("section").innerHTML()).replaceAll(email, "<address>");
    };
    expect(await confirmationFor(unknown)).toBe(await confirmationFor(known));
    await mail.waitFor(known);
    expect(mail.messages.some((m) => m.to.includes(unknown))).toBe(false);
  }, 60_000);

  it("checks the address before asking the server", async () => {
    const { page } = harness();
    let asked = false;
    page.on("request", (request) => {
      if (request.url().includes("/send-reset-code")) asked = true;
    });
    await page.goto("/handler/forgot-password");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Enter your e-mail address.").waitFor();
    await emailField(page).fill("no-at-sign.example.com");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await page.getByText("Enter a whole e-mail address, such as ada@example.com.").waitFor();
    expect(asked).toBe(false);
  }, 60_000);

  it("says a dead link is dead before anyone types a password: not valid, expired, incomplete", async () => {
    const { page, server } = harness();
    await page.goto("/handler/password-reset?code=NOTAREALCODE0000000000000000000000000000");
    await page.getByRole("heading", { name: "This password reset link is not valid" }).waitFor();
    expect(await page.getByLabel("New password", { exact: true }).count()).toBe(0);
    await screenshots(page, "password-reset-invalid-link");

    const email = uniqueEmail("expired");
    const user = await signUpThroughApi(server, email);
    const expired = await issueCodeDirectly(server, "internal", { purpose: "password_reset", expiresInMs: -1000, userId: user.user_id, email });
    await page.goto(`/handler/password-reset?code=${expired.code}`);
    await page.getByRole("heading", { name: "This password reset link has expired" }).waitFor();
    await screenshots(page, "password-reset-expired");

    await page.goto("/handler/password-reset");
    await page.getByRole("heading", { name: "This password reset link is incomplete" }).waitFor();
  }, 60_000);
});
