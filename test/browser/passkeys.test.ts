import { newTotpSecret } from "../harness";
import type { CDPSession, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSettings, setProjectConfig, signInNewUser, withProjectConfig } from "./support/account-settings";
import { callInternal, expectSignedInAs, PHONE, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

/**
 * Chromium's DevTools virtual authenticator: a platform authenticator that holds discoverable
 * credentials and verifies the user, answering every prompt at once, as a person would.
 */
async function addVirtualAuthenticator(page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  return { cdp, authenticatorId };
}

/** A user signed in on the home page whose e-mail is verified (account settings ask for that before a passkey). */
async function verifiedUserSignedIn(page: Page, label: string) {
  const { server } = harness();
  const user = await signInNewUser(page, server, label);
  const verified = await callInternal(server, "server", "PATCH", `/users/${user.userId}`, { primary_email_verified: true });
  expect(verified.status).toBe(200);
  return user;
}

async function addPasskeyInSettings(page: Page) {
  await openSettings(page, "passkey");
  const section = page.getByRole("region", { name: "Passkey" });
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await section.getByText("On", { exact: true }).waitFor();
  return section;
}

async function signOut(page: Page) {
  await page.goto("/handler/sign-out");
  await page.waitForFunction(() => !localStorage.getItem("gatehouse:internal:refresh-token"));
}

describe("passkeys in the handler pages", () => {
  it("registers a passkey from account settings, then signs in with it after signing out", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true }, async () => {
      const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
      const user = await verifiedUserSignedIn(page, "passkey-journey");

      await openSettings(page, "passkey");
      const section = page.getByRole("region", { name: "Passkey" });
      await section.getByRole("button", { name: "Add a passkey" }).waitFor();
      await screenshots(page, "passkey-settings-add");
      await section.getByRole("button", { name: "Add a passkey" }).click();
      await section.getByText("On", { exact: true }).waitFor();
      await section.getByRole("button", { name: "Turn off passkey sign-in" }).waitFor();
      await screenshots(page, "passkey-settings-on");

      // The authenticator now holds one discoverable credential for this site, for this user.
      const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(credentials).toHaveLength(1);
      expect(credentials[0]).toMatchObject({ rpId: "localhost", isResidentCredential: true });
      expect(Buffer.from(credentials[0]!.userHandle!, "base64").toString("utf8")).toBe(user.userId);
      const me = await callInternal(server, "server", "GET", `/users/${user.userId}`);
      expect(me.json.passkey_auth_enabled).toBe(true);

      await signOut(page);
      await page.goto("/handler/sign-in");
      const button = page.getByRole("button", { name: "Sign in with a passkey" });
      await button.waitFor();
      await screenshots(page, "passkey-sign-in");
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/v1/auth/passkey/sign-in"));
      await button.click();
      expect((await answered).status()).toBe(200);
      await expectSignedInAs(page, server, user.email);
      const { credentials: after } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
      expect(after[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
    });
  }, 120_000);

  it("refuses a replayed challenge: the browser's recorded answer, sent again or with a new code", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true }, async () => {
      await addVirtualAuthenticator(page);
      await verifiedUserSignedIn(page, "passkey-replay");
      await addPasskeyInSettings(page);
      await signOut(page);

      await page.goto("/handler/sign-in");
      const sent = page.waitForRequest((request) => request.url().endsWith("/api/v1/auth/passkey/sign-in"));
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      const recorded = (await sent).postDataJSON() as { authentication_response: unknown; code: string };
      await page.waitForURL(`${server.url}/`);

      const replay = (body: unknown) => callInternal(server, "client", "POST", "/auth/passkey/sign-in", body);
      const again = await replay(recorded);
      expect(again.status).toBe(409);
      expect(again.json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
      const fresh = await callInternal(server, "client", "POST", "/auth/passkey/initiate-passkey-authentication", {});
      const withNewCode = await replay({ ...recorded, code: fresh.json.code });
      expect(withNewCode.status).toBe(400);
      expect(withNewCode.json.code).toBe("PASSKEY_AUTHENTICATION_FAILED");
    });
  }, 120_000);

  it("refuses a site that is not one of the project's: the page says why", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true, allow_localhost: true, domains: [] }, async () => {
      await addVirtualAuthenticator(page);
      await verifiedUserSignedIn(page, "passkey-origin");
      await addPasskeyInSettings(page);
      await signOut(page);

      // The project stops trusting this site (localhost); its passkey is good for nothing here now.
      await setProjectConfig(server, { allow_localhost: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] });
      await page.goto("/handler/sign-in");
      const answered = page.waitForResponse((response) => response.url().endsWith("/api/v1/auth/passkey/sign-in"));
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      const response = await answered;
      expect(response.status()).toBe(400);
      expect(response.headers()["x-stack-known-error"]).toBe("PASSKEY_AUTHENTICATION_FAILED");
      const alert = page.getByRole("alert");
      await alert.waitFor();
      expect(await alert.textContent()).toBe(`Passkeys cannot be used on ${server.url}: it is not one of this project's trusted domains.`);
      expect(await page.evaluate(() => localStorage.getItem("gatehouse:internal:refresh-token"))).toBeNull();
      await screenshots(page, "passkey-sign-in-wrong-origin");
    });
  }, 120_000);

  it("hands a user with two-factor sign-in on to the mfa page", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true }, async () => {
      await addVirtualAuthenticator(page);
      const user = await verifiedUserSignedIn(page, "passkey-mfa");
      await addPasskeyInSettings(page);
      const secret = newTotpSecret();
      expect((await callInternal(server, "server", "PATCH", `/users/${user.userId}`, { totp_secret_base64: secret.base64 })).status).toBe(200);
      await signOut(page);

      await page.goto("/handler/sign-in");
      await page.getByRole("button", { name: "Sign in with a passkey" }).click();
      await page.waitForURL("**/handler/mfa");
      await page.getByRole("heading", { name: "Two-factor authentication" }).waitFor();
    });
  }, 120_000);

  it("turns passkey sign-in off from account settings, which removes the passkey", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true }, async () => {
      await addVirtualAuthenticator(page);
      const user = await verifiedUserSignedIn(page, "passkey-off");
      const section = await addPasskeyInSettings(page);
      await page.setViewportSize(PHONE);
      await section.getByRole("button", { name: "Turn off passkey sign-in" }).click();
      const dialog = page.getByRole("dialog", { name: "Turn off passkey sign-in?" });
      await dialog.waitFor();
      await screenshots(page, "passkey-settings-turn-off");
      await dialog.getByRole("button", { name: "Turn off" }).click();
      await section.getByRole("button", { name: "Add a passkey" }).waitFor();
      expect((await callInternal(server, "server", "GET", `/users/${user.userId}`)).json.passkey_auth_enabled).toBe(false);
    });
  }, 120_000);

  it("asks for a verified sign-in e-mail before a passkey can be added", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { passkey_enabled: true }, async () => {
      await signInNewUser(page, server, "passkey-unverified");
      await openSettings(page, "passkey");
      const section = page.getByRole("region", { name: "Passkey" });
      await section.getByText("To add a passkey, first verify an e-mail address you sign in with (under E-mails).").waitFor();
      expect(await section.getByRole("button", { name: "Add a passkey" }).count()).toBe(0);
      await screenshots(page, "passkey-settings-unverified");
    });
  }, 60_000);

  it("shows no passkey button nor settings section when the project has passkeys off", async () => {
    const { page, server } = harness();
    await signInNewUser(page, server, "passkey-none");
    await openSettings(page, "profile");
    expect(await page.getByRole("region", { name: "Passkey" }).count()).toBe(0);
    // Sign-out finishes in the page: leaving at once could reach sign-in still signed in.
    await signOut(page);
    await page.goto("/handler/sign-in");
    await page.getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByRole("button", { name: "Sign in with a passkey" }).count()).toBe(0);
  }, 60_000);
});
