/**
 * Two-factor authentication in account settings: turning it on with a key made in the
 * browser (QR code and text), a wrong code caught there before anything is saved, the right
 * code (computed here with otplib from the key the page shows) saving it; then signing in
 * again through the mfa page, and turning it off.
 */
import type { TestServer } from "../harness";
import { generate, ScureBase32Plugin } from "otplib";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmIn, openSettings, settled, signedInOnSettings } from "./support/account-settings";
import { callInternal, expectSignedInAs, fillCredentials, PASSWORD, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

async function requiresTotp(server: TestServer, userId: string): Promise<boolean> {
  const response = await callInternal(server, "server", "GET", `/users/${userId}`);
  expect(response.status).toBe(200);
  return response.json.requires_totp_mfa as boolean;
}

/** The six-digit code of the key shown as Base32 text, `offset` 30-second steps from now. */
async function codeFor(base32Key: string, offset = 0): Promise<string> {
  const secret = new ScureBase32Plugin().decode(base32Key);
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + offset * 30 });
}

async function signInThroughPages(page: Page, email: string) {
  await page.goto("/handler/sign-out");
  await page.getByRole("heading", { name: "You are signed out" }).waitFor();
  await page.goto("/handler/sign-in");
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
}

describe("account settings: two-factor authentication", () => {
  it("turns on after a code checked in the browser, asks for it at sign-in, and turns off", async () => {
    const { page, server } = harness();
    const { email, userId } = await signedInOnSettings(page, server, "two-factor", "two-factor");
    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await section.getByText("Off", { exact: true }).waitFor();
    await screenshots(page, "account-two-factor-off");

    await section.getByRole("button", { name: "Turn on" }).click();
    const qr = section.getByTestId("totp-qr-code");
    await qr.waitFor();
    expect(await qr.getAttribute("role")).toBe("img");
    const key = ((await section.getByTestId("totp-secret").textContent()) ?? "").replace(/\s+/g, "");
    // 20 random bytes in Base32: 32 characters.
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await screenshots(page, "account-two-factor-enrol");

    // A wrong code is caught in the page: nothing reaches the server.
    const wrong = (Number(await codeFor(key)) + 500_000) % 1_000_000;
    await section.getByLabel("2. Enter the 6-digit code the app shows").fill(String(wrong).padStart(6, "0"));
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByText("That is not the code your app shows now.", { exact: false }).waitFor();
    expect(await requiresTotp(server, userId)).toBe(false);
    await screenshots(page, "account-two-factor-wrong-code");

    await section.getByLabel("2. Enter the 6-digit code the app shows").fill(await codeFor(key));
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByText("On", { exact: true }).waitFor();
    expect(await requiresTotp(server, userId)).toBe(true);
    await settled(page);
    await screenshots(page, "account-two-factor-on");

    // Signing in now takes the app's code: the server holds the very key the page showed.
    await signInThroughPages(page, email);
    await page.waitForURL("**/handler/mfa");
    await page.getByLabel("Authentication code").fill(await codeFor(key, 1));
    await page.getByRole("button", { name: "Verify" }).click();
    await expectSignedInAs(page, server, email);

    await openSettings(page, "two-factor");
    await section.getByRole("button", { name: "Turn off" }).click();
    await page.getByRole("dialog", { name: "Turn off two-factor authentication?" }).waitFor();
    await settled(page);
    await screenshots(page, "account-two-factor-turn-off");
    await confirmIn(page, "Turn off two-factor authentication?", "Turn off");
    await section.getByText("Off", { exact: true }).waitFor();
    expect(await requiresTotp(server, userId)).toBe(false);

    await signInThroughPages(page, email);
    await expectSignedInAs(page, server, email);
  }, 120_000);

  it("cancels a setup without saving anything, and starts the next one with a new key", async () => {
    const { page, server } = harness();
    const { userId } = await signedInOnSettings(page, server, "two-factor-cancel", "two-factor");
    const section = page.getByRole("region", { name: "Two-factor authentication" });
    await section.getByRole("button", { name: "Turn on" }).click();
    const first = await section.getByTestId("totp-secret").textContent();
    await section.getByRole("button", { name: "Cancel" }).click();
    await section.getByText("Off", { exact: true }).waitFor();
    await section.getByRole("button", { name: "Turn on" }).click();
    expect(await section.getByTestId("totp-secret").textContent()).not.toBe(first);
    await section.getByLabel("2. Enter the 6-digit code the app shows").fill("12345");
    await section.getByRole("button", { name: "Turn on" }).click();
    await section.getByText("Enter the 6-digit code your authenticator app shows.").waitFor();
    expect(await requiresTotp(server, userId)).toBe(false);
  }, 60_000);
});
