/**
 * axe-core (WCAG 2.0 and 2.1, A and AA) on every page of the web app and on the dashboard's
 * dialogs: the signed-out handler and site pages, account settings, the project list and every
 * section of a project. Each is scanned in all four views of `axeViolations` (light and dark, at
 * 1280 and 390 px) and photographed in each as `a11y-<page>-<scheme>-<width>.png`.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./support/axe";
import { useBrowserHarness } from "./support/browser-harness";
import { signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

const SIGNED_OUT_PAGES = ["/", "/handler/sign-in", "/handler/sign-up", "/handler/forgot-password", "/handler/password-reset", "/handler/email-verification", "/handler/team-invitation", "/handler/mfa", "/handler/cli-auth-confirm", "/handler/error", "/oauth2/internal/authorize/no-such-request", "/no-such-page"];

/** The dashboard's dialogs: the section, the button that opens one, and its title. */
const DIALOGS = [
  ["users", "Create user", "Create a user"],
  ["api-keys", "Create API keys", "Create API keys"],
  ["webhooks", "Add endpoint", "Add an endpoint"],
  ["oauth-apps", "Create app", "Create an OAuth app"],
  ["sign-up-rules", "Add rule", "Add a sign-up rule"],
  ["emails", "Send an e-mail", "Send an e-mail"],
] as const;

/** Violations on the page as it is now, in each view, each line led by `where`; `include` narrows the scan to a dialog. */
async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  const name = `a11y-${where.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}`;
  return (await axeViolations(page, { name, include })).map((line) => `${where}, ${line}`);
}

async function settle(page: Page) {
  await page.waitForLoadState("networkidle");
  // Lazy pages show a loading card first; wait until no loader is left.
  await page.locator(".mantine-Loader-root, .mantine-Skeleton-root").first().waitFor({ state: "detached", timeout: 10_000 }).catch(() => undefined);
}

describe("accessibility (axe-core, WCAG 2.1 AA)", () => {
  it("finds no violation on the signed-out pages", async () => {
    const { page } = harness();
    const found: string[] = [];
    for (const path of SIGNED_OUT_PAGES) {
      await page.goto(path);
      await settle(page);
      found.push(...(await violations(page, path)));
    }
    expect(found).toEqual([]);
  }, 360_000);

  it("finds no violation on the sign-in and sign-up pages in German and Japanese", async () => {
    const { page } = harness();
    const found: string[] = [];
    for (const locale of ["de", "ja"]) {
      // The language picker's choice, as the page keeps it.
      await page.goto("/handler/sign-in");
      await page.evaluate((chosen) => localStorage.setItem("gatehouse:locale", chosen), locale);
      for (const path of ["/handler/sign-in", "/handler/sign-up"]) {
        await page.goto(path);
        await settle(page);
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
        found.push(...(await violations(page, `${path} (${locale})`)));
      }
    }
    expect(found).toEqual([]);
  }, 240_000);

  it("finds no violation on account settings, the dashboard's pages and its dialogs", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "a11y", { name: "Access app" });
    const found: string[] = [];
    // A verified, restricted user in a team, for the pages of one user and one team and their badges.
    const user = await admin("POST", "/users", { primary_email: "ada@example.com", primary_email_verified: true, display_name: "Ada Lovelace", restricted_by_admin: true, restricted_by_admin_reason: "Checking" });
    expect(user.status).toBe(201);
    const team = await admin("POST", "/teams", { display_name: "Analytical Engine" });
    expect(team.status).toBe(201);
    expect((await admin("POST", `/team-memberships/${team.json.id}/${user.json.id}`, {})).status).toBe(201);
    // Every section the project's navigation links to, so that a new page is scanned without a change here.
    await page.goto(`/dashboard/projects/${projectId}`);
    await settle(page);
    const sections = await page.locator(`nav a[href^="/dashboard/projects/${projectId}"]`).evaluateAll((links) => [...new Set(links.map((link) => link.getAttribute("href")!))]);
    expect(sections.length).toBeGreaterThanOrEqual(12);
    const detailPages = [`/dashboard/projects/${projectId}/users/${user.json.id}`, `/dashboard/projects/${projectId}/teams/${team.json.id}`];
    for (const path of ["/handler/account-settings", "/dashboard", ...sections, ...detailPages]) {
      await page.goto(path);
      await settle(page);
      found.push(...(await violations(page, path.replace(projectId, "<project>").replace(user.json.id, "<user>").replace(team.json.id, "<team>"))));
    }
    for (const [section, button, title] of DIALOGS) {
      await page.goto(`/dashboard/projects/${projectId}/${section}`);
      await settle(page);
      await page.getByRole("button", { name: button }).first().click();
      await page.getByRole("dialog", { name: title }).waitFor();
      found.push(...(await violations(page, `${section}: "${title}" dialog`, "[role=dialog]")));
      await page.keyboard.press("Escape");
    }
    // Impersonation's dialog in each of its states: no known app, the refresh token, the app opened.
    const userPage = `/dashboard/projects/${projectId}/users/${user.json.id}`;
    const impersonate = async () => {
      await page.goto(userPage);
      await settle(page);
      await page.getByRole("button", { name: "Impersonate" }).click();
      return page.getByRole("dialog", { name: "Impersonate Ada Lovelace?" });
    };
    await (await impersonate()).getByText("The dashboard does not know where your app is").waitFor();
    found.push(...(await violations(page, "impersonation dialog without an app domain", "[role=dialog]")));
    await page.getByRole("button", { name: "Show a refresh token instead" }).click();
    await page.getByRole("dialog", { name: "Impersonation session created" }).waitFor();
    found.push(...(await violations(page, "impersonation dialog with the refresh token", "[role=dialog]")));
    expect((await admin("PATCH", "/internal/projects/current", { config: { domains: [{ domain: "https://a11y-app.test", handler_path: "/handler" }] } })).status).toBe(200);
    await page.context().route("https://a11y-app.test/**", (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>App</title>" }));
    await (await impersonate()).getByRole("button", { name: "Open the app as this user" }).click();
    await page.getByRole("dialog", { name: "Signed in to your app as Ada Lovelace" }).waitFor();
    found.push(...(await violations(page, "impersonation dialog after opening the app", "[role=dialog]")));
    expect(found).toEqual([]);
  }, 600_000);
});
