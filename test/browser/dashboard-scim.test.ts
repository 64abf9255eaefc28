/**
 * The dashboard's SCIM page: the empty state, a directory made for a team (its base URL and
 * token shown once, and the token then working against the SCIM endpoints), a group the
 * identity provider pushed mapped to a team permission (its member then holding it), the token
 * rotated (the old one refused) and revoked, and the directory deleted. axe-core scans each
 * state light and dark at 1280 and 390 px; screenshots at desktop and phone width.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { clearForScreenshot } from "./support/admin-project";
import { axeViolations } from "./support/axe";
import { useBrowserHarness } from "./support/browser-harness";
import { openProjectPage, pageScreenshots, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

/** axe-core's violations light and dark at 1280 and 390 px, photographed as `name`; `include` narrows the scan to a dialog. */
async function violations(page: Page, name: string, include?: string): Promise<string[]> {
  if (!include) await clearForScreenshot(page);
  return axeViolations(page, { name, include });
}

describe("dashboard: SCIM provisioning", () => {
  it("makes a directory for a team, shows its token once, maps a pushed group to a permission, rotates, revokes and deletes", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "scim-owner", { name: "Harbour app" });
    const scim = async (token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${server.url}/api/v1/scim/v2${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/scim+json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    };

    // No team yet: the empty state says to make one first.
    await openProjectPage(page, projectId, "scim", "SCIM provisioning");
    await page.getByText("No SCIM directories yet").waitFor();
    await expect.poll(() => page.getByText("Create a team for the customer first").isVisible()).toBe(true);
    expect(await violations(page, "dashboard-scim-no-team")).toEqual([]);
    await pageScreenshots(page, "dashboard-scim-no-team");
    const team = await admin("POST", "/teams", { display_name: "Contoso" });
    expect(team.status).toBe(201);
    await page.reload();
    await page.getByRole("heading", { name: "SCIM provisioning", level: 1 }).waitFor();
    await page.getByText("give its base URL and token").waitFor();
    expect(await violations(page, "dashboard-scim-empty")).toEqual([]);
    await pageScreenshots(page, "dashboard-scim-empty");

    // Create: team and name, then the base URL and token, once.
    await page.getByRole("button", { name: "Create directory" }).click();
    const dialog = page.getByRole("dialog", { name: "Create SCIM directory" });
    await dialog.getByRole("combobox", { name: "Team" }).click();
    await page.getByRole("option", { name: "Contoso" }).click();
    await dialog.getByRole("textbox", { name: "Name" }).fill("Okta");
    expect(await violations(page, "dashboard-scim-create", "[role=dialog]")).toEqual([]);
    await dialog.getByRole("button", { name: "Create" }).click();
    const shown = page.getByRole("dialog", { name: "SCIM token of Okta" });
    await shown.waitFor();
    const token = (await shown.getByTestId("scim-token").textContent())!.trim();
    const baseUrl = (await shown.getByTestId("scim-base-url").textContent())!.trim();
    expect(token).toMatch(/^scim_[A-Za-z0-9]{43}$/);
    expect(baseUrl).toMatch(/\/api\/v1\/scim\/v2$/);
    expect(await violations(page, "dashboard-scim-token", "[role=dialog]")).toEqual([]);
    await shown.getByRole("button", { name: "Done", exact: true }).click();
    await shown.waitFor({ state: "detached" });
    const card = page.getByRole("article", { name: "Okta for Contoso" });
    await card.getByText(`Token …${token.slice(-4)}`).waitFor();
    await expect.poll(async () => (await page.content()).includes(token)).toBe(false);

    // The identity provider pushes a user and a group with the token.
    const user = await scim(token, "POST", "/Users", { userName: "grace@contoso.example", emails: [{ value: "grace@contoso.example", type: "work", primary: true }] });
    expect(user.status).toBe(201);
    const group = await scim(token, "POST", "/Groups", { displayName: "Admins", members: [{ value: user.json.id }] });
    expect(group.status).toBe(201);

    // Map the group to a team permission.
    await card.getByRole("button", { name: "Groups and permissions" }).click();
    const permissions = card.getByLabel("Team permissions of Admins");
    await permissions.waitFor();
    await permissions.click();
    await page.getByRole("option", { name: "team_admin", exact: true }).click();
    await expect
      .poll(async () => {
        const grants = await admin("GET", `/team-permissions?team_id=${team.json.id}&user_id=${user.json.id}&recursive=false`);
        return (grants.json.items as Array<{ id: string }>).map((p) => p.id).sort();
      })
      .toEqual(["team_admin", "team_member"]);
    await page.keyboard.press("Escape");
    expect(await violations(page, "dashboard-scim-directory")).toEqual([]);
    await pageScreenshots(page, "dashboard-scim-directory");

    // Rotate: the old token is refused at once, the new one works.
    await card.getByRole("button", { name: "Rotate token" }).click();
    await page.getByRole("dialog", { name: "A new token for Okta?" }).getByRole("button", { name: "Make new token" }).click();
    const rotated = page.getByRole("dialog", { name: "SCIM token of Okta" });
    const newToken = (await rotated.getByTestId("scim-token").textContent())!.trim();
    expect(newToken).not.toBe(token);
    expect((await scim(token, "GET", "/Users")).status).toBe(401);
    expect((await scim(newToken, "GET", "/Users")).json.totalResults).toBe(1);
    await rotated.getByRole("button", { name: "Done", exact: true }).click();

    // Revoke, then delete.
    await card.getByRole("button", { name: "Revoke token" }).click();
    await page.getByRole("dialog", { name: "Revoke the token of Okta?" }).getByRole("button", { name: "Revoke token" }).click();
    await card.getByText("Token revoked").waitFor();
    expect((await scim(newToken, "GET", "/Users")).status).toBe(401);
    await card.getByRole("button", { name: "Delete directory" }).click();
    await page.getByRole("dialog", { name: "Delete Okta?" }).getByRole("button", { name: "Delete directory" }).click();
    await page.getByText("No SCIM directories yet").waitFor();
    expect((await admin("GET", "/internal/scim-directories")).json.items).toEqual([]);
  }, 180_000);
});
