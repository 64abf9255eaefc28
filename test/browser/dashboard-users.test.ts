import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { PASSWORD, PHONE, SCREENSHOTS_DIR, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, inBatches, pageScreenshots, signInToDashboard, type SeededProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

const SEEDED = 2000;
const seedEmail = (n: number) => `seed-${String(n).padStart(4, "0")}@example.com`;

let project: SeededProject;

beforeAll(async () => {
  const { server } = harness();
  project = await createSeededProject(server);
  // Through the API, as an app's backend would import its users; without passwords, whose hashing is slow by design.
  const started = Date.now();
  await inBatches(
    Array.from({ length: SEEDED }, (_, n) => n + 1),
    20,
    async (n) => {
      const created = await project.asServer("POST", "/users", { primary_email: seedEmail(n), primary_email_auth_enabled: true, display_name: `Seed user ${n}` });
      if (created.status !== 201) throw new Error(`POST /users answered ${created.status}: ${JSON.stringify(created.json)}`);
    },
  );
  console.log(`seeded ${SEEDED} users in ${Date.now() - started} ms`);
}, 180_000);

/** Where the project's app lives in the impersonation test: the browser answers for it, nothing listens there. */
const APP_ORIGIN = "https://impersonated-app.test";

const usersPath = () => `/dashboard/projects/${project.projectId}/users`;
const table = (page: Page) => page.getByRole("table", { name: "Users" });
const rows = (page: Page) => table(page).locator("tbody tr");

/** The table shows `column` sorted in `direction`, and no other page is loading behind it. */
async function sortedBy(page: Page, column: string, direction: "ascending" | "descending") {
  await page.getByRole("columnheader", { name: column }).and(page.locator(`[aria-sort="${direction}"]`)).waitFor();
  await tableSettled(page);
}

/** The table has settled on a page: no other page loading behind it. */
async function tableSettled(page: Page) {
  await table(page).and(page.locator(":not([aria-busy])")).waitFor();
}

describe("dashboard: users", () => {
  it("searches 2,000 users on the server, sorts them, and pages by cursor to the last page", async () => {
    const { page } = harness();
    await signInToDashboard(page, project);
    await page.goto(usersPath());
    await page.getByRole("heading", { name: "Users" }).waitFor();
    await tableSettled(page);
    // One page of the default size, never the whole list.
    expect(await rows(page).count()).toBe(50);
    await expect(page.getByRole("status").filter({ hasText: "Page 1" }).textContent()).resolves.toContain("50 users");
    await pageScreenshots(page, "dashboard-users-list");

    // Search: debounced into the URL, answered by the server, and kept across a reload.
    await page.getByLabel("Search users").fill("seed-1234");
    await page.waitForURL(/[?&]q=seed-1234/);
    await tableSettled(page);
    await expect.poll(() => rows(page).count()).toBe(1);
    await rows(page).getByRole("link", { name: "Seed user 1234" }).waitFor();
    await page.reload();
    await rows(page).getByRole("link", { name: "Seed user 1234" }).waitFor();
    expect(await page.getByLabel("Search users").inputValue()).toBe("seed-1234");

    await page.getByLabel("Search users").fill("nobody-matches-this");
    await page.getByText("No users match this search").waitFor();
    await pageScreenshots(page, "dashboard-users-no-match");
    await page.getByRole("button", { name: "Clear the search" }).first().click();
    await page.waitForURL((url) => !url.searchParams.has("q"));
    await expect.poll(() => rows(page).count()).toBe(50);

    // Sorting is the server's: by last activity, then oldest sign-up first.
    await page.getByRole("button", { name: "Last active" }).click();
    await page.waitForURL(/sort=last_active_at&order=desc/);
    await sortedBy(page, "Last active", "descending");
    // Newest sign-ups first is the default, which the URL leaves out.
    await page.getByRole("button", { name: "Signed up" }).click();
    await page.waitForURL((url) => !url.searchParams.has("sort"));
    await page.getByRole("button", { name: "Signed up" }).click();
    await page.waitForURL(/sort=signed_up_at&order=asc/);
    await sortedBy(page, "Signed up", "ascending");
    const oldestFirst = await project.asServer("GET", "/users?order_by=signed_up_at&desc=false&limit=1");
    expect(await rows(page).first().getAttribute("data-user-id")).toBe(oldestFirst.json.items[0].id);

    // Back to newest first, the largest page size, and Next until there is no next page.
    await page.getByRole("button", { name: "Signed up" }).click();
    await page.waitForURL((url) => !url.searchParams.has("sort"));
    await sortedBy(page, "Signed up", "descending");
    await page.getByLabel("Rows per page").selectOption("1000");
    await page.waitForURL(/size=1000/);
    await expect.poll(() => rows(page).count()).toBe(1000);
    await tableSettled(page);
    const next = page.getByRole("button", { name: "Next" });
    let pages = 1;
    while (await next.isEnabled()) {
      await next.click();
      pages += 1;
      await page.getByRole("status").filter({ hasText: `Page ${pages}` }).waitFor();
      await tableSettled(page);
    }
    expect(pages).toBe(Math.ceil(SEEDED / 1000));
    // Newest first, so the last row of the last page is the first user who signed up.
    expect(await rows(page).last().getAttribute("data-user-id")).toBe(oldestFirst.json.items[0].id);
    await rows(page).last().getByRole("link", { name: oldestFirst.json.items[0].display_name }).waitFor();
    expect(new URL(page.url()).searchParams.get("cursor")).toMatch(/^[0-9a-f-]{36}$/);

    // The page has its own link: a reload shows it again, and Previous still knows the way back.
    const lastPageFirstRow = await rows(page).first().getAttribute("data-user-id");
    await page.reload();
    await tableSettled(page);
    expect(await rows(page).first().getAttribute("data-user-id")).toBe(lastPageFirstRow);
    await page.getByRole("button", { name: "Previous" }).click();
    await page.getByRole("status").filter({ hasText: `Page ${pages - 1}` }).waitFor();
    await tableSettled(page);
    expect(await rows(page).first().getAttribute("data-user-id")).not.toBe(lastPageFirstRow);
  }, 120_000);

  it("shows each user as a card on a phone, with status, sign-in methods and dates, and orders them there", async () => {
    const { page } = harness();
    await signInToDashboard(page, project);
    await page.setViewportSize(PHONE);
    await page.goto(usersPath());
    const cards = page.getByRole("list", { name: "Users" }).getByRole("listitem");
    await expect.poll(() => cards.count()).toBe(50);
    expect(await table(page).isVisible()).toBe(false);
    const first = cards.first();
    await first.getByRole("link", { name: `Seed user ${SEEDED}` }).waitFor();
    for (const shown of ["Not verified", "None", "Signed up"]) expect(await first.getByText(shown).first().isVisible()).toBe(true);
    // Nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
    await page.getByRole("combobox", { name: "Order" }).click();
    await page.getByRole("option", { name: "Oldest sign-ups first" }).click();
    await page.waitForURL(/order=asc/);
    await first.getByRole("link", { name: "Seed user 1", exact: true }).waitFor();
    await pageScreenshots(page, "dashboard-users-cards");
  });

  it("edits a user's name and server metadata, refuses invalid JSON before sending, adds a verified e-mail, and shows their team", async () => {
    const { page } = harness();
    const user = (await project.asServer("GET", `/users?query=${encodeURIComponent(seedEmail(17))}`)).json.items[0];
    const team = await project.asServer("POST", "/teams", { display_name: "Deck crew", creator_user_id: user.id });
    expect(team.status).toBe(201);
    await signInToDashboard(page, project);
    await page.goto(usersPath());
    await page.getByLabel("Search users").fill(seedEmail(17));
    await page.getByRole("link", { name: "Seed user 17" }).click();
    await page.waitForURL(new RegExp(`/users/${user.id}$`));
    await page.getByRole("heading", { name: "Seed user 17", level: 1 }).waitFor();
    const teamLink = page.getByRole("link", { name: "Deck crew" });
    expect(await teamLink.getAttribute("href")).toBe(`/dashboard/projects/${project.projectId}/teams/${team.json.id}`);
    await pageScreenshots(page, "dashboard-user-detail");

    const nameField = page.getByLabel("Display name");
    await nameField.fill("Ada Seaworthy");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByText("The display name is saved.").waitFor();
    expect((await project.asServer("GET", `/users/${user.id}`)).json.display_name).toBe("Ada Seaworthy");

    const patches: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH") patches.push(request.url());
    });
    const serverMetadata = page.getByRole("textbox", { name: "Server metadata" });
    await serverMetadata.fill('{"plan": "pro", }');
    await page.getByRole("button", { name: "Save server metadata" }).click();
    await page.getByText(/This is not valid JSON/).waitFor();
    expect(patches).toEqual([]);
    expect((await project.asServer("GET", `/users/${user.id}`)).json.server_metadata).toBeNull();
    await pageScreenshots(page, "dashboard-user-invalid-json");

    await serverMetadata.fill('{"plan": "pro", "seats": 3}');
    await page.getByRole("button", { name: "Save server metadata" }).click();
    await page.getByText("Server metadata is saved.").waitFor();
    expect(patches).toHaveLength(1);
    const saved = await project.asServer("GET", `/users/${user.id}`);
    expect(saved.json.server_metadata).toEqual({ plan: "pro", seats: 3 });
    expect(saved.json.client_metadata).toBeNull();
    // Saved values come back indented.
    expect(await serverMetadata.inputValue()).toBe(JSON.stringify({ plan: "pro", seats: 3 }, null, 2));

    const extra = uniqueEmail("second-address");
    await page.getByLabel("Add an e-mail address").fill(extra);
    await page.getByRole("checkbox", { name: "Verified" }).check();
    await page.getByRole("button", { name: "Add e-mail address" }).click();
    await page.getByRole("listitem", { name: extra }).getByText("Verified").waitFor();
    const channels = await project.asServer("GET", `/contact-channels?user_id=${user.id}`);
    expect(channels.json.items).toContainEqual(expect.objectContaining({ value: extra, is_verified: true, is_primary: false, used_for_auth: false }));

    // The primary address, unverified, is marked verified from the profile.
    await page.getByRole("button", { name: `Mark ${seedEmail(17)} as verified` }).first().click();
    await page.getByText(`${seedEmail(17)} is marked verified.`).waitFor();
    expect((await project.asServer("GET", `/users/${user.id}`)).json.primary_email_verified).toBe(true);
  }, 90_000);

  it("fits a user's page on a phone: nothing scrolls sideways and no card is wider than itself, with long addresses", async () => {
    const { page } = harness();
    const long = (label: string) => `${label}-a-rather-long-mailbox-name-${crypto.randomUUID().slice(0, 8)}@shipping-department.harbour-example.com`;
    const created = await project.asServer("POST", "/users", { primary_email: long("primary"), primary_email_auth_enabled: true, display_name: "Long Address Person" });
    expect(created.status).toBe(201);
    const second = await project.asServer("POST", "/contact-channels", { user_id: created.json.id, type: "email", value: long("second"), used_for_auth: false, is_verified: false });
    expect(second.status).toBe(201);
    await signInToDashboard(page, project);
    await page.setViewportSize(PHONE);
    await page.goto(`${usersPath()}/${created.json.id}`);
    await page.getByRole("heading", { name: "Long Address Person", level: 1 }).waitFor();
    await page.getByRole("list", { name: "The user's e-mail addresses" }).getByText(second.json.value).waitFor();
    await settled(page);
    const widths = await page.evaluate(() => ({
      page: { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth },
      cards: [...document.querySelectorAll("main section")].map((card) => ({ card: card.getAttribute("aria-label"), scrollWidth: card.scrollWidth, clientWidth: card.clientWidth })),
    }));
    expect(widths.page.scrollWidth).toBeLessThanOrEqual(widths.page.innerWidth);
    expect(widths.cards.map((card) => card.card)).toEqual(expect.arrayContaining(["Profile", "E-mails"]));
    for (const card of widths.cards) expect(card.scrollWidth, `${card.card} card`).toBeLessThanOrEqual(card.clientWidth);
    await page.screenshot({ path: join(SCREENSHOTS_DIR, "dashboard-user-long-addresses-phone.png"), fullPage: true });
  }, 60_000);

  it("revokes a session and impersonates the user: shows a refresh token where no app domain is known, else opens the app in a new tab through a single-use link", async () => {
    const { page } = harness();
    const user = (await project.asServer("GET", `/users?query=${encodeURIComponent(seedEmail(42))}`)).json.items[0];
    const session = await project.asServer("POST", "/auth/sessions", { user_id: user.id });
    expect(session.status).toBe(200);
    const sessionsOf = async () => (await project.asServer("GET", `/auth/sessions?user_id=${user.id}`)).json.items as Array<{ id: string; is_impersonation: boolean }>;
    const [existing] = await sessionsOf();
    await signInToDashboard(page, project);
    await page.goto(`${usersPath()}/${user.id}`);
    const sessionItem = page.locator(`[data-session-id="${existing!.id}"]`);
    await sessionItem.waitFor();

    await sessionItem.getByRole("button", { name: /Revoke the session/ }).click();
    const revokeDialog = page.getByRole("dialog", { name: "Revoke this session?" });
    await revokeDialog.waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-user-revoke-session");
    await revokeDialog.getByRole("button", { name: "Revoke session" }).click();
    await page.getByRole("heading", { name: "No active sessions" }).or(page.getByText("No active sessions")).first().waitFor();
    expect(await sessionsOf()).toEqual([]);

    // Without a trusted domain the dashboard cannot open the app: it says so and offers the token.
    await page.getByRole("button", { name: "Impersonate" }).click();
    const dialog = page.getByRole("dialog", { name: `Impersonate Seed user 42?` });
    await dialog.waitFor();
    await dialog.getByText("The dashboard does not know where your app is").waitFor();
    expect(await dialog.getByRole("button", { name: "Open the app as this user" }).count()).toBe(0);
    await settled(page);
    await pageScreenshots(page, "dashboard-user-impersonate-no-domain");
    await dialog.getByRole("button", { name: "Show a refresh token instead" }).click();
    const created = page.getByRole("dialog", { name: "Impersonation session created" });
    const token = (await created.getByTestId("impersonation-refresh-token").textContent())!.trim();
    // The line for apps on Stack's SDKs puts the token where they read it (test/stack-react signs an app in with it).
    const stackLine = (await created.getByTestId("impersonation-stack-snippet").textContent())!.trim();
    expect(stackLine).toMatch(new RegExp(`^document\\.cookie = "stack-refresh-${project.projectId}=${token}; expires=[^";]+ GMT; path=/"; location\\.reload\\(\\);$`));
    await settled(page);
    await pageScreenshots(page, "dashboard-user-impersonation-token");

    const sessions = await sessionsOf();
    expect(sessions).toEqual([expect.objectContaining({ user_id: user.id, is_impersonation: true })]);
    // The token shown is the session's: it gets an access token for the user.
    const refreshed = await project.asClient("POST", "/auth/sessions/current/refresh", { "x-stack-refresh-token": token }, {});
    expect(refreshed.status).toBe(200);
    const claims = JSON.parse(Buffer.from(refreshed.json.access_token.split(".")[1], "base64url").toString());
    expect(claims.sub).toBe(user.id);

    await created.getByRole("button", { name: "Done" }).click();
    await page.locator(`[data-session-id="${sessions[0]!.id}"]`).getByText("Impersonation").waitFor();

    // With the app's domain known, the app opens in a new tab on its sign-in-link page, whose code
    // signs in as the user (test/stack-react sees Stack's own page do it).
    const domain = await project.asAdmin("PATCH", "/internal/projects/current", { config: { domains: [{ domain: APP_ORIGIN, handler_path: "/auth" }] } });
    expect(domain.status).toBe(200);
    const { context } = harness();
    await context.route(`${APP_ORIGIN}/**`, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>The app</title><p>The app</p>" }));
    await page.reload();
    await page.getByRole("button", { name: "Impersonate" }).click();
    const linkDialog = page.getByRole("dialog", { name: `Impersonate Seed user 42?` });
    await linkDialog.getByRole("button", { name: "Open the app as this user" }).waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-user-impersonate");
    const [tab] = await Promise.all([context.waitForEvent("page"), linkDialog.getByRole("button", { name: "Open the app as this user" }).click()]);
    await tab.waitForURL(new RegExp(`^${APP_ORIGIN}/auth/magic-link-callback\\?code=`));
    expect(await tab.evaluate(() => window.opener)).toBeNull();
    const opened = page.getByRole("dialog", { name: "Signed in to your app as Seed user 42" });
    await opened.getByText(`${APP_ORIGIN} opened in a new tab`).waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-user-impersonation-opened");
    const signedIn = await project.asClient("POST", "/auth/otp/sign-in", {}, { code: new URL(tab.url()).searchParams.get("code") });
    expect(signedIn.status).toBe(200);
    expect(signedIn.json.user_id).toBe(user.id);
    expect((await sessionsOf()).filter((session) => session.is_impersonation)).toHaveLength(2);
    await opened.getByRole("button", { name: "Done" }).click();

    // A browser that blocks the new tab: the dialog hands over the link to open by hand.
    await page.evaluate(() => {
      window.open = () => null;
    });
    await page.getByRole("button", { name: "Impersonate" }).click();
    await page.getByRole("dialog", { name: `Impersonate Seed user 42?` }).getByRole("button", { name: "Open the app as this user" }).click();
    const blocked = page.getByRole("dialog", { name: "Signed in to your app as Seed user 42" });
    const byHand = blocked.getByRole("link", { name: `Open ${APP_ORIGIN} as Seed user 42` });
    expect(await byHand.getAttribute("href")).toMatch(new RegExp(`^${APP_ORIGIN}/auth/magic-link-callback\\?code=`));
    expect(await byHand.getAttribute("rel")).toBe("noopener noreferrer");
    await blocked.getByRole("button", { name: "Done" }).click();
  }, 90_000);

  it("creates a user through the dialog, refuses a taken e-mail with the server's message, and deletes the user", async () => {
    const { page } = harness();
    await signInToDashboard(page, project);
    await page.goto(usersPath());
    await page.getByRole("button", { name: "Create user" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a user" });
    const passwordInput = dialog.locator("input[type=password]");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.getByText("Enter the user's e-mail address.").waitFor();
    await passwordInput.fill("short");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.getByText("The password is too short: use at least 8 characters.").waitFor();
    await settled(page);
    await pageScreenshots(page, "dashboard-users-create-invalid");

    // Taken: the server refuses, and its sentence is what the dialog says.
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(seedEmail(7));
    await passwordInput.fill("");
    await dialog.getByRole("button", { name: "Create user" }).click();
    await dialog.getByRole("alert").filter({ hasText: `A user with the e-mail ${seedEmail(7)} already exists.` }).waitFor();
    await pageScreenshots(page, "dashboard-users-create-refused");

    const email = uniqueEmail("created-in-dashboard");
    await dialog.getByRole("textbox", { name: "E-mail" }).fill(email);
    await dialog.getByLabel("Display name").fill("Grace Harbour");
    await passwordInput.fill(PASSWORD);
    await dialog.getByRole("checkbox", { name: "E-mail address is verified" }).check();
    await dialog.getByRole("button", { name: "Create user" }).click();
    await page.waitForURL(/\/users\/[0-9a-f-]{36}$/);
    const userId = new URL(page.url()).pathname.split("/").pop()!;
    await page.getByRole("heading", { name: "Grace Harbour", level: 1 }).waitFor();
    const created = await project.asServer("GET", `/users/${userId}`);
    expect(created.json).toMatchObject({ primary_email: email, display_name: "Grace Harbour", primary_email_verified: true, has_password: true });
    const signIn = await project.asClient("POST", "/auth/password/sign-in", {}, { email, password: PASSWORD });
    expect(signIn.status).toBe(200);

    await page.getByRole("button", { name: "Delete user" }).click();
    const confirm = page.getByRole("dialog", { name: "Delete this user?" });
    const deleteButton = confirm.getByRole("button", { name: "Delete user" });
    expect(await deleteButton.isDisabled()).toBe(true);
    await confirm.getByLabel("To confirm, type the user's e-mail address").fill(email);
    await settled(page);
    await pageScreenshots(page, "dashboard-user-delete");
    await deleteButton.click();
    await page.waitForURL((url) => url.pathname === usersPath());
    expect((await project.asServer("GET", `/users/${userId}`)).status).toBe(404);
  }, 90_000);
});
