import { describe, expect, it } from "vitest";
import { openSettings } from "./support/account-settings";
import { fillCredentials, mailedLink, PASSWORD, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { openProjectPage, pageScreenshots, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

describe("dashboard: a project's administrators", () => {
  it("an owner invites a co-administrator from the project's settings, who signs up from the e-mail and then sees the project", async () => {
    const { page, server, mail, context } = harness();
    const { projectId, email: ownerEmail } = await signInWithProject(page, server, "first-admin", { name: "Lighthouse app" });
    await openProjectPage(page, projectId, "settings", "Settings");
    const administrators = page.getByRole("region", { name: "Administrators", exact: true });
    await administrators.getByRole("list", { name: /^Members of / }).getByText(ownerEmail).waitFor();

    const coAdmin = uniqueEmail("co-admin");
    await administrators.getByRole("textbox", { name: "E-mail address to invite" }).fill(coAdmin);
    await administrators.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText(`An invitation is on its way to ${coAdmin}.`).waitFor();
    await administrators.getByText(coAdmin).waitFor();
    await pageScreenshots(page, "dashboard-administrators");
    const link = await mailedLink(mail, coAdmin, "/handler/team-invitation");

    // The co-administrator, in a browser of their own.
    const theirs = await context.browser()!.newContext({ baseURL: server.url });
    try {
      const them = await theirs.newPage();
      await them.goto(link);
      await them.getByRole("link", { name: "Create an account" }).click();
      await fillCredentials(them, coAdmin, PASSWORD);
      await them.getByRole("button", { name: "Sign up" }).click();
      const join = them.getByRole("button", { name: /^Join / });
      await join.waitFor();
      await join.click();
      await them.getByRole("heading", { name: /^You joined / }).waitFor();
      await them.goto("/dashboard");
      await them.getByRole("link", { name: "Open Lighthouse app" }).click();
      await them.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
      expect(new URL(them.url()).pathname).toBe(`/dashboard/projects/${projectId}`);
    } finally {
      await theirs.close();
    }

    // Clients see members' names, not their addresses: the co-administrator has not named themselves yet.
    await page.reload();
    const members = administrators.getByRole("list", { name: /^Members of / }).getByRole("listitem");
    await expect.poll(() => members.allTextContents()).toEqual([expect.stringContaining(ownerEmail), "Member without a nameRemove"]);
  }, 120_000);

  it("a team created in account settings shows its creator the members and the invitation form", async () => {
    const { page, server } = harness();
    await signInWithProject(page, server, "team-creator");
    await openSettings(page, "teams");
    await page.getByRole("textbox", { name: "Name of the new team" }).fill("Night shift");
    await page.getByRole("button", { name: "Create team" }).click();
    await page.getByRole("list", { name: "Members of Night shift" }).waitFor();
    await page.getByRole("textbox", { name: "E-mail address to invite" }).waitFor();
    expect(await page.getByText("Only members allowed to see who is in this team").count()).toBe(0);
  }, 60_000);
});
