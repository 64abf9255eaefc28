import { newTotpSecret, totpCode, wrongTotpCode } from "../harness";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { fillCredentials, PASSWORD, PHONE, SCREENSHOTS_DIR, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const ATTEMPT_KEY = "gatehouse:internal:mfa-attempt-code";
const harness = useBrowserHarness();
const screenshot = (page: Page, name: string) => page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });

async function api(method: string, path: string, body: unknown, accessToken?: string) {
  const response = await fetch(`${harness().server.url}/api/v1${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": "internal",
      "x-stack-access-type": "client",
      ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
}

/** A user of the internal project (the one these pages sign in to) who turned two-factor sign-in on through the API. */
async function userWithTotp(label: string) {
  const email = uniqueEmail(label);
  const signedUp = await api("POST", "/auth/password/sign-up", { email, password: PASSWORD });
  expect(signedUp.status).toBe(200);
  const secret = newTotpSecret();
  const enrolled = await api("PATCH", "/users/me", { totp_secret_base64: secret.base64 }, signedUp.json.access_token);
  expect(enrolled.json.requires_totp_mfa).toBe(true);
  return { email, secret: secret.bytes };
}

/** Signs in on the sign-in page and waits for the mfa page to ask for the code. */
async function passFirstFactor(page: Page, email: string, query = "") {
  await page.goto(`/handler/sign-in${query}`);
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(`**/handler/mfa${query}`);
  await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
}

async function enterCode(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

/** Enters a code the server will refuse, and waits until the page has taken the refusal in (it empties the field). */
async function enterRefusedCode(page: Page, code: string) {
  const answered = page.waitForResponse((response) => response.url().endsWith("/api/v1/auth/mfa/sign-in"));
  await enterCode(page, code);
  expect((await answered).status()).toBe(400);
  await page.waitForFunction(`!document.querySelector("input[name=totp]") || document.querySelector("input[name=totp]").value === ""`);
}

const attemptInStorage = (page: Page) => page.evaluate<string | null>(`sessionStorage.getItem(${JSON.stringify(ATTEMPT_KEY)})`);

describe("the mfa handler page", () => {
  it("takes over from sign-in, refuses a wrong code, and signs in with the authenticator's code", async () => {
    const user = await userWithTotp("mfa-journey");
    const { page } = harness();
    const returnTo = `?after_auth_return_to=${encodeURIComponent("/?from=mfa")}`;
    await passFirstFactor(page, user.email, returnTo);
    expect(await attemptInStorage(page)).toMatch(/^[A-Z0-9]{45}$/);
    expect(page.url()).not.toContain((await attemptInStorage(page)) ?? "no attempt");
    await screenshot(page, "mfa");

    await enterRefusedCode(page, wrongTotpCode(user.secret));
    const alert = page.getByRole("alert");
    expect(await alert.textContent()).toBe("That code is not right. Enter the code your authenticator app shows now; it changes every 30 seconds.");
    expect(await page.getByLabel("Authentication code").inputValue()).toBe("");
    await screenshot(page, "mfa-invalid-code");

    await enterCode(page, totpCode(user.secret));
    await page.waitForURL(`${harness().server.url}/?from=mfa`);
    await page.getByTestId("current-user").getByText(user.email).waitFor();
    expect(await attemptInStorage(page)).toBeNull();
  }, 90_000);

  it("fits a phone screen, and checks the code's format before spending an attempt", async () => {
    const user = await userWithTotp("mfa-phone");
    const { page } = harness();
    await page.setViewportSize(PHONE);
    await passFirstFactor(page, user.email);
    await screenshot(page, "mfa-phone");
    const overflow = await page.evaluate<number>("document.documentElement.scrollWidth - document.documentElement.clientWidth");
    expect(overflow).toBe(0);

    await enterCode(page, "12 34");
    expect(await page.getByRole("alert").textContent()).toBe("Enter the 6-digit code from your authenticator app.");
    // Spaces as some apps show the code ("123 456") are fine.
    const code = totpCode(user.secret);
    await page.getByLabel("Authentication code").fill(`${code.slice(0, 3)} ${code.slice(3)}`);
    await screenshot(page, "mfa-phone-typed");
    await page.getByRole("button", { name: "Verify" }).click();
    await page.getByTestId("current-user").getByText(user.email).waitFor();
  }, 90_000);

  it("ends the attempt after five wrong codes and offers to sign in again", async () => {
    const user = await userWithTotp("mfa-exhausted");
    const { page } = harness();
    await passFirstFactor(page, user.email);
    const wrong = wrongTotpCode(user.secret);
    for (let i = 1; i <= 4; i++) {
      await enterRefusedCode(page, wrong);
      expect(await page.getByRole("alert").textContent()).toMatch(/^That code is not right\./);
    }
    await enterRefusedCode(page, wrong);
    expect(await page.getByRole("alert").textContent()).toBe("Too many wrong codes were entered. Please sign in again.");
    expect(await attemptInStorage(page)).toBeNull();
    await screenshot(page, "mfa-attempts-over");

    await page.getByRole("link", { name: "Sign in again" }).click();
    await page.waitForURL("**/handler/sign-in");
  }, 90_000);

  it("says so when no sign-in is waiting for a code", async () => {
    const { page } = harness();
    await page.goto("/handler/mfa");
    await page.getByText("No sign-in is waiting for a code in this tab.", { exact: false }).waitFor();
    expect(await page.getByRole("link", { name: "Sign in", exact: true }).count()).toBeGreaterThan(0);

    // A signed-in user is not told to sign in: they are pointed at where two-factor is managed.
    const user = await userWithTotp("mfa-signed-in");
    await passFirstFactor(page, user.email);
    await enterCode(page, totpCode(user.secret));
    await page.getByTestId("current-user").getByText(user.email).waitFor();
    await page.goto("/handler/mfa");
    await page.getByText("You are signed in: no code is needed.", { exact: false }).waitFor();
    expect(await page.getByText("Sign in first", { exact: false }).count()).toBe(0);
    await page.getByRole("link", { name: "Account settings" }).click();
    await page.waitForURL("**/handler/account-settings");
  }, 60_000);
});
