/**
 * The audit log in the browser: the dashboard's page lists a project's events, filters them
 * (to none too), says when a page cannot be read, and verifies the chain; a user's Security
 * activity in account settings lists their own sign-ins, the failed one included, and says
 * when it cannot be read. axe-core scans each state light and dark at 1280 and 390 px.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openSettings, settled, signedInOnSettings, signInNewUser } from "./support/account-settings";
import { axeViolations } from "./support/axe";
import { callInternal, PASSWORD, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { createSeededProject, openProjectPage, pageScreenshots, signInToDashboard } from "./support/dashboard-project";

const harness = useBrowserHarness();

/** Answers `path`'s reads with a server error until the returned function is called. */
async function failing(page: Page, path: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname.endsWith(path);
  await page.route(matches, (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }));
  return () => page.unroute(matches);
}

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
    expect(await axeViolations(page, { name: "dashboard-audit-log" })).toEqual([]);
    await pageScreenshots(page, "dashboard-audit-log");

    await page.getByRole("combobox", { name: "Actions" }).click();
    await page.getByRole("option", { name: "Failed sign-ins" }).click();
    await page.waitForURL(/actions=auth\.sign_in\.failed/);
    await expect.poll(() => table.locator("tbody tr").count()).toBe(1);
    await table.getByText("auth.sign_in.failed").waitFor();

    await page.getByRole("button", { name: "Verify the chain" }).click();
    await page.getByRole("status").getByText(/^The chain verifies: \d+ events up to #\d+\.$/).waitFor();
    // A broken chain, answered here (the browser cannot break the server's): where it breaks and why, in words.
    const brokenChain = (url: URL) => url.pathname.endsWith("/internal/audit-log/verify");
    const broken = { valid: false, checked_events: 1, checkpoint_seq: 0, last_seq: 3, first_broken: { seq: 2, event_id: null, reason: "missing" } };
    await page.route(brokenChain, (route) => route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify(broken) }));
    await page.getByRole("button", { name: "Verify the chain" }).click();
    await page.getByRole("status").getByText("The chain is broken at #2: an event before it was deleted.").waitFor();
    expect(await axeViolations(page, { name: "dashboard-audit-log-broken" })).toEqual([]);
    await page.unroute(brokenChain);

    // Filters that match nothing: the page says so and offers to clear them.
    await page.getByRole("textbox", { name: "User id" }).fill("nobody-here");
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByText("No events match these filters").waitFor();
    expect(await axeViolations(page, { name: "dashboard-audit-log-no-match" })).toEqual([]);
    await pageScreenshots(page, "dashboard-audit-log-no-match");
    await page.getByRole("button", { name: "Clear the filters" }).click();
    await table.getByText("auth.sign_up.succeeded").waitFor();
    expect(await page.getByRole("textbox", { name: "User id" }).inputValue()).toBe("");

    // A page the server cannot answer: the reason and Try again, which reads it again.
    const recover = await failing(page, "/internal/audit-log");
    await page.reload();
    await page.getByRole("button", { name: "Try again" }).waitFor();
    expect(await axeViolations(page, { name: "dashboard-audit-log-error" })).toEqual([]);
    await pageScreenshots(page, "dashboard-audit-log-error");
    await recover();
    await page.getByRole("button", { name: "Try again" }).click();
    await table.getByText("auth.sign_up.succeeded").waitFor();
  }, 120_000);

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
    expect(await axeViolations(page, { name: "account-security-activity" })).toEqual([]);
    await pageScreenshots(page, "account-security-activity");

    // Activity the server cannot answer: the section says so and offers to read it again.
    await failing(page, "/audit-log/me");
    await page.reload();
    await section.getByRole("alert").waitFor();
    await section.getByRole("button", { name: "Try again" }).waitFor();
    expect(await axeViolations(page, { name: "account-security-activity-error" })).toEqual([]);
    await pageScreenshots(page, "account-security-activity-error");
  }, 120_000);

  it("shows a team's admins what was done in the team, with its members named, and no one else", async () => {
    const { page, server } = harness();
    const { userId } = await signInNewUser(page, server, "team-admin");
    const team = await callInternal(server, "server", "POST", "/teams", { display_name: "Lantern Guild", creator_user_id: userId });
    expect(team.status).toBe(201);
    const teamId = team.json.id as string;
    const { user_id: memberId } = await signUpThroughApi(server, uniqueEmail("guild-member"));
    expect((await callInternal(server, "server", "PATCH", `/users/${memberId}`, { display_name: "Wren Wick" })).status).toBe(200);
    expect((await callInternal(server, "server", "POST", `/team-memberships/${teamId}/${memberId}`, {})).status).toBe(201);

    await openSettings(page, `teams/${teamId}`);
    const list = page.getByRole("list", { name: "Activity in Lantern Guild" });
    await list.getByText("Member added: Wren Wick").waitFor();
    const actions = await list.locator("li").evaluateAll((items) => items.map((item) => item.getAttribute("data-audit-action")));
    expect(actions).toEqual(["team.member.added", "team.created"]);
    // The team's creation and the members' joining were the app's doing (server access): named so, without its address.
    expect((await list.locator("li").first().innerText()).split("\n").filter(Boolean)).toEqual(["Member added: Wren Wick", "just now", "The app"]);
    await settled(page);
    expect(await axeViolations(page, { name: "account-team-activity" })).toEqual([]);
    await pageScreenshots(page, "account-team-activity");

    // The member holds no $update_team: the section is not there, and the server refuses the read.
    const member = await signUpThroughApi(server, uniqueEmail("guild-reader"));
    expect((await callInternal(server, "server", "POST", `/team-memberships/${teamId}/${member.user_id}`, {})).status).toBe(201);
    const refused = await fetch(`${server.url}/api/v1/audit-log/teams/${teamId}`, {
      headers: { "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-access-token": member.access_token },
    });
    expect((await refused.json()).code).toBe("TEAM_PERMISSION_REQUIRED");
  }, 120_000);
});
