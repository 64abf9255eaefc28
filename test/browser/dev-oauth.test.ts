/**
 * The development OAuth provider in Chromium: the internal project's Spotify uses shared keys,
 * so its button leads to Gatehouse's own provider at /dev-oauth, whose page lets the developer
 * pick or type an identity, and back to the handler pages signed in.
 */
import { configureOAuth, TEST_INTERNAL_KEYS } from "../harness";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { callInternal, expectSignedInAs, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

const INTERNAL = {
  projectId: "internal",
  keys: { publishableKey: TEST_INTERNAL_KEYS.publishableClientKey },
  admin: { projectId: "internal", accessType: "admin", adminKey: TEST_INTERNAL_KEYS.superSecretAdminKey },
};

beforeAll(async () => {
  const { server } = harness();
  await configureOAuth(server, INTERNAL, {}, { "auth.oauth.providers.spotify": { type: "spotify", isShared: true, allowSignIn: true, allowConnectedAccounts: true } });
});

async function openDevProvider(page: Page) {
  await page.goto("/handler/sign-in");
  await page.getByRole("button", { name: "Continue with Spotify" }).click();
  await page.waitForURL("**/dev-oauth/interaction/**");
  await page.getByRole("heading", { name: "Sign in to Spotify" }).waitFor();
}

describe("the development OAuth provider's page", () => {
  it("signs up with a typed identity, then offers it to pick next time, and signs the same user in", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("dev-oauth");
    await openDevProvider(page);
    await expect(page.getByText("Development only")).toBeTruthy();
    await page.getByRole("button", { name: /Ada Lovelace/ }).waitFor();
    await screenshots(page, "dev-oauth-identity-page");

    await page.getByLabel("E-mail").fill(email);
    await page.getByLabel("Name (optional)").fill("Dev Person");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await expectSignedInAs(page, server, email);
    const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(email)}`);
    expect(users.json.items).toEqual([expect.objectContaining({ primary_email: email, primary_email_verified: true, display_name: "Dev Person", oauth_providers: [{ id: "spotify", account_id: email, email }] })]);

    await page.goto("/handler/sign-out");
    await page.getByRole("heading", { name: "You are signed out" }).waitFor();
    await openDevProvider(page);
    const recent = page.getByRole("button", { name: new RegExp(`Dev Person.*${email.replace(/[.+]/g, "\\$&")}`) });
    await recent.waitFor();
    await screenshots(page, "dev-oauth-identity-page-recent");
    await recent.click();
    await expectSignedInAs(page, server, email);
    expect((await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(email)}`)).json.items).toHaveLength(1);
  }, 120_000);

  it("says what is wrong with an address it cannot use, and Cancel goes back to the app's error page", async () => {
    const { page } = harness();
    await openDevProvider(page);
    await page.getByLabel("E-mail").fill("not an address");
    // The browser's own check would stop the form first; the server's answer is what is tested.
    await page.locator("form:has(#email)").evaluate((form) => form.setAttribute("novalidate", ""));
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByRole("alert").getByText("That is not an e-mail address this page can use.").waitFor();
    await screenshots(page, "dev-oauth-identity-page-error");

    await page.getByRole("button", { name: "Cancel" }).click();
    await page.waitForURL("**/handler/error?**");
    expect(new URL(page.url()).searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    await page.getByText("The sign-in was cancelled at the provider.").waitFor();
  }, 120_000);
});
