/**
 * OAuth end to end in Chromium: the handler pages, our authorize and callback routes, and a real
 * OpenID provider on a loopback port (oidc-provider, configured as the internal project's generic
 * provider `corp` by its issuer URL), whose sign-in page is a plain form the test fills in.
 */
import { configureOAuth, TEST_INTERNAL_KEYS } from "../harness";
import { startOidcStandIn, type OidcStandIn } from "../harness/oidc-stand-in";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openSettings, settled, signInNewUser } from "./support/account-settings";
import { callInternal, expectSignedInAs, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();
let standIn: OidcStandIn;

const INTERNAL = {
  projectId: "internal",
  keys: { publishableKey: TEST_INTERNAL_KEYS.publishableClientKey },
  admin: { projectId: "internal", accessType: "admin", adminKey: TEST_INTERNAL_KEYS.superSecretAdminKey },
};

beforeAll(async () => {
  const { server } = harness();
  standIn = await startOidcStandIn({
    mode: "form",
    clients: [{ clientId: "corp", clientSecret: "corp-secret", redirectUris: [`${server.url}/api/v1/auth/oauth/callback/corp`] }],
  });
  await configureOAuth(server, INTERNAL, { corp: { type: "oidc", clientId: "corp", clientSecret: "corp-secret", issuerUrl: standIn.issuer } });
});

afterAll(async () => {
  await standIn?.close();
});

function person(label: string) {
  return standIn.addAccount({ sub: `${label}-${crypto.randomUUID().slice(0, 8)}`, email: uniqueEmail(label), email_verified: true, name: `Ada ${label}` });
}

/** On the stand-in's sign-in form: picks the account and answers. */
async function answerAtProvider(page: Page, email: string, decision: "Allow" | "Deny") {
  await page.waitForURL(`${standIn.issuer}/interaction/**`);
  await page.getByRole("heading", { name: "Sign in to continue to corp" }).waitFor();
  await page.getByLabel(email).check();
  await page.getByRole("button", { name: decision }).click();
}

describe("signing in with an OpenID provider from the handler pages", () => {
  it("signs up through the provider's form and lands signed in; the same account signs in again", async () => {
    const { page, server } = harness();
    const ada = person("oauth-browser");
    await page.goto("/handler/sign-in");
    const button = page.getByRole("button", { name: "Continue with corp" });
    await button.waitFor();
    await screenshots(page, "oauth-sign-in-button");
    await button.click();
    await answerAtProvider(page, ada.email!, "Allow");
    await expectSignedInAs(page, server, ada.email!);

    const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(ada.email!)}`);
    expect(users.json.items).toEqual([
      expect.objectContaining({ primary_email: ada.email, primary_email_verified: true, display_name: ada.name, oauth_providers: [{ id: "corp", account_id: ada.sub, email: ada.email }] }),
    ]);

    await page.goto("/handler/sign-out");
    await page.getByRole("heading", { name: "You are signed out" }).waitFor();
    await page.goto("/handler/sign-in");
    await page.getByRole("button", { name: "Continue with corp" }).click();
    await answerAtProvider(page, ada.email!, "Allow");
    await expectSignedInAs(page, server, ada.email!);
    expect((await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(ada.email!)}`)).json.items).toHaveLength(1);
  }, 90_000);

  it("says so on the error page when the person says no at the provider", async () => {
    const { page } = harness();
    const bo = person("oauth-deny");
    await page.goto("/handler/sign-in");
    await page.getByRole("button", { name: "Continue with corp" }).click();
    await answerAtProvider(page, bo.email!, "Deny");
    await page.waitForURL("**/handler/error?**");
    expect(new URL(page.url()).searchParams.get("errorCode")).toBe("OAUTH_PROVIDER_ACCESS_DENIED");
    await page.getByText("The sign-in was cancelled at the provider.").waitFor();
    await screenshots(page, "oauth-denied");
  }, 60_000);
});

describe("account settings: connected accounts", () => {
  it("links another account through the provider and removes it", async () => {
    const { page, server } = harness();
    const user = await signInNewUser(page, server, "oauth-link");
    await openSettings(page, "connected-accounts");
    const section = page.getByRole("region", { name: "Connected accounts" });
    await section.getByText("No connected accounts").waitFor();
    await screenshots(page, "account-connected-accounts-empty");

    const work = person("oauth-work");
    await section.getByRole("button", { name: "Link corp" }).click();
    await answerAtProvider(page, work.email!, "Allow");
    await page.waitForURL("**/handler/account-settings#connected-accounts");
    const item = page.getByRole("listitem", { name: "corp" });
    await item.getByText(work.email!).waitFor();
    await screenshots(page, "account-connected-accounts-linked");
    const links = await callInternal(server, "server", "GET", `/oauth-providers?user_id=${user.userId}`);
    expect(links.json.items).toEqual([expect.objectContaining({ provider_config_id: "corp", account_id: work.sub, email: work.email })]);

    await item.getByRole("button", { name: "Remove corp" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove corp?" });
    await dialog.waitFor();
    await settled(page);
    await screenshots(page, "account-connected-accounts-remove");
    await dialog.getByRole("button", { name: "Remove" }).click();
    await dialog.waitFor({ state: "detached" });
    await section.getByText("No connected accounts").waitFor();
    expect((await callInternal(server, "server", "GET", `/oauth-providers?user_id=${user.userId}`)).json.items).toEqual([]);
  }, 90_000);
});
