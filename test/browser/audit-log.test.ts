/**
 * The audit log in the browser: the dashboard's page lists a project's events, filters them
 * and verifies the chain; a user's Security activity in account settings lists their own
 * sign-ins, the failed one included. axe-core scans both.
 */
import AxeBuilder from "@axe-core/playwright";
import { describe, expect, it } from "vitest";
import { settled, signedInOnSettings } from "./support/account-settings";
import { PASSWORD, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, openProjectPage, pageScreenshots, signInToDashboard } from "./support/dashboard-project";

const harness = useBrowserHarness();
const WCAG = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

describe("audit log", () => {
  it("lists the project's events on the dashboard, filters them to failed sign-ins, and verifies the chain", async () => {
    const { page, server } = harness();
    const project = await createSeededProject(server, "Lighthouse app");
    const email = uniqueEmail("keeper");
    expect((await project.asClient("POST", "/auth/password/sign-up", {}, { email, password: PASSWORD })).status).toBe(200);
    expect((await project.asClient("POST", "/auth/password/sign-in", {}, { email, password: "not the password" })).json.code).toBe("EMAIL_PASSWORD_MISMATCH");
    await signInToDashboard(page, project);

    await openProjectPage(page, project.projectId, "audit-log", "Audit log");
    const table = page.getByRole("table", { name: "Audit events" });
    await table.getByText("auth.sign_in.failed").waitFor();
    await table.getByText("auth.sign_up.succeeded").waitFor();
    await settled(page);
    const scan = await new AxeBuilder({ page }).withTags(WCAG).analyze();
    expect(scan.violations.map((v) => v.id)).toEqual([]);
    await pageScreenshots(page, "dashboard-audit-log");

    await page.getByRole("combobox", { name: "Actions" }).click();
    await page.getByRole("option", { name: "Failed sign-ins" }).click();
    await page.waitForURL(/actions=auth\.sign_in\.failed/);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await table.getByText("auth.sign_in.failed").waitFor();

    await page.getByRole("button", { name: "Verify the chain" }).click();
    await page.getByRole("status").getByText(/^The chain verifies: \d+ events up to #\d+\.$/).waitFor();
  });

  it("shows users their own security activity in account settings", async () => {
    const { page, server } = harness();
    const { email } = await signedInOnSettings(page, server, "activity", "security-activity");
    await fetch(`${server.url}/api/v1/auth/password/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client" },
      body: JSON.stringify({ email, password: "a wrong password" }),
    });
    await page.reload();
    const section = page.getByRole("region", { name: "Security activity" });
    const list = section.getByRole("list", { name: "Your security activity" });
    await list.locator('li[data-audit-action="auth.sign_in.failed"]').waitFor();
    const actions = await list.locator("li").evaluateAll((items) => items.map((item) => item.getAttribute("data-audit-action")));
    expect(actions).toEqual(["auth.sign_in.failed", "auth.sign_in.succeeded", "auth.sign_up.succeeded"]);
    await settled(page);
    const scan = await new AxeBuilder({ page }).include('[aria-label="Your security activity"]').withTags(WCAG).analyze();
    expect(scan.violations.map((v) => v.id)).toEqual([]);
    await pageScreenshots(page, "account-security-activity");
  });
});
