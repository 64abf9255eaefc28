import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmIn, signInNewUser } from "./support/account-settings";
import { clearForScreenshot, createAdminProject } from "./support/admin-project";
import { screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

/** Picks options of a Mantine (multi-)select, then closes its list. */
async function choose(page: Page, scope: Page | ReturnType<Page["getByRole"]>, label: string, options: string[]) {
  await scope.getByRole("combobox", { name: label }).click();
  for (const option of options) await page.getByRole("option", { name: option, exact: true }).click();
  await page.keyboard.press("Escape");
}

describe("dashboard: permissions", () => {
  it("creates team permissions, nests one in another, refuses a cycle with the server's message, and deletes one", async () => {
    const { page, server } = harness();
    const owner = await signInNewUser(page, server, "permissions-owner");
    const { projectId, admin } = await createAdminProject(server, owner.tokens.access_token, owner.userId);
    const definitions = async (scope: "team" | "project") =>
      (await admin("GET", `/${scope}-permission-definitions`)).json.items as Array<{ id: string; description?: string; contained_permission_ids: string[] }>;

    await page.goto(`/dashboard/projects/${projectId}/permissions`);
    const tree = page.getByRole("list", { name: "Team permissions" });
    // A new project starts with `team_admin` and `team_member`; the system permissions are listed apart.
    await tree.getByText("team_member", { exact: true }).waitFor();
    await page.getByRole("list", { name: "System permissions" }).getByText("$read_members").waitFor();

    // An id the server would refuse is refused here first, and nothing is sent.
    await page.getByRole("button", { name: "Create permission" }).click();
    let dialog = page.getByRole("dialog", { name: "Create a team permission" });
    await dialog.getByLabel("Id").fill("Read Reports");
    await dialog.getByRole("button", { name: "Create permission" }).click();
    await dialog.getByText("Use only lowercase letters, digits, colons (:) and underscores (_), with no spaces.").waitFor();
    await dialog.getByLabel("Id").fill("$read_reports");
    await dialog.getByRole("button", { name: "Create permission" }).click();
    await dialog.getByText("Ids starting with $ belong to the system permissions. Choose one without it.").waitFor();
    expect((await definitions("team")).map((d) => d.id)).not.toContain("read_reports");
    await dialog.getByLabel("Id").fill("reports:read");
    await dialog.getByLabel("Description").fill("Read the harbour reports");
    await dialog.getByRole("button", { name: "Create permission" }).click();
    await dialog.waitFor({ state: "detached" });
    await tree.getByText("reports:read", { exact: true }).waitFor();

    // One containing another and a system permission.
    await page.getByRole("button", { name: "Create permission" }).click();
    dialog = page.getByRole("dialog", { name: "Create a team permission" });
    await dialog.getByLabel("Id").fill("reports:manage");
    await choose(page, dialog, "Contains", ["reports:read", "$read_members"]);
    await dialog.getByRole("button", { name: "Create permission" }).click();
    await dialog.waitFor({ state: "detached" });
    const manage = (await definitions("team")).find((d) => d.id === "reports:manage");
    expect(manage?.contained_permission_ids.sort()).toEqual(["$read_members", "reports:read"]);

    // The tree opens into what a permission contains.
    await page.getByRole("button", { name: "Show what reports:manage contains" }).click();
    const contained = page.getByRole("list", { name: "Contained in reports:manage" });
    await contained.getByText("reports:read", { exact: true }).waitFor();
    await contained.getByText("$read_members").waitFor();
    await page.getByRole("button", { name: "Show what team_admin contains" }).click();
    await page.getByRole("list", { name: "Contained in team_admin" }).getByText("$manage_api_keys").waitFor();

    // Making reports:read contain reports:manage would be a cycle: the server says so, in the form.
    await page.getByRole("button", { name: "Edit reports:read" }).click();
    dialog = page.getByRole("dialog", { name: "Edit reports:read" });
    await choose(page, dialog, "Contains", ["reports:manage"]);
    await dialog.getByRole("button", { name: "Save permission" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Permission reports:read cannot contain reports:manage: reports:manage already contains reports:read, which would make a cycle." }).waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-permissions-cycle");
    expect((await definitions("team")).find((d) => d.id === "reports:read")?.contained_permission_ids).toEqual([]);

    // An edit that is fine: a new description, and containment changed.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("button", { name: "Edit reports:manage" }).click();
    dialog = page.getByRole("dialog", { name: "Edit reports:manage" });
    await dialog.getByLabel("Description").fill("Everything about reports");
    await choose(page, dialog, "Contains", ["$invite_members"]);
    await dialog.getByRole("button", { name: "Save permission" }).click();
    await dialog.waitFor({ state: "detached" });
    const edited = (await definitions("team")).find((d) => d.id === "reports:manage");
    expect(edited?.description).toBe("Everything about reports");
    expect(edited?.contained_permission_ids.sort()).toEqual(["$invite_members", "$read_members", "reports:read"]);
    await contained.getByText("$invite_members").waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-permissions");

    // Deleting asks first; the permission leaves the one that contained it.
    await page.getByRole("button", { name: "Delete reports:read" }).click();
    await confirmIn(page, "Delete reports:read?", "Delete permission");
    await tree.getByText("reports:read", { exact: true }).waitFor({ state: "detached" });
    const after = await definitions("team");
    expect(after.map((d) => d.id)).not.toContain("reports:read");
    expect(after.find((d) => d.id === "reports:manage")?.contained_permission_ids.sort()).toEqual(["$invite_members", "$read_members"]);
  }, 120_000);

  it("creates a project permission and sets the default permissions", async () => {
    const { page, server } = harness();
    const owner = await signInNewUser(page, server, "defaults-owner");
    const { projectId, admin } = await createAdminProject(server, owner.tokens.access_token, owner.userId);

    await page.goto(`/dashboard/projects/${projectId}/permissions/project`);
    await page.getByText("No project permissions of your own yet").waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-permissions-project-empty");
    await page.getByRole("button", { name: "Create the first one" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a project permission" });
    await dialog.getByLabel("Id").fill("export_data");
    await dialog.getByRole("button", { name: "Create permission" }).click();
    await dialog.waitFor({ state: "detached" });
    await page.getByRole("list", { name: "Project permissions" }).getByText("export_data").waitFor();
    expect((await admin("GET", "/project-permission-definitions")).json.items).toEqual([{ id: "export_data", contained_permission_ids: [] }]);

    await page.getByRole("tab", { name: "Defaults" }).click();
    await page.waitForURL(new RegExp(`/permissions/defaults$`));
    const form = page.locator("form");
    await choose(page, form, "Team creator", ["team_member"]);
    await choose(page, form, "User", ["export_data"]);
    await page.getByRole("button", { name: "Save defaults" }).click();
    await page.getByText("The default permissions are saved.").waitFor();
    const { config } = (await admin("GET", "/internal/projects/current")).json;
    expect(config.team_creator_default_permissions.map((p: { id: string }) => p.id).sort()).toEqual(["team_admin", "team_member"]);
    expect(config.team_member_default_permissions).toEqual([{ id: "team_member" }]);
    expect(config.user_default_permissions).toEqual([{ id: "export_data" }]);

    // The tabs are addresses of their own.
    await page.reload();
    await page.getByRole("tab", { name: "Defaults", selected: true }).waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-permissions-defaults");
  }, 90_000);
});
