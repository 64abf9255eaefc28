import { startMailCatcher, startServer, TEST_INTERNAL_KEYS, type MailCatcher, type TestServer } from "../../harness";
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { ensureWebBuilt, WEB_DIST_DIR } from "../../../scripts/web-build.mjs";

const CHROMIUM = "/usr/bin/chromium";
export const PASSWORD = "correct horse battery staple";
/** Where screenshots go: test-output/screenshots (git-ignored) unless `GATEHOUSE_SCREENSHOTS` says otherwise. */
export const SCREENSHOTS_DIR = process.env.GATEHOUSE_SCREENSHOTS ?? fileURLToPath(new URL("../../../test-output/screenshots", import.meta.url));
export const DESKTOP = { width: 1024, height: 720 };
export const PHONE = { width: 390, height: 844 };

export interface BrowserHarness {
  server: TestServer;
  mail: MailCatcher;
  page: Page;
  context: BrowserContext;
}

/** Debian's Chromium, headless, kept off the network beyond loopback (the machine has none). */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests drive Debian's Chromium at ${CHROMIUM}, which is missing: run \`apt-get install -y chromium\` (CI installs it).`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * One server (real SMTP catcher, PGlite) and one Chromium per test file, a fresh browser
 * context per test, and a failure for any uncaught error in the page. Call at the top level.
 */
export function useBrowserHarness(options: { env?: () => Promise<Record<string, string>> } = {}): () => BrowserHarness {
  let server: TestServer;
  let mail: MailCatcher;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[] = [];

  beforeAll(async () => {
    ensureWebBuilt({ log: () => {} });
    mail = await startMailCatcher();
    // Projects send their own mail through the shared test server too (off by default; see `EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL` in docs/configure.md).
    // `options.env`: what a test's own stand-ins tell the server (DNS_SERVERS for the DNS stand-in), made before it starts.
    const extra = options.env ? await options.env() : {};
    server = await startServer({ webDistDir: WEB_DIST_DIR, env: { ...mail.env, EMAIL_SHARED_SERVER_FOR_PROJECT_MAIL: "true", ...extra }, emailWorker: true });
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await mail?.close();
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: server.url, viewport: DESKTOP });
    page = await context.newPage();
    pageErrors = [];
    page.on("pageerror", (error) => pageErrors.push(error.message));
  });

  afterEach(async () => {
    await context.close();
    expect(pageErrors, "uncaught errors in the page").toEqual([]);
  });

  return () => ({ server, mail, page, context });
}

/** Saves the page at desktop (1024×720) and phone (390×844) width as `<name>-desktop.png` and `<name>-phone.png`. */
export async function screenshots(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-desktop.png`), fullPage: true });
  await page.setViewportSize(PHONE);
  // The dashboard's navigation slides away at phone width: shoot once it has. Endless
  // animations (a loader's spin) never end, so only those with an end are waited for.
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== "running" || animation.effect?.getComputedTiming().endTime === Infinity),
  );
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-phone.png`), fullPage: true });
  await page.setViewportSize(DESKTOP);
}

export const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

/** A call to the internal project's API with the given access, as an app's backend (or the browser) would make it. */
export async function callInternal(server: TestServer, access: "client" | "server" | "admin", method: string, path: string, body?: unknown) {
  const keys: Record<string, Record<string, string>> = {
    client: {},
    server: { "x-stack-secret-server-key": TEST_INTERNAL_KEYS.secretServerKey },
    admin: { "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey },
  };
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": access, ...keys[access] },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

export async function signUpThroughApi(server: TestServer, email: string, password = PASSWORD) {
  const response = await callInternal(server, "client", "POST", "/auth/password/sign-up", { email, password });
  expect(response.status).toBe(200);
  return response.json as { user_id: string; access_token: string; refresh_token: string };
}

/** The known-error code (or "ok") the token endpoint answers for `refreshToken`. */
export async function refreshWith(serverUrl: string, refreshToken: string): Promise<string> {
  const response = await fetch(`${serverUrl}/api/v1/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: "internal", client_secret: "__stack_public_client__" }),
  });
  return response.ok ? "ok" : (response.headers.get("x-stack-known-error") ?? String(response.status));
}

/** The link to `path` in the first e-mail to `to` (whose subject passes `match`). */
export async function mailedLink(mail: MailCatcher, to: string, path: string, match?: (subject: string) => boolean): Promise<string> {
  const message = await mail.waitFor(to, (m) => !match || match(m.subject));
  const escaped = path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const link = new RegExp(`https?://[^\\s]+${escaped}\\?code=[A-Za-z0-9]+`).exec(message.text)?.[0];
  if (!link) throw new Error(`No link to ${path} in the e-mail to ${to}:\n${message.text}`);
  return link;
}

/**
 * The form's fields by role and exact name: a tab panel is labelled by its tab, so a plain
 * getByLabel("Password") would also find the "Password" panel of the sign-in page.
 */
export const emailField = (page: Page) => page.getByRole("textbox", { name: "E-mail", exact: true });
export const passwordField = (page: Page, name = "Password") => page.locator("input[type=password]").and(page.getByLabel(name, { exact: true }));

export async function fillCredentials(page: Page, email: string, password: string) {
  await emailField(page).fill(email);
  await passwordField(page).fill(password);
}

export async function expectSignedInAs(page: Page, server: TestServer, email: string) {
  await page.waitForURL(`${server.url}/`);
  const profile = page.getByTestId("current-user");
  await profile.getByText(email).waitFor();
  expect(await profile.textContent()).toContain(email);
}

/** Signs the page in with a session's tokens (from the API), as the sign-in page would have kept them. */
export async function signInWithTokens(page: Page, tokens: { access_token: string; refresh_token: string }, projectId = "internal") {
  // Storage belongs to the origin: a page of the site must be open first.
  await page.goto("/");
  await page.evaluate(
    ([access, refresh, project]) => {
      localStorage.setItem(`gatehouse:${project}:access-token`, access!);
      localStorage.setItem(`gatehouse:${project}:refresh-token`, refresh!);
    },
    [tokens.access_token, tokens.refresh_token, projectId],
  );
}
