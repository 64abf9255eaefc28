import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { confirmIn, openSettings, settled, signInNewUser, withProjectConfig } from "./support/account-settings";
import { callInternal, mailedLink, screenshots, signUpThroughApi, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

const teamsOf = async (userId: string) =>
  (await callInternal(harness().server, "server", "GET", `/teams?user_id=${userId}`)).json.items as { id: string; display_name: string }[];

/**
 * The internal project, which the pages sign in to, gives team creators `team_admin` and
 * members `team_member` (which holds $read_members and $invite_members); the tests grant or
 * revoke what each case needs.
 */
const EVERY_TEAM_PERMISSION = ["$update_team", "$delete_team", "$read_members", "$remove_members", "$invite_members", "$manage_api_keys"];
const MEMBER_PERMISSIONS = ["$read_members", "$invite_members"];

async function grant(teamId: string, userId: string, permissions: string[]) {
  for (const permission of permissions) {
    const granted = await callInternal(harness().server, "server", "POST", `/team-permissions/${teamId}/${userId}/${permission}`, {});
    expect(granted.status).toBe(201);
  }
}

/** A team made with server access and no members, then `members` added. */
async function teamWithMembers(name: string, ...members: string[]) {
  const { server } = harness();
  const team = await callInternal(server, "server", "POST", "/teams", { display_name: name });
  expect(team.status).toBe(201);
  for (const userId of members) expect((await callInternal(server, "server", "POST", `/team-memberships/${team.json.id}/${userId}`, {})).status).toBe(201);
  return team.json.id as string;
}

async function namedUser(displayName: string) {
  const { server } = harness();
  const { user_id: userId } = await signUpThroughApi(server, uniqueEmail("member"));
  expect((await callInternal(server, "server", "PATCH", `/users/${userId}`, { display_name: displayName })).status).toBe(200);
  return userId;
}

const teamItem = (page: Page, name: string) => page.getByRole("button", { name: new RegExp(`^${name}( Selected)?$`, "i") });
const teamPanel = (page: Page, name: string) => page.getByRole("region", { name: new RegExp(name) });
const selectedBadge = (page: Page, name: string) => teamItem(page, name).getByText("Selected", { exact: true });

describe("account settings: teams", () => {
  it("creates teams, switches the selected team and changes the user's name in a team", async () => {
    const { page, server } = harness();
    const creatorDefaults = EVERY_TEAM_PERMISSION.map((id) => ({ id }));
    await withProjectConfig(server, { client_team_creation_enabled: true, create_team_on_sign_up: false, team_creator_default_permissions: creatorDefaults }, async () => {
      const { userId } = await signInNewUser(page, server, "teams");
      await openSettings(page, "teams");
      await page.getByText("You are not in any team yet").waitFor();
      await settled(page);
      await screenshots(page, "account-teams-empty");

      const newName = page.getByLabel("Name of the new team");
      await page.getByRole("button", { name: "Create team" }).click();
      await page.getByText("Enter a name for the team.").waitFor();
      expect(await teamsOf(userId)).toEqual([]);

      await newName.fill("Lighthouse Keepers");
      await page.getByRole("button", { name: "Create team" }).click();
      await page.getByLabel("Your name in this team").waitFor();
      const lighthouse = (await teamsOf(userId)).find((team) => team.display_name === "Lighthouse Keepers");
      expect(lighthouse).toBeDefined();
      // The new team's panel is open, and the URL links to it.
      expect(new URL(page.url()).hash).toBe(`#teams/${lighthouse!.id}`);
      await expect.poll(() => newName.inputValue()).toBe("");

      await newName.fill("Ferry Pilots");
      await page.getByRole("button", { name: "Create team" }).click();
      // A new team becomes the creator's selected team (SPEC §4).
      await selectedBadge(page, "Ferry Pilots").waitFor();
      const ferryId = (await teamsOf(userId)).find((team) => team.display_name === "Ferry Pilots")!.id;
      const user = async () => (await callInternal(server, "server", "GET", `/users/${userId}`)).json;
      expect((await user()).selected_team_id).toBe(ferryId);

      await teamItem(page, "Lighthouse Keepers").click();
      expect(new URL(page.url()).hash).toBe(`#teams/${lighthouse!.id}`);
      await page.getByRole("button", { name: "Make this my selected team" }).click();
      await selectedBadge(page, "Lighthouse Keepers").waitFor();
      expect(await selectedBadge(page, "Ferry Pilots").count()).toBe(0);
      expect((await user()).selected_team_id).toBe(lighthouse!.id);

      const lighthousePanel = teamPanel(page, "Lighthouse Keepers");
      await lighthousePanel.getByLabel("Your name in this team").fill("Keeper Ada");
      await lighthousePanel.getByRole("button", { name: "Save name" }).click();
      await page.getByText("Your name in this team is saved.").waitFor();
      const profile = await callInternal(server, "server", "GET", `/team-member-profiles/${lighthouse!.id}/${userId}`);
      expect(profile.json.display_name).toBe("Keeper Ada");
      await page.getByRole("list", { name: "Members of Lighthouse Keepers" }).getByText("Keeper Ada").waitFor();

      // The link opens the same team's panel on a fresh load.
      await page.reload();
      await page.getByLabel("Your name in this team").waitFor();
      expect(await page.getByLabel("Your name in this team").inputValue()).toBe("Keeper Ada");
      await settled(page);
      await screenshots(page, "account-teams");
    });
  }, 120_000);

  it("invites someone by e-mail, lists the invitation and withdraws it; removes a member", async () => {
    const { page, server, mail } = harness();
    const { userId } = await signInNewUser(page, server, "owner");
    const created = await callInternal(server, "server", "POST", "/teams", { display_name: "Harbour Crew", creator_user_id: userId });
    expect(created.status).toBe(201);
    const teamId = created.json.id as string;
    await grant(teamId, userId, EVERY_TEAM_PERMISSION);
    const bo = await namedUser("Bo Boatswain");
    expect((await callInternal(server, "server", "POST", `/team-memberships/${teamId}/${bo}`, {})).status).toBe(201);
    await openSettings(page, `teams/${teamId}`);

    const members = page.getByRole("list", { name: "Members of Harbour Crew" });
    await members.getByText("Bo Boatswain").waitFor();
    await members.getByText("You", { exact: true }).waitFor();

    const invitee = uniqueEmail("invitee");
    await page.getByLabel("E-mail address to invite").fill("not an address");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Enter a whole e-mail address, such as ada@example.com.").waitFor();
    await page.getByLabel("E-mail address to invite").fill(invitee);
    await page.getByRole("button", { name: "Send invitation" }).click();
    const link = await mailedLink(mail, invitee, "/handler/team-invitation");
    expect(link.startsWith(`${server.url}/handler/team-invitation?code=`)).toBe(true);
    await page.getByRole("list", { name: "Waiting for an answer" }).getByText(invitee).waitFor();
    await settled(page);
    await screenshots(page, "account-teams-invite");

    await page.getByRole("button", { name: `Withdraw the invitation to ${invitee}` }).click();
    await confirmIn(page, "Withdraw this invitation?", "Withdraw invitation");
    await page.getByText("No invitations are waiting for an answer.").waitFor();
    const open = await callInternal(server, "server", "GET", `/team-invitations?team_id=${teamId}`);
    expect(open.json.items).toEqual([]);

    await page.getByRole("button", { name: "Remove Bo Boatswain from the team" }).click();
    await confirmIn(page, "Remove Bo Boatswain?", "Remove member");
    await members.getByText("Bo Boatswain").waitFor({ state: "detached" });
    const profiles = await callInternal(server, "server", "GET", `/team-member-profiles?team_id=${teamId}`);
    expect(profiles.json.items.map((p: { user_id: string }) => p.user_id)).toEqual([userId]);
  }, 120_000);

  it("shows a plain member only what their permissions allow, and lets them leave", async () => {
    const { page, server } = harness();
    const { userId } = await signInNewUser(page, server, "member");
    const cy = await namedUser("Cy Cook");
    const teamId = await teamWithMembers("Night Watch", userId, cy);
    await grant(teamId, userId, MEMBER_PERMISSIONS);
    // Without $read_members the member list is not theirs to see: the starter team_member grant is taken back.
    const quietId = await teamWithMembers("Quiet Room", userId);
    expect((await callInternal(server, "server", "DELETE", `/team-permissions/${quietId}/${userId}/team_member`, {})).status).toBe(200);

    await openSettings(page, `teams/${teamId}`);
    const members = page.getByRole("list", { name: "Members of Night Watch" });
    await members.getByText("Cy Cook").waitFor();
    // A plain member: $read_members and $invite_members, not $remove_members or $update_team.
    expect(await page.getByRole("button", { name: /^Remove / }).count()).toBe(0);
    expect(await page.getByLabel("Team name", { exact: true }).count()).toBe(0);
    await page.getByLabel("E-mail address to invite").waitFor();
    await settled(page);
    await screenshots(page, "account-teams-member");

    await teamItem(page, "Quiet Room").click();
    await page.getByText("Only members allowed to see who is in this team can see its member list.").waitFor();
    expect(await page.getByRole("alert").count()).toBe(0);
    await settled(page);
    await screenshots(page, "account-teams-members-hidden");

    await teamItem(page, "Night Watch").click();
    // The panel of the team closed a moment ago may still be collapsing: act once Night Watch's has opened and settled.
    await members.getByText("Cy Cook").waitFor();
    await settled(page);
    await page.getByRole("button", { name: "Leave team" }).click();
    await page.getByText("You lose access to this team and everything in it at once.", { exact: false }).waitFor();
    await confirmIn(page, "Leave Night Watch?", "Leave team");
    await teamItem(page, "Night Watch").waitFor({ state: "detached" });
    expect(new URL(page.url()).hash).toBe("#teams");
    expect(await page.getByText("This link is not to one of your teams").count()).toBe(0);
    const left = (await teamsOf(userId)).map((team) => team.id);
    expect(left).toContain(quietId);
    expect(left).not.toContain(teamId);
    const profiles = await callInternal(server, "server", "GET", `/team-member-profiles?team_id=${teamId}`);
    expect(profiles.json.items.map((p: { user_id: string }) => p.user_id)).toEqual([cy]);

    // An old link to the team now says so, instead of opening nothing.
    await openSettings(page, `teams/${teamId}`);
    await page.getByText("This link is not to one of your teams").waitFor();
  }, 120_000);

  it("shows the server's refusal when the project stops letting users create teams", async () => {
    const { page, server } = harness();
    await withProjectConfig(server, { client_team_creation_enabled: true }, async () => {
      const { userId } = await signInNewUser(page, server, "refused");
      await openSettings(page, "teams");
      await page.getByLabel("Name of the new team").fill("Too Late");
      await withProjectConfig(server, { client_team_creation_enabled: false }, async () => {
        await page.getByRole("button", { name: "Create team" }).click();
        const alert = page.getByRole("alert");
        await alert.waitFor();
        expect(await alert.textContent()).toBe("This app does not let you create teams yourself. Ask its administrator.");
      });
      expect((await teamsOf(userId)).map((team) => team.display_name)).not.toContain("Too Late");
    });
  }, 90_000);
});
