import { startTestServer, type RunningTestServer } from "@gatehouse/server/testing";
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureWebBuilt, WEB_DIST_DIR } from "../../scripts/web-build.mjs";

const CHROMIUM = "/usr/bin/chromium";
const PASSWORD = "correct horse battery staple";
const SCREENSHOTS = "/tmp";

let server: RunningTestServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests drive Debian's Chromium at ${CHROMIUM}, which is missing: run \`apt-get install -y chromium\` (CI installs it).`);
  }
  ensureWebBuilt({ log: () => {} });
  server = await startTestServer({ webDistDir: WEB_DIST_DIR });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

beforeEach(async () => {
  context = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 720 } });
  page = await context.newPage();
  pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
});

afterEach(async () => {
  await context.close();
  expect(pageErrors, "uncaught errors in the page").toEqual([]);
});

const uniqueEmail = (label: string) => `${label}-${crypto.randomUUID().slice(0, 8)}@example.com`;

async function submitCredentials(email: string, password: string, button: "Sign up" | "Sign in") {
  await page.getByLabel("E-mail").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: button }).click();
}

async function expectSignedInAs(email: string) {
  await page.waitForURL(`${server.url}/`);
  const profile = page.getByTestId("current-user");
  await profile.getByText(email).waitFor();
  expect(await profile.textContent()).toContain(email);
}

async function signUpThroughApi(email: string) {
  const response = await fetch(`${server.url}/api/v1/auth/password/sign-up`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client" },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
}

/** The known-error code (or "ok") the token endpoint answers for `refreshToken`. */
async function refreshWith(refreshToken: string): Promise<string> {
  const response = await fetch(`${server.url}/api/v1/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "refresh_token",
      refresh_token: refreshToken,
      client_id: "internal",
      client_secret: "__stack_public_client__",
    }),
  });
  return response.ok ? "ok" : (response.headers.get("x-stack-known-error") ?? String(response.status));
}

describe("handler pages", () => {
  it("signs up, shows the user, signs out, and signs back in", async () => {
    const email = uniqueEmail("journey");

    await page.goto("/handler/sign-up");
    await submitCredentials(email, PASSWORD, "Sign up");
    await expectSignedInAs(email);
    await page.screenshot({ path: `${SCREENSHOTS}/gatehouse-home-signed-in.png`, fullPage: true });

    const refreshToken = await page.evaluate<string | null>(`localStorage.getItem("gatehouse:internal:refresh-token")`);
    expect(refreshToken).toBeTruthy();
    expect(await refreshWith(refreshToken ?? "")).toBe("ok");

    await page.goto("/handler/sign-out");
    await page.getByRole("heading", { name: "You are signed out" }).waitFor();
    // A string, not a function: this package type-checks without the DOM library.
    const stored = await page.evaluate<string[]>(`Object.keys(localStorage).filter((key) => key.startsWith("gatehouse:"))`);
    expect(stored).toEqual([]);
    expect(await refreshWith(refreshToken ?? "")).toBe("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
    await page.goto("/");
    await page.getByText("You are not signed in.").waitFor();

    await page.goto("/handler/sign-in");
    await submitCredentials(email, PASSWORD, "Sign in");
    await expectSignedInAs(email);
  }, 90_000);

  it("tells the user when the password is wrong", async () => {
    const email = uniqueEmail("wrong-password");
    await signUpThroughApi(email);

    await page.goto("/handler/sign-in");
    await submitCredentials(email, "not the password", "Sign in");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toBe("Wrong e-mail or password.");
    expect(new URL(page.url()).pathname).toBe("/handler/sign-in");
    await page.screenshot({ path: `${SCREENSHOTS}/gatehouse-sign-in-error.png`, fullPage: true });
  }, 60_000);

  it("explains why sign-up refused a password", async () => {
    await page.goto("/handler/sign-up");
    await submitCredentials(uniqueEmail("short"), "short", "Sign up");
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toMatch(/password is too short/i);
  }, 60_000);
});
