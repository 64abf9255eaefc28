import { beforeAll, describe, expect, it } from "vitest";
import { callInternal, expectSignedInAs, mailedLink, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

beforeAll(async () => {
  const { server } = harness();
  const enabled = await callInternal(server, "admin", "PATCH", "/internal/projects/current", { config: { magic_link_enabled: true } });
  expect(enabled.status).toBe(200);
});

/** An account that allows sign-in with mailed codes (password sign-up leaves otp_auth_enabled off). */
async function createOtpUser(server: ReturnType<typeof harness>["server"], email: string) {
  const created = await callInternal(server, "server", "POST", "/users", { primary_email: email, primary_email_verified: true, primary_email_auth_enabled: true, otp_auth_enabled: true });
  expect(created.status).toBe(201);
}

async function sendSignInLink(server: ReturnType<typeof harness>["server"], email: string) {
  const sent = await callInternal(server, "client", "POST", "/auth/otp/send-sign-in-code", { email, callback_url: `${server.url}/handler/magic-link-callback` });
  expect(sent.status).toBe(200);
}

describe("magic link callback", () => {
  it("signs in with the mailed link, once", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("magic");
    await createOtpUser(server, email);
    await sendSignInLink(server, email);
    const link = await mailedLink(mail, email, "/handler/magic-link-callback");

    await page.goto(link);
    await expectSignedInAs(page, server, email);
    // Signing in with a mailed code proves the address.
    expect(await page.getByTestId("email-status").textContent()).toBe("Verified");

    await page.goto(link);
    await page.getByRole("heading", { name: "This sign-in link has already been used" }).waitFor();
    await screenshots(page, "magic-link-used");
    await page.getByRole("link", { name: "Go to sign in" }).click();
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
  }, 90_000);

  it("goes to the return target the link carries", async () => {
    const { page, server, mail } = harness();
    const email = uniqueEmail("magic-return");
    await createOtpUser(server, email);
    const sent = await callInternal(server, "client", "POST", "/auth/otp/send-sign-in-code", {
      email,
      callback_url: `${server.url}/handler/magic-link-callback?after_auth_return_to=${encodeURIComponent("/?from=magic-link")}`,
    });
    expect(sent.status).toBe(200);
    const message = await mail.waitFor(email);
    const link = /https?:\/\/\S+\/handler\/magic-link-callback\?\S+/.exec(message.text)?.[0];
    expect(link).toContain("code=");
    await page.goto(link!);
    await page.waitForURL(`${server.url}/?from=magic-link`);
    await page.getByTestId("current-user").getByText(email).waitFor();
  }, 60_000);

  it("names a link that is not valid, and one without its code", async () => {
    const { page } = harness();
    await page.goto("/handler/magic-link-callback?code=NOTAREALCODE0000000000000000000000000000");
    await page.getByRole("heading", { name: "This sign-in link is not valid" }).waitFor();
    await screenshots(page, "magic-link-invalid");
    await page.goto("/handler/magic-link-callback");
    await page.getByRole("heading", { name: "This sign-in link is incomplete" }).waitFor();
  }, 60_000);
});
