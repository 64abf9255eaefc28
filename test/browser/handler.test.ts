import { startMailCatcher, startTestServer, TEST_INTERNAL_KEYS, type MailCatcher, type RunningTestServer } from "@gatehouse/server/testing";
import { existsSync } from "node:fs";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ensureWebBuilt, WEB_DIST_DIR } from "../../scripts/web-build.mjs";

const CHROMIUM = "/usr/bin/chromium";
const PASSWORD = "correct horse battery staple";
const SCREENSHOTS = "/tmp";

let server: RunningTestServer;
let mail: MailCatcher;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: string[];

beforeAll(async () => {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`The browser tests drive Debian's Chromium at ${CHROMIUM}, which is missing: run \`apt-get install -y chromium\` (CI installs it).`);
  }
  ensureWebBuilt({ log: () => {} });
  mail = await startMailCatcher();
  server = await startTestServer({ webDistDir: WEB_DIST_DIR, env: mail.env });
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  await mail?.close();
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

/** A call to the internal project with its server key, as an app's backend would make it. */
async function asInternalServer(method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      "x-stack-project-id": "internal",
      "x-stack-access-type": "server",
      "x-stack-secret-server-key": TEST_INTERNAL_KEYS.secretServerKey,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as any };
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

  it("accepts a mailed team invitation after signing up from the invitation page", async () => {
    const team = await asInternalServer("POST", "/teams", { display_name: "Harbour Crew" });
    expect(team.status).toBe(201);
    const email = uniqueEmail("invited");
    const sent = await asInternalServer("POST", "/team-invitations/send-code", { team_id: team.json.id, email, callback_url: "/handler/team-invitation" });
    expect(sent.status).toBe(200);
    const link = /\/handler\/team-invitation\?code=[A-Z0-9]+/.exec((await mail.waitFor(email)).text)?.[0];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await page.getByRole("heading", { name: "You are invited to a team" }).waitFor();
    await page.getByRole("link", { name: "Create an account" }).click();
    await submitCredentials(email, PASSWORD, "Sign up");
    const join = page.getByRole("button", { name: "Join Harbour Crew" });
    await join.waitFor();
    expect(new URL(page.url()).pathname).toBe("/handler/team-invitation");
    await page.screenshot({ path: `${SCREENSHOTS}/gatehouse-team-invitation.png`, fullPage: true });
    await join.click();
    await page.getByRole("heading", { name: "You joined Harbour Crew" }).waitFor();

    const members = await asInternalServer("GET", `/team-member-profiles?team_id=${team.json.id}`);
    expect(members.json.items.map((m: { user: { primary_email: string } }) => m.user.primary_email)).toEqual([email]);

    await page.reload();
    await page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("This link has already been used.");
  }, 90_000);

  it("ignores a return target on another site", async () => {
    const email = uniqueEmail("return-to");
    await signUpThroughApi(email);
    await page.goto(`/handler/sign-in?after_auth_return_to=${encodeURIComponent("//evil.example/steal")}`);
    await submitCredentials(email, PASSWORD, "Sign in");
    await expectSignedInAs(email);
  }, 60_000);
});
