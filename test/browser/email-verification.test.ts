import { issueCodeDirectly } from "../harness";
import { describe, expect, it } from "vitest";
import { callInternal, expectSignedInAs, fillCredentials, mailedLink, PASSWORD, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

async function primaryEmailVerified(server: ReturnType<typeof harness>["server"], userId: string): Promise<boolean> {
  const user = await callInternal(server, "server", "GET", `/users/${userId}`);
  return user.json.primary_email_verified as boolean;
}

describe("e-mail verification", () => {
  it("mails a verification link at sign-up; opening it and confirming verifies the address", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("verify");
    await page.goto("/handler/sign-up");
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await expectSignedInAs(page, server, email);
    expect(await page.getByTestId("email-status").textContent()).toBe("Not verified yet");

    const link = await mailedLink(mail, email, "/handler/email-verification");
    expect(link.startsWith(`${server.url}/handler/email-verification?code=`)).toBe(true);
    // Holding the (real) check back shows the loading state.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/v1/contact-channels/verify/check-code", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(link);
    await page.getByRole("heading", { name: "Checking your link" }).waitFor();
    expect(await page.locator("section[aria-busy=true]").count()).toBe(1);
    await screenshots(page, "email-verification-loading");
    release();
    const verify = page.getByRole("button", { name: "Verify e-mail address" });
    await verify.waitFor();
    await screenshots(page, "email-verification");
    const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(email)}`);
    const userId = users.json.items[0].id as string;
    // Opening the link checked the code but did not use it.
    expect(await primaryEmailVerified(server, userId)).toBe(false);

    await verify.click();
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    await screenshots(page, "email-verification-done");
    expect(await primaryEmailVerified(server, userId)).toBe(true);
    // "Go to your account" opens the account's e-mails, where the address now shows as verified.
    await page.getByRole("link", { name: "Go to your account" }).click();
    await page.waitForURL("**/handler/account-settings#emails");
    await page.getByRole("main").getByText(email).waitFor();
    await page.getByRole("main").getByText("Verified", { exact: true }).waitFor();

    await page.goto(link);
    await page.getByRole("heading", { name: "This verification link has already been used" }).waitFor();
    await page.getByText(`Good news: ${email} is verified already.`).waitFor();
    await page.getByRole("link", { name: "Go to your account" }).waitFor();
    await screenshots(page, "email-verification-used");
  }, 120_000);

  it("verifies without a session, as from a mail read on another device", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("verify-elsewhere");
    const user = await callInternal(server, "client", "POST", "/auth/password/sign-up", {
      email,
      password: PASSWORD,
      verification_callback_url: `${server.url}/handler/email-verification`,
    });
    expect(user.status).toBe(200);
    await page.goto(await mailedLink(mail, email, "/handler/email-verification"));
    await page.getByRole("button", { name: "Verify e-mail address" }).click();
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    expect(await primaryEmailVerified(server, user.json.user_id)).toBe(true);
  }, 60_000);

  it("on an expired link, a signed-in user can have a new one mailed, which works", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("verify-expired");
    const tokens = await signUpThroughApi(server, email);
    const channels = await callInternal(server, "server", "GET", `/contact-channels?user_id=${tokens.user_id}`);
    const channel = channels.json.items[0];
    const expired = await issueCodeDirectly(server, "internal", {
      purpose: "email_verification",
      expiresInMs: -1000,
      userId: tokens.user_id,
      email,
      data: { channel_id: channel.id },
      replacePrevious: false,
    });

    await page.goto(`/handler/email-verification?code=${expired.code}`);
    await page.getByRole("heading", { name: "This verification link has expired" }).waitFor();
    await page.getByText("Sign in to check your address or get a new verification e-mail.").waitFor();
    await screenshots(page, "email-verification-expired");
    await page.getByRole("link", { name: "Sign in" }).last().click();
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();

    // Back on the dead link, now signed in.
    await page.getByRole("heading", { name: "This verification link has expired" }).waitFor();
    await page.getByRole("button", { name: "Send a new verification e-mail" }).click();
    await page.getByText(`We have sent a new verification link to ${email}.`).waitFor();
    await screenshots(page, "email-verification-resent");

    await page.goto(await mailedLink(mail, email, "/handler/email-verification"));
    await page.getByRole("button", { name: "Verify e-mail address" }).click();
    await page.getByRole("heading", { name: "Your e-mail address is verified" }).waitFor();
    expect(await primaryEmailVerified(server, tokens.user_id)).toBe(true);
  }, 120_000);

  it("names a link that is not valid, and one without its code", async () => {
    const { page } = harness();
    await page.goto("/handler/email-verification?code=NOTAREALCODE0000000000000000000000000000");
    await page.getByRole("heading", { name: "This verification link is not valid" }).waitFor();
    expect(await page.getByRole("button", { name: "Verify e-mail address" }).count()).toBe(0);
    await page.goto("/handler/email-verification");
    await page.getByRole("heading", { name: "This verification link is incomplete" }).waitFor();
    await screenshots(page, "email-verification-incomplete");
  }, 60_000);
});
