/**
 * The OAuth authorize page (`/oauth2/<project>/authorize/<uid>`) in Chromium, with openid-client
 * as the relying party: it builds the authorization URL (PKCE S256), the page signs the person
 * in and asks, and the app's callback (served here through Playwright's routing) gets a code
 * that openid-client exchanges. Also: deny, a second request answered without a question, a
 * fresh sign-in the app asks for, another account, expired and unknown requests, a project
 * other than `internal` (its own session, second factor and e-mailed link), the page in German,
 * and account settings' "Connected apps" with disconnecting and its effect on the app's token.
 * axe-core runs on every state at 1280 and 390 px, light and dark.
 */
import AxeBuilder from "@axe-core/playwright";
import * as oidc from "openid-client";
import { join } from "node:path";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newTotpSecret, totpCode, type TestServer } from "../harness";
import { openSettings, settled } from "./support/account-settings";
import { callInternal, fillCredentials, PASSWORD, SCREENSHOTS_DIR, signInWithTokens, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, type SeededProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

const RP_HOMEPAGE = "https://rp.example.test/";
/** The app's callback, served in beforeAll on a loopback port (loopback http is a redirect URI the server takes). */
let REDIRECT_URI: string;
const RESOURCE = "https://notes.example.test/";
const WIDE = { width: 1280, height: 900 };
const NARROW = { width: 390, height: 844 };
const ALL_SCOPES = "openid profile email teams offline_access";

interface RelyingParty {
  clientId: string;
  config: oidc.Configuration;
}

let internalName: string;
let internalApp: RelyingParty;

/** The project's OAuth server switched on (with an API as a resource), and an app made through the admin API. */
async function setUpRelyingParty(
  server: TestServer,
  projectId: string,
  admin: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>,
  name: string,
): Promise<RelyingParty> {
  const enabled = await admin("PATCH", "/internal/config/override/environment", {
    config_override_string: JSON.stringify({
      "oauthServer.enabled": true,
      "oauthServer.resources.notes": { uri: RESOURCE, displayName: "Notes API", scopes: "notes:read notes:write" },
    }),
  });
  expect(enabled.status).toBe(200);
  const created = await admin("POST", "/internal/oauth-apps", {
    display_name: name,
    type: "confidential",
    redirect_uris: [REDIRECT_URI],
    homepage_url: RP_HOMEPAGE,
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const issuer = new URL(`${server.url}/api/v1/projects/${projectId}/oauth2`);
  const config = await oidc.discovery(issuer, created.json.client_id, created.json.client_secret, undefined, { execute: [oidc.allowInsecureRequests] });
  return { clientId: created.json.client_id, config };
}

/**
 * An authorization request as the app makes it, with its PKCE verifier, state and nonce. With
 * `resource` (RFC 8707) its access token is for that API (its audience), which userinfo does not take.
 */
async function authorizationRequest(rp: RelyingParty, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const url = oidc.buildAuthorizationUrl(rp.config, {
    redirect_uri: REDIRECT_URI,
    scope: ALL_SCOPES,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    state,
    nonce,
    ...extra,
  });
  return { url: url.href, verifier, state, nonce };
}

/** The app's own site, on a loopback port: its callback page. */
async function serveTheApp(): Promise<Server> {
  const app = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=en><title>Relying party</title><main><h1>Back at the app</h1></main>");
  });
  await new Promise<void>((resolve) => app.listen(0, "127.0.0.1", resolve));
  REDIRECT_URI = `http://127.0.0.1:${(app.address() as AddressInfo).port}/callback`;
  return app;
}

/** Where the browser lands at the app after the page answered. */
async function callbackUrl(page: Page): Promise<URL> {
  await page.waitForURL((url) => url.href.startsWith(REDIRECT_URI), { timeout: 20_000 });
  return new URL(page.url());
}

/** Opens the app's authorization URL and waits for the authorize page of `projectId`. */
async function openAuthorization(page: Page, url: string, projectId = "internal") {
  await page.goto(url);
  await page.waitForURL(new RegExp(`/oauth2/${projectId}/authorize/[A-Za-z0-9_-]+$`));
}

const authorizePath = (page: Page) => new URL(page.url()).pathname;

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  await page.locator(".mantine-Loader-root").first().waitFor({ state: "detached", timeout: 10_000 }).catch(() => undefined);
  await settled(page);
}

