/**
 * The device flow (RFC 8628) as a person meets it in Chromium: a command-line tool
 * (openid-client) shows a code and polls; the person opens the project's device page, enters
 * the code, confirms, signs in and allows on the authorize page, and the tool's poll gets tokens
 * for them. The device pages (server-rendered, no script) and the authorize page are checked
 * with axe-core at 1280 and 390 px, and a wrong code is refused on the page.
 */
import AxeBuilder from "@axe-core/playwright";
import * as oidc from "openid-client";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { callInternal, fillCredentials, PASSWORD, PHONE, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();
let config: oidc.Configuration;

async function axe(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of [{ width: 1280, height: 900 }, PHONE]) {
    await page.setViewportSize(size);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    for (const violation of results.violations) found.push(`${where} (${size.width} px): ${violation.id}: ${violation.nodes.map((n) => n.target.join(" ")).join(", ")}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    if (overflow > 0) found.push(`${where} (${size.width} px): scrolls sideways by ${overflow} px`);
  }
  await page.setViewportSize({ width: 1024, height: 720 });
  return found;
}

beforeAll(async () => {
  const { server } = harness();
  await callInternal(server, "admin", "PATCH", "/internal/config/override/environment", { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) });
  const app = await callInternal(server, "admin", "POST", "/internal/oauth-apps", {
    display_name: "Notes CLI",
    type: "public",
    grant_types: ["urn:ietf:params:oauth:grant-type:device_code", "refresh_token"],
  });
  expect(app.status).toBe(201);
  const issuer = new URL(`${server.url}/api/v1/projects/internal/oauth2`);
  config = await oidc.discovery(issuer, (app.json as { client_id: string }).client_id, { token_endpoint_auth_method: "none" }, oidc.None(), {
    execute: [oidc.allowInsecureRequests],
  });
}, 240_000);

describe("the device pages", () => {
  it("let a person sign a command-line tool in by entering its code", async () => {
    const { page, server } = harness();
    const email = uniqueEmail("device");
    const { user_id: userId } = await signUpThroughApi(server, email);
    const device = await oidc.initiateDeviceAuthorization(config, { scope: "openid profile offline_access" });
    const polling = oidc.pollDeviceAuthorizationGrant(config, device);

    await page.goto(device.verification_uri);
    await page.getByRole("heading", { name: "Connect a device" }).waitFor();
    const problems = await axe(page, "code entry");
    await screenshots(page, "oauth-device-code");

    // A wrong code first: refused on the page, which says so next to the field.
    await page.getByRole("textbox", { name: "Code" }).fill("BCDF-GHJK");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").getByText("That code is not valid or has expired.").waitFor();
    problems.push(...(await axe(page, "wrong code")));

    await page.getByRole("textbox", { name: "Code" }).fill(device.user_code);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("heading", { name: "Connect Notes CLI?" }).waitFor();
    expect(await page.getByText(device.user_code).count()).toBe(1);
    problems.push(...(await axe(page, "confirmation")));
    await screenshots(page, "oauth-device-confirm");
    await page.getByRole("button", { name: "Continue" }).click();

    await page.waitForURL(/\/oauth2\/internal\/authorize\//);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    await page.getByRole("heading", { name: "Device connected" }).waitFor();
    problems.push(...(await axe(page, "done")));
    await screenshots(page, "oauth-device-done");
    expect(problems).toEqual([]);

    const tokens = await polling;
    expect(tokens.claims()?.sub).toBe(userId);
    expect((await oidc.fetchUserInfo(config, tokens.access_token, userId)).sub).toBe(userId);
  }, 120_000);
});
