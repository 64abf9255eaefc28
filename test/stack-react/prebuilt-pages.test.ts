/**
 * Stack's React SDK, with its own prebuilt pages, pointed at this server unchanged (issue 18):
 * every handler page renders, and every account-settings tab's main action changes what the
 * server returns. Runs against both pinned SDK releases, on each test database.
 */
import { createProjectFixture, startMailCatcher, startServer, type MailCatcher, type ProjectFixture, type TestServer } from "../harness";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { join } from "node:path";
import { mkdirSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { settled } from "../browser/support/account-settings";
import { DESKTOP, launchChromium, PHONE, SCREENSHOTS_DIR } from "../browser/support/browser-harness";
import { buildStackApp, removeBuild, serveStackApp, STACK_REACT_VERSIONS, type ServedStackApp } from "./support/stack-react-app";

/** What an app on the SDK needs switched on to show every tab: user API keys, team creation, a first team. */
const PROJECT_CONFIG = { allow_user_api_keys: true, client_team_creation_enabled: true, create_team_on_sign_up: true };

describe.each(STACK_REACT_VERSIONS)("@stackframe/react $version against this server", (sdk) => {
  let mail: MailCatcher;
  let server: TestServer;
  let project: ProjectFixture;
  let buildDir: string;
  let app: ServedStackApp;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let problems: string[];
  const apiRequests: Array<{ method: string; path: string; status: number; knownError: string | null; headerPrefixes: string[] }> = [];

  beforeAll(async () => {
    [buildDir, mail] = await Promise.all([buildStackApp(sdk), startMailCatcher()]);
    server = await startServer({ env: mail.env });
    project = await createProjectFixture(server, { config: PROJECT_CONFIG });
    app = await serveStackApp(buildDir, { baseUrl: server.url, projectId: project.projectId, publishableClientKey: project.keys.publishableKey });
    browser = await launchChromium();
    mkdirSync(SCREENSHOTS_DIR, { recursive: true });
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await server?.close();
    await mail?.close();
    if (buildDir) removeBuild(buildDir);
  });

  beforeEach(async () => {
    context = await browser.newContext({ baseURL: app.url, viewport: DESKTOP });
    // Stripe.js comes from Stripe's CDN, which this machine cannot reach; the SDK loads it on every page.
    await context.route("https://js.stripe.com/**", (route) => route.fulfill({ status: 503, body: "" }));
    page = await context.newPage();
    problems = [];
    page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
    page.on("dialog", (dialog) => {
      problems.push(`dialog: ${dialog.message()}`);
      void dialog.dismiss();
    });
    page.on("response", (response) => {
      const url = new URL(response.url());
      if (!url.pathname.startsWith("/api/v1/")) return;
      const headers = Object.keys(response.request().headers());
      apiRequests.push({
        method: response.request().method(),
        path: url.pathname.slice("/api/v1".length) + url.search,
        status: Number(response.headers()["x-stack-actual-status"] ?? response.status()),
        knownError: response.headers()["x-stack-known-error"] ?? null,
        headerPrefixes: [...new Set(headers.filter((h) => /^x-(stack|hexclave)-/.test(h)).map((h) => h.replace(/^(x-[a-z]+-).*$/, "$1")))],
      });
    });
  });

  afterEach(async () => {
    await context.close();
    expect(problems, "page errors and alerts").toEqual([]);
  });

  const signInThroughApi = async (email: string, password: string) => {
    const response = await fetch(`${server.url}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": project.projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": project.keys.publishableKey },
      body: JSON.stringify({ email, password }),
    });
    return { status: response.status, json: (await response.json()) as any };
  };

  const screenshot = async (name: string) => {
    const file = (width: string) => join(SCREENSHOTS_DIR, `stack-react-${sdk.version}-${name}-${width}.png`);
    await page.screenshot({ path: file("desktop"), fullPage: true });
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: file("phone"), fullPage: true });
    await page.setViewportSize(DESKTOP);
  };

  it("renders every handler page without a page error or an alert", async () => {
    const pages: Array<[string, string]> = [
      ["sign-in", "Sign in to your account"],
      ["sign-up", "Create a new account"],
      ["forgot-password", "Reset Your Password"],
      ["password-reset", "Invalid Password Reset Link"],
      ["email-verification", "Invalid Verification Link"],
      ["magic-link-callback", "Invalid Magic Link"],
      ["team-invitation", "Invalid Team Invitation Link"],
      ["error", "Error"],
      ["sign-out", ""],
      ["oauth-callback", ""],
      ["mfa", ""],
      ["cli-auth-confirm", ""],
    ];
    for (const [route, heading] of pages) {
      await page.goto(`/handler/${route}`);
      if (heading) await page.getByText(heading, { exact: false }).first().waitFor();
      await page.waitForLoadState("networkidle");
      await screenshot(route);
    }
    const failed = apiRequests.filter((r) => r.status >= 400);
    expect(failed, "API answers of 400 or more").toEqual([]);
    expect(new Set(apiRequests.flatMap((r) => r.headerPrefixes))).toEqual(new Set([sdk.prefix]));
  }, 120_000);

  it("signs in as a user from an impersonation session's refresh token, pasted as the dashboard's console line for Stack's SDKs", async () => {
    const asServer = { "x-stack-project-id": project.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": project.keys.secretKey, "content-type": "application/json" };
    const email = `impersonated-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const created = await fetch(`${server.url}/api/v1/users`, { method: "POST", headers: asServer, body: JSON.stringify({ primary_email: email }) });
    const userId = ((await created.json()) as { id: string }).id;
    const expiresAt = Date.now() + 3600_000;
    const session = await fetch(`${server.url}/api/v1/auth/sessions`, {
      method: "POST",
      headers: asServer,
      body: JSON.stringify({ user_id: userId, expires_in_millis: 3600_000, is_impersonation: true }),
    });
    expect(session.status).toBe(200);
    const refreshToken = ((await session.json()) as { refresh_token: string }).refresh_token;

    await page.goto("/");
    // The line the dashboard's impersonation dialog shows (web/src/features/dashboard/users/impersonate-modal.tsx).
    const line = `document.cookie = ${JSON.stringify(`stack-refresh-${project.projectId}=${refreshToken}; expires=${new Date(expiresAt).toUTCString()}; path=/`)}; location.reload();`;
    await page.evaluate(line);
    await page.getByTestId("signed-in-as").getByText(email).waitFor();
  });

  it("opens the app signed in as a user from an impersonation link, on the SDK's own sign-in-link page", async () => {
    const asServer = { "x-stack-project-id": project.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": project.keys.secretKey, "content-type": "application/json" };
    const email = `impersonated-link-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const created = await fetch(`${server.url}/api/v1/users`, { method: "POST", headers: asServer, body: JSON.stringify({ primary_email: email }) });
    const userId = ((await created.json()) as { id: string }).id;
    // What the dashboard's "Open the app as this user" asks for (web/src/features/dashboard/users/impersonate-modal.tsx).
    const link = await fetch(`${server.url}/api/v1/auth/sessions/impersonation-links`, {
      method: "POST",
      headers: asServer,
      body: JSON.stringify({ user_id: userId, callback_url: `${app.url}/handler/magic-link-callback`, expires_in_millis: 3600_000 }),
    });
    expect(link.status).toBe(200);
    const { url } = (await link.json()) as { url: string };

    await page.goto(url);
    // The SDK's page asks before it signs in; some releases then go on to the app by themselves.
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByText("Signed in successfully!").or(page.getByTestId("signed-in-as")).first().waitFor();
    await page.goto("/");
    await page.getByTestId("signed-in-as").getByText(email).waitFor();
    const sessions = await fetch(`${server.url}/api/v1/auth/sessions?user_id=${userId}`, { headers: asServer });
    expect(((await sessions.json()) as { items: Array<{ is_impersonation: boolean }> }).items).toEqual([expect.objectContaining({ is_impersonation: true })]);
  });

  it("signs up on the SDK's page, and every account-settings tab's main action changes what the server returns", async () => {
    const email = `stack-react-${sdk.version.replace(/\./g, "-")}-${crypto.randomUUID().slice(0, 6)}@example.com`;
    const password = "correct horse battery staple";
    const asServer = { "x-stack-project-id": project.projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": project.keys.secretKey };
    const serverApi = async (method: string, path: string, body?: unknown) => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method,
        headers: { ...asServer, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: (await response.json()) as any };
    };

    await page.goto("/handler/sign-up");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password", { exact: true }).fill(password);
    await page.getByLabel("Repeat Password").fill(password);
    await page.getByRole("button", { name: "Sign Up" }).click();
    await page.getByTestId("signed-in-as").getByText(email).waitFor();
    const found = await serverApi("GET", `/users?query=${encodeURIComponent(email)}`);
    const userId: string = found.json.items[0].id;
    await screenshot("home-signed-in");

    const openTab = async (name: string | RegExp, hash: string) => {
      await page.getByRole("button", { name }).first().click();
      await page.waitForURL(`**/handler/account-settings#${hash}`);
    };
    await page.goto("/handler/account-settings");

    // My Profile: the display name.
    await page.getByText("User name", { exact: true }).waitFor();
    await page.locator("div", { has: page.getByText("User name", { exact: true }) }).getByRole("button").last().click();
    await page.locator("input:visible").first().fill("Grace from the SDK");
    await page.getByRole("button", { name: "Save" }).click();
    await expect.poll(async () => (await serverApi("GET", `/users/${userId}`)).json.display_name).toBe("Grace from the SDK");
    await screenshot("account-profile");

    // Emails & Auth: a second e-mail, and a new password.
    await openTab("Emails & Auth", "auth");
    const second = `second-${email}`;
    await page.getByRole("button", { name: "Add an email" }).click();
    await page.getByPlaceholder(/email/i).fill(second);
    await page.getByRole("button", { name: "Add", exact: true }).click();
    await expect.poll(async () => (await serverApi("GET", `/contact-channels?user_id=${userId}`)).json.items.map((c: { value: string }) => c.value)).toContain(second);
    await page.getByText(second).first().waitFor();
    await screenshot("account-emails");
    const newPassword = "a brand new passphrase";
    await page.getByRole("button", { name: "Update password" }).click();
    const passwordInputs = page.locator("input[type=password]:visible");
    await passwordInputs.nth(0).fill(password);
    await passwordInputs.nth(1).fill(newPassword);
    await passwordInputs.nth(2).fill(newPassword);
    await page.getByRole("button", { name: "Update Password" }).click();
    await expect.poll(async () => (await signInThroughApi(email, newPassword)).status).toBe(200);
    expect((await signInThroughApi(email, password)).json.code).toBe("EMAIL_PASSWORD_MISMATCH");

    // Notifications: marketing mail off.
    await openTab("Notifications", "notifications");
    await page.getByText("Marketing", { exact: true }).filter({ visible: true }).waitFor();
    const switches = page.getByRole("switch").filter({ visible: true });
    expect(await switches.count()).toBe(2);
    await switches.nth(1).click();
    await expect
      .poll(async () => (await serverApi("GET", `/emails/notification-preference/${userId}`)).json.items.find((p: { notification_category_name: string }) => p.notification_category_name === "Marketing").enabled)
      .toBe(false);
    await screenshot("account-notifications");

    // Active Sessions: another device's session, revoked here.
    expect((await signInThroughApi(email, newPassword)).status).toBe(200);
    await openTab("Active Sessions", "sessions");
    await page.getByText("Other Session").filter({ visible: true }).first().waitFor();
    const sessionsBefore = (await serverApi("GET", `/auth/sessions?user_id=${userId}`)).json.items.length;
    expect(sessionsBefore).toBeGreaterThanOrEqual(2);
    await page.getByRole("row", { name: /Other Session/ }).filter({ visible: true }).first().getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("menuitem", { name: "Revoke" }).click();
    await expect.poll(async () => (await serverApi("GET", `/auth/sessions?user_id=${userId}`)).json.items.length).toBe(sessionsBefore - 1);
    await screenshot("account-sessions");

    // API Keys: a key shown once, which the server then accepts.
    await openTab("API Keys", "api-keys");
    await page.getByRole("button", { name: "Create API Key" }).click();
    await page.getByPlaceholder("e.g. Development, Production, CI/CD").fill("From the SDK's page");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByText("Secret API Key").waitFor();
    const shown = await page.locator("input[readonly]:visible, input:visible").evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value).find((value) => value.startsWith("sk_")));
    expect(shown).toMatch(/^sk_/);
    await screenshot("account-api-key-shown");
    const checked = await serverApi("POST", "/user-api-keys/check", { api_key: shown });
    expect(checked.status).toBe(200);
    expect(checked.json).toMatchObject({ user_id: userId, description: "From the SDK's page" });
    await page.getByRole("checkbox").filter({ visible: true }).click();
    await page.getByRole("button", { name: "Close" }).filter({ visible: true }).last().click();

    // Create a team, then switch the selected team from the SDK's team switcher.
    await openTab("Create a team", "team-creation");
    await page.locator("input:visible").first().fill("Made on the SDK page");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await expect.poll(async () => (await serverApi("GET", `/teams?user_id=${userId}`)).json.items.map((t: { display_name: string }) => t.display_name)).toContain("Made on the SDK page");
    // Creating a team opens its own page.
    await page.waitForURL(/#team-[0-9a-f-]{36}$/);
    const newTeamId = new URL(page.url()).hash.slice("#team-".length);
    expect((await serverApi("GET", `/teams/${newTeamId}`)).json.display_name).toBe("Made on the SDK page");
    await page.getByText("Made on the SDK page").filter({ visible: true }).first().waitFor();
    await page.getByText("Invite member").filter({ visible: true }).first().waitFor();
    await screenshot("account-team");

    const selected = async () => (await serverApi("GET", `/users/${userId}`)).json.selected_team_id as string | null;
    const selectedBefore = await selected();
    await page.goto("/");
    await page.getByTestId("signed-in-as").waitFor();
    const otherTeam = (await serverApi("GET", `/teams?user_id=${userId}`)).json.items.find((t: { id: string }) => t.id !== selectedBefore);
    await page.getByRole("combobox").filter({ visible: true }).first().click();
    await page.getByRole("option", { name: otherTeam.display_name }).click();
    await expect.poll(selected).toBe(otherTeam.id);
    await settled(page);
    await screenshot("home-team-switched");

    // Settings (account deletion, off for this project) renders; Payments is offered only to a
    // customer with products, which no one has before payments are set up (issue 14).
    await page.goto("/handler/account-settings");
    await openTab("Settings", "settings");
    await page.waitForLoadState("load");
    await screenshot("account-settings-tab");
    expect(await page.getByRole("button", { name: "Payments" }).count()).toBe(0);
    await page.goto("/");
    await page.getByTestId("signed-in-as").waitFor();

    // Every answer the pages got while signed in was a success.
    expect(apiRequests.filter((r) => r.status >= 400)).toEqual([]);
    const beforeSignOut = apiRequests.length;

    // Signing out from the user button ends the session on the server.
    const sessionsBeforeSignOut = (await serverApi("GET", `/auth/sessions?user_id=${userId}`)).json.items.length;
    await page.getByRole("button", { name: "GR" }).click();
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await page.getByTestId("signed-out").waitFor();
    await expect.poll(async () => (await serverApi("GET", `/auth/sessions?user_id=${userId}`)).json.items.length).toBe(sessionsBeforeSignOut - 1);

    // A read the SDK had started for the user may land after its sign-out; Stack Auth answers
    // it with the same known error. Nothing else may fail.
    expect(apiRequests.slice(beforeSignOut).filter((r) => r.status >= 400 && r.knownError !== "CANNOT_GET_OWN_USER_WITHOUT_USER")).toEqual([]);
    // Every request carried the SDK's own header prefix.
    expect(new Set(apiRequests.flatMap((r) => r.headerPrefixes))).toEqual(new Set([sdk.prefix]));
  }, 180_000);
});