/** axe-core (WCAG 2.1 A and AA) on the page as it is, at 1280 and 390 px, light and dark; the violations found. */
async function axeViolations(page: Page, where: string): Promise<string[]> {
  const found: string[] = [];
  for (const size of [WIDE, NARROW]) {
    for (const scheme of ["light", "dark"] as const) {
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme: scheme });
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await settled(page);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      for (const violation of results.violations) {
        found.push(`${where} (${scheme}, ${size.width} px): ${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`);
      }
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize(WIDE);
  return found;
}

/**
 * Screenshots at 1280 and 390 px (`<name>-1280.png`, `<name>-390.png`), light, and a check
 * that at 390 px nothing makes the page scroll sideways.
 */
async function screenshots(page: Page, name: string) {
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await settled(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-${size.width}.png`), fullPage: true });
  }
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  expect(sideways, `${name}: wider than the phone's screen`).toBe(false);
  await page.setViewportSize(WIDE);
}

/** axe-core and screenshots of one state of the page. */
async function check(page: Page, name: string) {
  await settle(page);
  expect(await axeViolations(page, name)).toEqual([]);
  await screenshots(page, name);
}

const consentHeading = (page: Page, appName: string) => page.getByRole("heading", { level: 1, name: new RegExp(`^${appName} wants to sign you in with `) });

async function signInOnPage(page: Page, email: string) {
  await fillCredentials(page, email, PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function exchange(rp: RelyingParty, callback: URL, request: { verifier: string; state: string; nonce: string }) {
  return oidc.authorizationCodeGrant(rp.config, callback, { pkceCodeVerifier: request.verifier, expectedState: request.state, expectedNonce: request.nonce });
}

const storedRefreshToken = (page: Page, projectId: string) => page.evaluate((key) => localStorage.getItem(key), `gatehouse:${projectId}:refresh-token`);

let theApp: Server;
afterAll(() => new Promise<void>((resolve) => (theApp ? theApp.close(() => resolve()) : resolve())));

beforeAll(async () => {
  const { server } = harness();
  theApp = await serveTheApp();
  internalApp = await setUpRelyingParty(server, "internal", (method, path, body) => callInternal(server, "admin", method, path, body), "Relying party");
  // Sign-in with a provider: the internal project's Spotify with shared keys is the development provider (/dev-oauth).
  const provider = await callInternal(server, "admin", "PATCH", "/internal/config/override/environment", {
    config_override_string: JSON.stringify({ "auth.oauth.providers.spotify": { type: "spotify", isShared: true, allowSignIn: true, allowConnectedAccounts: true } }),
  });
  expect(provider.status).toBe(200);
  internalName = (await callInternal(server, "client", "GET", "/projects/current")).json.display_name;
}, 60_000);

describe("the OAuth authorize page", () => {
  it("signs a signed-out person in with a password, asks, and the app gets a code it can exchange", async () => {
    const { page, server } = harness();
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("rp-password");
    const { user_id: userId } = await signUpThroughApi(server, email);

    // prompt=consent: without it the OAuth server drops offline_access (OpenID Connect Core §11).
    const request = await authorizationRequest(internalApp, { prompt: "consent", scope: `${ALL_SCOPES} notes:read`, resource: RESOURCE });
    await openAuthorization(page, request.url);
    await page.getByRole("heading", { level: 1, name: `Sign in to ${internalName}` }).waitFor();
    await page.getByText(`An app wants to sign you in with ${internalName}.`, { exact: false }).waitFor();
    expect(await page.getByTestId("project-name").textContent()).toBe(internalName);
    // This site's own project: its password reset page serves these users.
    await page.getByRole("link", { name: "Forgot password?" }).waitFor();
    await check(page, "oauth-authorize-sign-in");

    await signInOnPage(page, email);
    await consentHeading(page, "Relying party").waitFor();
    expect(await page.getByTestId("consent-account").textContent()).toBe(email);
    const asks = page.getByRole("list", { name: "What Relying party asks for" });
    for (const words of ["Know your account ID", "See your name and profile picture", "See your e-mail address", "See the teams you belong to", "Stay connected when you are not using it"]) {
      await asks.getByText(words, { exact: true }).waitFor();
    }
    const resource = page.getByTestId("consent-resource");
    expect(await resource.textContent()).toContain("Notes API");
    expect(await resource.textContent()).toContain(RESOURCE);
    expect(await resource.textContent()).toContain("notes:read");
    await page.getByRole("link", { name: "rp.example.test (opens in a new tab)" }).waitFor();
    await check(page, "oauth-authorize-consent");

    const uidPath = authorizePath(page);
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const callback = await callbackUrl(page);
    expect(callback.searchParams.get("state")).toBe(request.state);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const tokens = await exchange(internalApp, callback, request);
    expect(tokens.claims()).toMatchObject({ sub: userId, aud: internalApp.clientId, nonce: request.nonce });
    // The access token is for the API the person allowed, with its scope (opaque: the app's introspection says so).
    expect(await oidc.tokenIntrospection(internalApp.config, tokens.access_token)).toMatchObject({ active: true, sub: userId, aud: RESOURCE, scope: "notes:read" });
    expect(tokens.refresh_token).toBeTruthy();

    // The request was answered: opened again, it is over.
    await page.goto(uidPath);
    await page.getByRole("heading", { level: 1, name: "This sign-in request has expired" }).waitFor();
    await check(page, "oauth-authorize-expired");
  }, 180_000);

  it("returns access_denied on Deny, and answers a request the person allowed before without asking", async () => {
    const { page, context, server } = harness();
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("rp-deny");
    const tokens = await signUpThroughApi(server, email);
    await signInWithTokens(page, tokens);

    const denied = await authorizationRequest(internalApp);
    await openAuthorization(page, denied.url);
    await consentHeading(page, "Relying party").waitFor();
    await page.getByRole("button", { name: "Deny", exact: true }).click();
    const refusal = await callbackUrl(page);
    expect(refusal.searchParams.get("error")).toBe("access_denied");
    expect(refusal.searchParams.get("state")).toBe(denied.state);
    expect(refusal.searchParams.get("code")).toBeNull();

    const allowed = await authorizationRequest(internalApp);
    await openAuthorization(page, allowed.url);
    await consentHeading(page, "Relying party").waitFor();
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    expect((await callbackUrl(page)).searchParams.get("code")).toBeTruthy();

    // Another browser with the same Gatehouse session but no OAuth server cookie: the OAuth
    // server asks the page, which finds the request allowed before and answers without a question.
    const other = await context.browser()!.newContext({ baseURL: server.url, viewport: WIDE });
    try {
      const quiet = await other.newPage();
      let consentShown = false;
      await quiet.exposeFunction("consentShown", () => (consentShown = true));
      await quiet.addInitScript(() => {
        new MutationObserver(() => {
          if ([...document.querySelectorAll("button")].some((button) => button.textContent === "Allow")) (window as unknown as { consentShown: () => void }).consentShown();
        }).observe(document, { childList: true, subtree: true });
      });
      await signInWithTokens(quiet, tokens);
      const read = quiet.waitForResponse((response) => /\/api\/v1\/oauth-apps\/authorizations\/[^/]+$/.test(response.url()) && response.request().method() === "GET");
      const again = await authorizationRequest(internalApp);
      await quiet.goto(again.url);
      expect((await (await read).json()).needs_decision).toBe(false);
      const callback = await callbackUrl(quiet);
      expect(callback.searchParams.get("state")).toBe(again.state);
      const exchanged = await exchange(internalApp, callback, again);
      expect(exchanged.access_token).toBeTruthy();
      expect(consentShown).toBe(false);
    } finally {
      await other.close();
    }
  }, 120_000);

  it("signs out and in again when the app asks for a fresh sign-in, and lets another account answer", async () => {
    const { page, server } = harness();
    await page.setViewportSize(WIDE);
    const first = uniqueEmail("rp-first");
    const second = uniqueEmail("rp-second");
    const tokens = await signUpThroughApi(server, first);
    await signUpThroughApi(server, second);
    await signInWithTokens(page, tokens);
    // The request's time is kept in whole seconds, and a sign-in in the same second as the request counts as made after it.
    await new Promise((resolve) => setTimeout(resolve, 1100));

    const request = await authorizationRequest(internalApp, { prompt: "login consent" });
    await openAuthorization(page, request.url);
    // Signed in before the request was made: the page signs out and asks to sign in again.
    await page.getByRole("heading", { level: 1, name: `Sign in to ${internalName}` }).waitFor();
    await page.getByRole("status").filter({ hasText: "The app asks for a sign-in made just now" }).waitFor();
    await page.getByText(`Relying party wants to sign you in with ${internalName}.`).waitFor();
    expect(await storedRefreshToken(page, "internal")).toBeNull();
    await check(page, "oauth-authorize-fresh-sign-in");

    await signInOnPage(page, first);
    await consentHeading(page, "Relying party").waitFor();
    expect(await page.getByTestId("consent-account").textContent()).toBe(first);

    // Not this account: sign out, and in as another.
    await page.getByRole("button", { name: "Use another account" }).click();
    await page.getByRole("heading", { level: 1, name: `Sign in to ${internalName}` }).waitFor();
    expect(await page.getByRole("status").filter({ hasText: "The app asks" }).count()).toBe(0);
    await signInOnPage(page, second);
    await consentHeading(page, "Relying party").waitFor();
    expect(await page.getByTestId("consent-account").textContent()).toBe(second);
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const callback = await callbackUrl(page);
    const answered = await exchange(internalApp, callback, request);
    const me = await callInternal(server, "server", "GET", `/users/${answered.claims()!.sub}`);
    expect(me.json.primary_email).toBe(second);
  }, 120_000);

  it("signs in with a provider, whose callback comes back to the request", async () => {
    const { page } = harness();
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("rp-provider");
    const request = await authorizationRequest(internalApp);
    await openAuthorization(page, request.url);
    const uidPath = authorizePath(page);
    await page.getByRole("button", { name: "Continue with Spotify" }).click();
    await page.waitForURL("**/dev-oauth/interaction/**");
    await page.getByLabel("E-mail").fill(email);
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await consentHeading(page, "Relying party").waitFor();
    // The provider's code and state are used and gone from the address.
    expect(new URL(page.url()).pathname).toBe(uidPath);
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByTestId("consent-account").textContent()).toBe(email);
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const tokens = await exchange(internalApp, await callbackUrl(page), request);
    expect(tokens.claims()?.sub).toBeTruthy();
  }, 90_000);

  it("creates an account on this site's sign-up page and comes back to the request", async () => {
    const { page } = harness();
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("rp-new");
    const request = await authorizationRequest(internalApp);
    await openAuthorization(page, request.url);
    const uidPath = authorizePath(page);
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(`**/handler/sign-up?after_auth_return_to=${encodeURIComponent(uidPath)}`);
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await consentHeading(page, "Relying party").waitFor();
    expect(new URL(page.url()).pathname).toBe(uidPath);
    expect(await page.getByTestId("consent-account").textContent()).toBe(email);
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    expect((await callbackUrl(page)).searchParams.get("code")).toBeTruthy();
  }, 90_000);

  it("says so for a request that is unknown, and for a project this site does not know", async () => {
    const { page, server } = harness();
    await page.setViewportSize(WIDE);
    const tokens = await signUpThroughApi(server, uniqueEmail("rp-unknown"));
    await signInWithTokens(page, tokens);
    await page.goto("/oauth2/internal/authorize/no-such-request");
    await page.getByRole("heading", { level: 1, name: "This sign-in request has expired" }).waitFor();
    await page.getByText("Go back to the app and start signing in again.", { exact: false }).waitFor();

    await page.goto("/oauth2/no-such-project/authorize/no-such-request");
    await page.getByRole("heading", { level: 1, name: "This sign-in request cannot be opened" }).waitFor();
    await page.getByRole("alert").getByText("The address names a project this site does not know.", { exact: false }).waitFor();
    await check(page, "oauth-authorize-unknown-project");
  }, 60_000);

  it("signs in to another project with its own session: password and second factor, then an e-mailed link", async () => {
    const { page, server, mail } = harness();
    await page.setViewportSize(WIDE);
    const project: SeededProject = await createSeededProject(server, "Harbour app");
    expect((await project.asAdmin("PATCH", "/internal/projects/current", { config: { magic_link_enabled: true } })).status).toBe(200);
    const rp = await setUpRelyingParty(server, project.projectId, project.asAdmin, "Tide tables");

    // A user of that project (not of `internal`) with two-factor sign-in on.
    const email = uniqueEmail("harbour-user");
    const signedUp = await project.asClient("POST", "/auth/password/sign-up", {}, { email, password: PASSWORD });
    expect(signedUp.status).toBe(200);
    const secret = newTotpSecret();
    const enrolled = await project.asClient("PATCH", "/users/me", { "x-stack-access-token": signedUp.json.access_token }, { totp_secret_base64: secret.base64 });
    expect(enrolled.json.requires_totp_mfa).toBe(true);

    const request = await authorizationRequest(rp);
    await openAuthorization(page, request.url, project.projectId);
    await page.getByRole("heading", { level: 1, name: "Sign in to Harbour app" }).waitFor();
    expect(await page.getByTestId("project-name").textContent()).toBe("Harbour app");
    // This site's password reset page is the internal project's: not offered to another project's users.
    expect(await page.getByRole("link", { name: "Forgot password?" }).count()).toBe(0);
    expect(await page.getByRole("link", { name: "Create an account" }).count()).toBe(0);
    await page.getByRole("tab", { name: "Password" }).click();
    await signInOnPage(page, email);
    await page.getByRole("heading", { level: 1, name: "Two-factor authentication" }).waitFor();
    expect(new URL(page.url()).searchParams.get("step")).toBe("second-factor");
    await check(page, "oauth-authorize-second-factor");
    await page.getByLabel("Authentication code").fill(totpCode(secret.bytes));
    await page.getByRole("button", { name: "Verify" }).click();
    await consentHeading(page, "Tide tables").waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Tide tables wants to sign you in with Harbour app");
    // The project's session is kept under its own id; this site's own project has none.
    expect(await storedRefreshToken(page, project.projectId)).toBeTruthy();
    expect(await storedRefreshToken(page, "internal")).toBeNull();
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const callback = await callbackUrl(page);
    const tokens = await exchange(rp, callback, request);
    expect(tokens.claims()).toMatchObject({ sub: signedUp.json.user_id, iss: `${server.url}/api/v1/projects/${project.projectId}/oauth2` });

    // Another user of the project signs in with the e-mailed link, which comes back to this page.
    const linkUser = uniqueEmail("harbour-link");
    expect((await project.asServer("POST", "/users", { primary_email: linkUser, primary_email_verified: true, primary_email_auth_enabled: true, otp_auth_enabled: true })).status).toBe(201);
    await page.goto("/");
    await page.evaluate((key) => {
      localStorage.removeItem(`${key}:access-token`);
      localStorage.removeItem(`${key}:refresh-token`);
    }, `gatehouse:${project.projectId}`);
    const byLink = await authorizationRequest(rp, { prompt: "consent" });
    await openAuthorization(page, byLink.url, project.projectId);
    const uidPath = authorizePath(page);
    await page.getByRole("tab", { name: "E-mail code" }).click();
    await page.getByRole("textbox", { name: "E-mail", exact: true }).fill(linkUser);
    await page.getByRole("button", { name: "Send me a code" }).click();
    await page.getByText("We sent a code to", { exact: false }).waitFor();
    const message = await mail.waitFor(linkUser);
    const link = new RegExp(`${server.url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${uidPath}\\?code=[A-Za-z0-9]+`).exec(message.text)?.[0];
    expect(link, message.text).toBeTruthy();
    await page.goto(link!);
    await consentHeading(page, "Tide tables").waitFor();
    expect(new URL(page.url()).search).toBe("");
    expect(await page.getByTestId("consent-account").textContent()).toBe(linkUser);
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    expect((await callbackUrl(page)).searchParams.get("code")).toBeTruthy();
  }, 180_000);

  it("asks in the person's language", async () => {
    const { context, server } = harness();
    const german = await context.browser()!.newContext({ baseURL: server.url, viewport: WIDE, locale: "de-DE" });
    try {
      const page = await german.newPage();
      const tokens = await signUpThroughApi(server, uniqueEmail("rp-de"));
      await signInWithTokens(page, tokens);
      await openAuthorization(page, (await authorizationRequest(internalApp)).url);
      await page.getByRole("heading", { level: 1, name: `Relying party möchte Sie mit ${internalName} anmelden` }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("de");
      await page.getByRole("button", { name: "Erlauben", exact: true }).waitFor();
      await page.getByRole("button", { name: "Ablehnen", exact: true }).waitFor();
      await page.getByText("Ihre E-Mail-Adresse sehen", { exact: true }).waitFor();
      await screenshots(page, "oauth-authorize-consent-de");
    } finally {
      await german.close();
    }
  }, 60_000);
});

describe("account settings: connected apps", () => {
  it("lists the app the person allowed; disconnecting it ends the app's access at once", async () => {
    const { page, server } = harness();
    await page.setViewportSize(WIDE);
    const email = uniqueEmail("rp-connected");
    const tokens = await signUpThroughApi(server, email);
    await signInWithTokens(page, tokens);

    await openSettings(page, "connected-apps");
    const section = page.getByRole("region", { name: "Connected apps" });
    await section.getByText("No connected apps").waitFor();
    await section.getByText("No app can sign you in with your account yet.", { exact: false }).waitFor();
    await check(page, "account-connected-apps-empty");

    // Allowed with an API's scope, then a second request (not asked again) for a token userinfo takes.
    const first = await authorizationRequest(internalApp, { prompt: "consent", scope: `${ALL_SCOPES} notes:read`, resource: RESOURCE });
    await openAuthorization(page, first.url);
    await consentHeading(page, "Relying party").waitFor();
    await page.getByRole("button", { name: "Allow", exact: true }).click();
    const withApi = await exchange(internalApp, await callbackUrl(page), first);
    const request = await authorizationRequest(internalApp);
    await page.goto(request.url);
    const granted = await exchange(internalApp, await callbackUrl(page), request);
    expect((await oidc.tokenIntrospection(internalApp.config, granted.access_token)).active).toBe(true);
    expect((await oidc.fetchUserInfo(internalApp.config, granted.access_token, oidc.skipSubjectCheck)).email).toBe(email);

    await openSettings(page, "connected-apps");
    const item = section.getByRole("listitem", { name: "Relying party" });
    await item.waitFor();
    expect(await item.textContent()).toContain("Allowed just now");
    const may = item.getByRole("list", { name: "What Relying party may do" });
    for (const words of ["Know your account ID", "See your e-mail address", "Stay connected when you are not using it"]) await may.getByText(words, { exact: true }).waitFor();
    await may.getByText("notes:read", { exact: true }).waitFor();
    await check(page, "account-connected-apps");

    await item.getByRole("button", { name: "Disconnect Relying party" }).click();
    const dialog = page.getByRole("dialog", { name: "Disconnect Relying party?" });
    await dialog.getByText("its access ends now", { exact: false }).waitFor();
    await settled(page);
    await screenshots(page, "account-connected-apps-disconnect");
    await dialog.getByRole("button", { name: "Disconnect", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Relying party is disconnected.").waitFor();
    await section.getByText("No connected apps").waitFor();

    // The app's tokens stopped with it.
    expect((await oidc.tokenIntrospection(internalApp.config, granted.access_token)).active).toBe(false);
    await expect(oidc.fetchUserInfo(internalApp.config, granted.access_token, oidc.skipSubjectCheck)).rejects.toThrow();
    await expect(oidc.refreshTokenGrant(internalApp.config, withApi.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  }, 120_000);

  it("lists the agent credentials a person gave, and revoking one stops its token at once", async () => {
    const { page, server } = harness();
    await page.setViewportSize(WIDE);
    const tokens = await signUpThroughApi(server, uniqueEmail("rp-agent"));
    await signInWithTokens(page, tokens);
    const team = await callInternal(server, "server", "POST", "/teams", { display_name: "Night Shift", creator_user_id: tokens.user_id });
    expect(team.status).toBe(201);
    const made = await fetch(`${server.url}/api/v1/oauth-apps/agent-credentials?user_id=me`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-access-token": tokens.access_token },
      body: JSON.stringify({
        client_id: internalApp.clientId,
        team_id: team.json.id,
        permissions: ["$read_members"],
        description: "Weekly summary",
        expires_at_millis: Date.now() + (3 * 24 + 1) * 3600_000,
      }),
    });
    const credential = await made.json();
    expect(made.status, JSON.stringify(credential)).toBe(201);
    expect((await oidc.tokenIntrospection(internalApp.config, credential.access_token)).active).toBe(true);

    await openSettings(page, "connected-apps");
    const item = page.getByRole("list", { name: "Your agent credentials" }).getByRole("listitem", { name: "Weekly summary" });
    await item.waitFor({ timeout: 10_000 }).catch(async (error) => {
      throw new Error(`${error}\n${await page.getByRole("region", { name: "Connected apps" }).innerText()}`);
    });
    expect((await item.innerText()).split("\n").filter(Boolean)).toEqual(["Weekly summary", `For ${internalApp.clientId} in Night Shift · expires in 3 days`, "Revoke", "Permissions: $read_members"]);
    await item.getByText("$read_members", { exact: true }).waitFor();
    await check(page, "account-agent-credentials");

    await item.getByRole("button", { name: "Revoke Weekly summary" }).click();
    const dialog = page.getByRole("dialog", { name: "Revoke Weekly summary?" });
    await dialog.getByRole("button", { name: "Revoke", exact: true }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByText("Weekly summary is revoked.").waitFor();
    await page.getByRole("heading", { name: "Agent credentials" }).waitFor({ state: "detached" });
    expect((await oidc.tokenIntrospection(internalApp.config, credential.access_token)).active).toBe(false);
  }, 120_000);
});
