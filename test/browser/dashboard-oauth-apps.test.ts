/**
 * The dashboard's OAuth apps: the project made an OAuth server from its page, an API added for
 * tokens, a confidential app whose secret (shown once) then gets tokens from the issuer through
 * openid-client, a public app, an app's redirect URIs changed, its secret rotated (the old one
 * refused) and the app deleted; the server's refusal of a redirect URI shown in the form; and a
 * user's connected app on the user's page, disconnected. axe-core scans each state light at
 * 1280 px and dark at 390 px, and screenshots are taken at desktop and phone width.
 */
import AxeBuilder from "@axe-core/playwright";
import * as oidc from "openid-client";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { CookieBrowser } from "../support/cookie-browser";
import { settled } from "./support/account-settings";
import { clearForScreenshot } from "./support/admin-project";
import { PASSWORD, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { callProject, clientHeaders, openProjectPage, pageScreenshots, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

const RESOURCE = "https://notes.example.test/";
const CALLBACK = "http://127.0.0.1:4999/callback";
const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];
const VIEWS = [
  { scheme: "light", width: 1280 },
  { scheme: "dark", width: 390 },
] as const;

/** axe-core's violations on the page as it is (or inside `include`), light at 1280 px and dark at 390 px, as "rule: nodes" lines. */
async function violations(page: Page, include?: string): Promise<string[]> {
  // Success notifications are not the page's: closed first, as the other tests' screenshots do.
  if (!include) await clearForScreenshot(page);
  const found: string[] = [];
  for (const view of VIEWS) {
    await page.setViewportSize({ width: view.width, height: 900 });
    await page.emulateMedia({ colorScheme: view.scheme });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await settled(page);
    const builder = new AxeBuilder({ page }).withTags(WCAG_AA);
    const results = await (include ? builder.include(include) : builder).analyze();
    for (const violation of results.violations) {
      found.push(`${view.scheme} ${view.width} px, ${violation.id}: ${violation.nodes.slice(0, 3).map((node) => `${node.target.join(" ")} ${node.failureSummary ?? ""}`).join(" | ")}`);
    }
  }
  await page.setViewportSize({ width: 1024, height: 720 });
  await page.emulateMedia({ colorScheme: "light" });
  await settled(page);
  return found;
}

/** Types each tag into a tags field, as a person would: the word, then Enter. */
async function addTags(field: Locator, tags: string[]) {
  for (const tag of tags) {
    await field.fill(tag);
    await field.press("Enter");
  }
}

/** openid-client's view of the project's OAuth server, as a client with `secret` (none for a public client). */
const discover = (issuer: string, clientId: string, secret?: string) =>
  oidc.discovery(new URL(issuer), clientId, secret, secret ? undefined : oidc.None(), { execute: [oidc.allowInsecureRequests] });

/** What the token endpoint answers a client-credentials request for the notes API with `secret`: "ok" or the OAuth error. */
async function clientCredentials(issuer: string, clientId: string, secret: string): Promise<string> {
  try {
    const tokens = await oidc.clientCredentialsGrant(await discover(issuer, clientId, secret), { resource: RESOURCE, scope: "notes:read" });
    return tokens.access_token ? "ok" : "no token";
  } catch (error) {
    return (error as { error?: string }).error ?? String(error);
  }
}

describe("dashboard: OAuth apps", () => {
  it("turns the OAuth server on, adds an API, creates apps whose secret works, edits, rotates and deletes one", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "oauth-owner", { name: "Harbour app" });
    const issuer = `${server.url}/api/v1/projects/${projectId}/oauth2`;
    const oauthServer = async () => (JSON.parse((await admin("GET", "/internal/config")).json.config_string) as { oauthServer: Record<string, unknown> }).oauthServer;
    const apps = async () => (await admin("GET", "/internal/oauth-apps")).json.items as Array<Record<string, any>>;

    await openProjectPage(page, projectId, "oauth-apps", "OAuth apps");
    await page.getByText("No OAuth apps yet").waitFor();
    await page.getByText("No APIs or MCP servers yet").waitFor();
    expect(await page.getByTestId("oauth-issuer").count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-oauth-apps-empty");

    // On: the issuer and discovery addresses appear, and the server answers at them.
    await page.getByRole("switch", { name: "Sign in with Harbour app" }).check();
    await page.getByText("Sign in with Harbour app is on.").waitFor();
    expect((await page.getByTestId("oauth-issuer").textContent())?.trim()).toBe(issuer);
    expect((await page.getByTestId("oauth-discovery").textContent())?.trim()).toBe(`${issuer}/.well-known/openid-configuration`);
    expect(await oauthServer()).toMatchObject({ enabled: true, dynamicClientRegistration: false });
    const metadata = async () => (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { issuer: string; registration_endpoint?: string };
    expect((await metadata()).issuer).toBe(issuer);
    expect((await metadata()).registration_endpoint).toBeUndefined();
    await page.getByRole("switch", { name: "Let apps register themselves" }).check();
    await page.getByText("Apps may now register themselves.").waitFor();
    expect((await oauthServer()).dynamicClientRegistration).toBe(true);
    expect((await metadata()).registration_endpoint).toBe(`${issuer}/reg`);

    // An API tokens may be for, with two scopes.
    await page.getByRole("button", { name: "Add API or MCP server" }).click();
    const resourceForm = page.getByRole("dialog", { name: "Add an API or MCP server" });
    await resourceForm.getByRole("textbox", { name: "ID" }).fill("notes");
    await resourceForm.getByRole("textbox", { name: "URI" }).fill("http://notes.example.test/");
    await resourceForm.getByRole("button", { name: "Add", exact: true }).click();
    await resourceForm.getByText("Use https (http only on localhost").waitFor();
    await resourceForm.getByRole("textbox", { name: "URI" }).fill(RESOURCE);
    await resourceForm.getByRole("textbox", { name: "Display name" }).fill("Notes API");
    await addTags(resourceForm.getByLabel("Scopes", { exact: true }), ["notes:read", "notes:write"]);
    await resourceForm.getByRole("button", { name: "Add", exact: true }).click();
    await resourceForm.waitFor({ state: "detached" });
    const resource = page.getByRole("listitem", { name: "Notes API" });
    await resource.getByText(RESOURCE).waitFor();
    await resource.getByText("notes:write").waitFor();
    expect((await oauthServer()).resources).toEqual({ notes: { uri: RESOURCE, displayName: "Notes API", scopes: "notes:read notes:write" } });

    // A confidential app: the form's own checks, then the server's refusal of a redirect URI, in its words.
    await page.getByRole("button", { name: "Create app" }).click();
    const form = page.getByRole("dialog", { name: "Create an OAuth app" });
    await settled(page);
    expect(await violations(page, "[role=dialog]")).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-oauth-apps-create");
    await form.getByRole("button", { name: "Create app" }).click();
    await form.getByText("Give the app a name").waitFor();
    await form.getByText("Enter at least one redirect URI").waitFor();
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Harbour web");
    await form.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill("http://harbour.example.test/callback");
    await form.getByRole("button", { name: "Create app" }).click();
    const refusal = form.getByRole("alert");
    await refusal.getByText("http://harbour.example.test/callback uses http, which only loopback addresses may").waitFor();
    const refused = await admin("POST", "/internal/oauth-apps", { display_name: "Harbour web", type: "confidential", redirect_uris: ["http://harbour.example.test/callback"] });
    expect(refused.json.code).toBe("OAUTH_APP_INVALID");
    expect(await refusal.textContent()).toContain(refused.json.error);
    await form.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill(`https://harbour.example.test/callback\n${CALLBACK}`);
    await form.getByRole("checkbox", { name: "Act on its own" }).check();
    await addTags(form.getByLabel("Scopes", { exact: true }), ["openid", "profile"]);
    await form.getByRole("button", { name: "Create app" }).click();

    const created = page.getByRole("dialog", { name: "Harbour web is created" });
    await created.getByText("you will not see it again").waitFor();
    const clientId = (await created.getByTestId("oauth-client-id").textContent())!.trim();
    const secret = (await created.getByTestId("oauth-client-secret").textContent())!.trim();
    expect(clientId).toMatch(/^oa_/);
    expect(secret).toMatch(/^oas_/);
    await created.getByText(issuer).waitFor();
    expect(await violations(page, "[role=dialog]")).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-oauth-apps-secret");
    // The secret shown is the app's: the issuer gives it a token for the notes API.
    expect(await clientCredentials(issuer, clientId, secret)).toBe("ok");
    await created.getByRole("button", { name: "Done" }).click();
    await created.waitFor({ state: "detached" });
    expect(await apps()).toEqual([
      expect.objectContaining({
        client_id: clientId,
        display_name: "Harbour web",
        type: "confidential",
        redirect_uris: ["https://harbour.example.test/callback", CALLBACK],
        grant_types: ["authorization_code", "refresh_token", "client_credentials"],
        scope: "openid profile",
        registered_by: "admin",
      }),
    ]);
    const row = page.getByRole("table", { name: "OAuth apps" }).getByRole("row").filter({ hasText: "Harbour web" });
    await row.getByText(clientId).waitFor();
    await row.getByText("Client credentials").waitFor();

    // A public app: no client credentials, no secret.
    await page.getByRole("button", { name: "Create app" }).click();
    await form.getByRole("textbox", { name: "Name", exact: true }).fill("Harbour CLI");
    await form.getByRole("radio", { name: "Public" }).check();
    expect(await form.getByRole("checkbox", { name: "Act on its own" }).isDisabled()).toBe(true);
    await form.getByRole("checkbox", { name: "Sign in on another device" }).check();
    await form.getByRole("textbox", { name: "Redirect URIs", exact: true }).fill("http://127.0.0.1:8976/callback");
    await form.getByRole("button", { name: "Create app" }).click();
    const createdPublic = page.getByRole("dialog", { name: "Harbour CLI is created" });
    await createdPublic.getByText("A public app has no secret").waitFor();
    const publicId = (await createdPublic.getByTestId("oauth-client-id").textContent())!.trim();
    expect(await createdPublic.getByTestId("oauth-client-secret").count()).toBe(0);
    await createdPublic.getByRole("button", { name: "Done" }).click();
    await createdPublic.waitFor({ state: "detached" });
    expect((await apps()).find((app) => app.client_id === publicId)).toMatchObject({
      type: "public",
      token_endpoint_auth_method: "none",
      grant_types: ["authorization_code", "refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
    });
    await page.getByRole("table", { name: "OAuth apps" }).getByRole("row").filter({ hasText: "Harbour CLI" }).getByText("Public").waitFor();
    await settled(page);
    expect(await violations(page)).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-oauth-apps");

    // The app's page: its redirect URIs changed, a fragment refused by the server.
    await row.getByRole("link", { name: "Harbour web" }).click();
    await page.getByRole("heading", { name: "Harbour web", level: 1 }).waitFor();
    const settings = page.getByRole("region", { name: "Settings" });
    const redirectUris = settings.getByRole("textbox", { name: "Redirect URIs", exact: true });
    expect(await redirectUris.inputValue()).toBe(`https://harbour.example.test/callback\n${CALLBACK}`);
    await redirectUris.fill("https://harbour.example.test/callback#done");
    await settings.getByRole("button", { name: "Save changes" }).click();
    await settings.getByRole("alert").getByText("https://harbour.example.test/callback#done has a fragment").waitFor();
    await redirectUris.fill(`https://harbour.example.test/signed-in\n${CALLBACK}`);
    await settings.getByRole("button", { name: "Save changes" }).click();
    await page.getByText("Harbour web is saved.").waitFor();
    expect((await admin("GET", `/internal/oauth-apps/${clientId}`)).json.redirect_uris).toEqual(["https://harbour.example.test/signed-in", CALLBACK]);
    expect(await settings.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true);
    await settled(page);
    expect(await violations(page)).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-oauth-app");

    // A new secret: shown once, the old one refused at once.
    await page.getByRole("button", { name: "Rotate secret" }).click();
    const confirmRotate = page.getByRole("dialog", { name: "Give Harbour web a new secret?" });
    await confirmRotate.getByText("The current secret stops working at once").waitFor();
    await confirmRotate.getByRole("button", { name: "Rotate secret" }).click();
    const rotated = page.getByRole("dialog", { name: "The new secret of Harbour web" });
    await rotated.getByText("you will not see it again").waitFor();
    const newSecret = (await rotated.getByTestId("oauth-client-secret").textContent())!.trim();
    expect(newSecret).toMatch(/^oas_/);
    expect(newSecret).not.toBe(secret);
    await rotated.getByRole("button", { name: "Done" }).click();
    expect(await clientCredentials(issuer, clientId, secret)).toBe("invalid_client");
    expect(await clientCredentials(issuer, clientId, newSecret)).toBe("ok");

    // Deleted: back to the list, and its credentials no longer work.
    await page.getByRole("button", { name: "Delete app" }).click();
    const confirmDelete = page.getByRole("dialog", { name: "Delete Harbour web?" });
    await confirmDelete.getByText("Its users' tokens stop working at once").waitFor();
    await confirmDelete.getByRole("button", { name: "Delete app" }).click();
    await page.getByRole("heading", { name: "OAuth apps", level: 1 }).waitFor();
    await page.getByText("Harbour web is deleted.").waitFor();
    await page.getByRole("table", { name: "OAuth apps" }).getByRole("row").filter({ hasText: "Harbour CLI" }).waitFor();
    expect(await page.getByRole("table", { name: "OAuth apps" }).getByRole("row").filter({ hasText: "Harbour web" }).count()).toBe(0);
    expect((await apps()).map((app) => app.client_id)).toEqual([publicId]);
    expect(await clientCredentials(issuer, clientId, newSecret)).toBe("invalid_client");

    // The API removed: the project no longer lists it.
    await page.getByRole("listitem", { name: "Notes API" }).getByRole("button", { name: "Remove Notes API" }).click();
    await page.getByRole("dialog", { name: "Remove Notes API?" }).getByRole("button", { name: "Remove" }).click();
    await page.getByText("No APIs or MCP servers yet").waitFor();
    expect((await oauthServer()).resources).toEqual({});
  }, 180_000);

  it("shows the apps a user allowed on the user's page, and disconnects one", async () => {
    const { page, server } = harness();
    const { projectId, admin, keys } = await signInWithProject(page, server, "oauth-users-owner", { withKeys: true });
    const issuer = `${server.url}/api/v1/projects/${projectId}/oauth2`;
    const enabled = await admin("PATCH", "/internal/config/override/environment", { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) });
    expect(enabled.status).toBe(200);
    const app = await admin("POST", "/internal/oauth-apps", { display_name: "Harbour CLI", type: "public", redirect_uris: [CALLBACK] });
    expect(app.status).toBe(201);
    const clientId = app.json.client_id as string;

    // A user of the project signs in to the app and allows it, as the authorize page would answer.
    const email = uniqueEmail("connected");
    const user = await callProject(server, projectId, clientHeaders(keys!.publishableKey), "POST", "/auth/password/sign-up", { email, password: PASSWORD });
    expect(user.status).toBe(200);
    const asUser = { ...clientHeaders(keys!.publishableKey), "x-stack-access-token": user.json.access_token as string };
    const config = await discover(issuer, clientId);
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const authorizationUrl = oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: "openid profile email offline_access",
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      prompt: "consent",
    });
    const browser = new CookieBrowser();
    const authorizePage = await browser.follow(authorizationUrl, CALLBACK);
    const uid = /\/authorize\/([^/?]+)$/.exec(authorizePage.url.pathname)?.[1];
    expect(uid, authorizePage.url.href).toBeTruthy();
    const answered = await callProject(server, projectId, asUser, "POST", `/oauth-apps/authorizations/${uid}`, { decision: "allow" });
    expect(answered.status).toBe(200);
    const back = await browser.follow(answered.json.redirect_to, CALLBACK);
    const tokens = await oidc.authorizationCodeGrant(config, back.url, { pkceCodeVerifier: verifier, expectedState: state });
    expect(tokens.refresh_token).toBeTruthy();

    await page.goto(`/dashboard/projects/${projectId}/users/${user.json.user_id}`);
    const section = page.getByRole("region", { name: "Connected apps" });
    const connection = section.getByRole("listitem", { name: "Harbour CLI" });
    await connection.getByText("offline_access").waitFor();
    await connection.getByText(/^Allowed/).waitFor();
    await settled(page);
    await section.scrollIntoViewIfNeeded();
    expect(await violations(page, "section[aria-label='Connected apps']")).toEqual([]);
    await clearForScreenshot(page);
    await pageScreenshots(page, "dashboard-user-connected-apps");

    await connection.getByRole("button", { name: "Disconnect Harbour CLI" }).click();
    const confirm = page.getByRole("dialog", { name: "Disconnect Harbour CLI?" });
    await confirm.getByText("its tokens for the user stop working at once").waitFor();
    await confirm.getByRole("button", { name: "Disconnect" }).click();
    await section.getByText("No connected apps").waitFor();
    await page.getByText("Harbour CLI is disconnected.").waitFor();
    expect((await admin("GET", `/oauth-apps/connections?user_id=${user.json.user_id}`)).json.items).toEqual([]);
    await expect(oidc.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  }, 120_000);
});
