import { describe, expect, it } from "vitest";
import { confirmIn, signInNewUser } from "./support/account-settings";
import { clearForScreenshot, createAdminProject } from "./support/admin-project";
import { mailedLink, screenshots, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

const APP_DOMAIN = { domain: "https://app.example.com", handler_path: "/auth" };

describe("dashboard: teams", () => {
  it("creates a team with its creator, adds and removes members, grants a team permission, renames and deletes the team", async () => {
    const { page, server } = harness();
    const owner = await signInNewUser(page, server, "teams-owner");
    const { projectId, admin, addUser } = await createAdminProject(server, owner.tokens.access_token, owner.userId, { domains: [APP_DOMAIN], allow_team_api_keys: true });
    const ada = await addUser("Ada Lovelace");
    const grace = await addUser("Grace Hopper");
    expect((await admin("POST", "/team-permission-definitions", { id: "read_reports", description: "Read the harbour reports" })).status).toBe(201);

    await page.goto(`/dashboard/projects/${projectId}/teams`);
    await page.getByText("No teams yet").waitFor();
    await screenshots(page, "dashboard-teams-empty");

    // The creator is looked up by e-mail; a name that is neither an id nor an address is refused before sending.
    await page.getByRole("button", { name: "Create the first team" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a team" });
    await dialog.getByLabel("Name").fill("Harbour crew");
    await dialog.getByLabel("Creator").fill("ada");
    await dialog.getByRole("button", { name: "Create team" }).click();
    await dialog.getByText("Enter a user id (such as 3f2c…-…) or a whole e-mail address.").waitFor();
    await dialog.getByLabel("Creator").fill(ada.email);
    await dialog.getByRole("button", { name: "Create team" }).click();
    await page.getByRole("heading", { name: "Harbour crew" }).waitFor();
    const teamId = new URL(page.url()).pathname.split("/").pop()!;

    const teams = await admin("GET", "/teams");
    expect(teams.json.items).toEqual([expect.objectContaining({ id: teamId, display_name: "Harbour crew" })]);
    const members = async () => ((await admin("GET", `/team-member-profiles?team_id=${teamId}`)).json.items as Array<{ user_id: string }>).map((m) => m.user_id).sort();
    expect(await members()).toEqual([ada.id]);

    // Adding by e-mail; adding the same user twice is the server's refusal, in its words.
    const addField = page.getByRole("textbox", { name: "Add a user" });
    await addField.fill(grace.email);
    await page.getByRole("button", { name: "Add member" }).click();
    await page.getByRole("link", { name: "Manage Grace Hopper" }).waitFor();
    expect(await members()).toEqual([ada.id, grace.id].sort());
    await addField.fill(grace.id);
    await page.getByRole("button", { name: "Add member" }).click();
    await page.getByRole("alert").filter({ hasText: "The user is already a member of this team." }).waitFor();
    await addField.fill("nobody@example.com");
    await page.getByRole("button", { name: "Add member" }).click();
    await page.getByText("No user of this project has the e-mail address nobody@example.com.").waitFor();

    // The member's own page: a team permission granted there, and their name in the team.
    await page.getByRole("link", { name: "Manage Grace Hopper" }).click();
    await page.waitForURL(new RegExp(`/teams/${teamId}/members/${grace.id}$`));
    // A new project's members get its starter `team_member` permission, which contains two system ones.
    const grantedList = page.getByRole("list", { name: "Team permissions granted to Grace Hopper" });
    await grantedList.getByText("team_member", { exact: true }).waitFor();
    await page.getByRole("group", { name: "Team permissions Grace Hopper holds through others" }).getByText("$read_members").waitFor();
    await page.getByRole("combobox", { name: "Grant a team permission" }).click();
    await page.getByRole("option", { name: "read_reports" }).click();
    await page.getByRole("button", { name: "Grant permission" }).click();
    await grantedList.getByText("read_reports").waitFor();
    const direct = async () =>
      ((await admin("GET", `/team-permissions?team_id=${teamId}&user_id=${grace.id}&recursive=false`)).json.items as Array<{ id: string; team_id: string; user_id: string }>)
        .map((grant) => `${grant.id} ${grant.team_id} ${grant.user_id}`)
        .sort();
    expect(await direct()).toEqual([`read_reports ${teamId} ${grace.id}`, `team_member ${teamId} ${grace.id}`]);
    await page.getByRole("button", { name: "Revoke team_member" }).click();
    await confirmIn(page, "Revoke team_member?", "Revoke permission");
    await grantedList.getByText("team_member", { exact: true }).waitFor({ state: "detached" });
    expect(await direct()).toEqual([`read_reports ${teamId} ${grace.id}`]);

    await page.getByLabel("Display name in the team").fill("Captain Grace");
    await page.getByRole("button", { name: "Save name" }).click();
    await page.getByRole("heading", { name: "Captain Grace" }).waitFor();
    const profile = await admin("GET", `/team-member-profiles/${teamId}/${grace.id}`);
    expect(profile.json.display_name).toBe("Captain Grace");
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-team-member");

    // Back on the team: the grant shows beside the member, who is then removed after a confirmation.
    await page.getByRole("link", { name: "Harbour crew" }).click();
    await page.getByRole("group", { name: "Team permissions of Captain Grace" }).getByText("read_reports").waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-team");
    await page.getByRole("button", { name: "Remove Captain Grace from the team" }).click();
    await confirmIn(page, "Remove Captain Grace?", "Remove member");
    await page.getByRole("link", { name: "Manage Captain Grace" }).waitFor({ state: "detached" });
    expect(await members()).toEqual([ada.id]);

    await page.getByLabel("Team name").fill("Harbour pilots");
    await page.getByRole("button", { name: "Rename team" }).click();
    await page.getByRole("heading", { name: "Harbour pilots" }).waitFor();
    expect((await admin("GET", `/teams/${teamId}`)).json.display_name).toBe("Harbour pilots");

    // The team's API keys, as a member's backend made one: listed, and revoked from here.
    await page.getByText("No member has made an API key for this team.").waitFor();
    const teamKey = await admin("POST", "/team-api-keys", { description: "Pilot roster sync", expires_at_millis: null, team_id: teamId });
    expect(teamKey.status).toBe(200);
    await page.reload();
    const keyItem = page.getByRole("listitem", { name: "Pilot roster sync" });
    await keyItem.getByText("Active").waitFor();
    await keyItem.getByRole("button", { name: "Revoke the key Pilot roster sync" }).click();
    await confirmIn(page, "Revoke this key?", "Revoke key");
    await keyItem.getByText("Revoked").waitFor();
    expect((await admin("GET", `/team-api-keys/${teamKey.json.id}?team_id=${teamId}`)).json.manually_revoked_at_millis).toEqual(expect.any(Number));
    expect((await admin("POST", "/team-api-keys/check", { api_key: teamKey.json.value })).json.code).toBe("API_KEY_REVOKED");

    // The list filters on the page and says how many it shows.
    expect((await admin("POST", "/teams", { display_name: "Lighthouse keepers" })).status).toBe(201);
    await page.getByRole("link", { name: "All teams" }).click();
    await page.getByText("2 teams").waitFor();
    await page.getByLabel("Filter teams").fill("pilot");
    await page.getByText("1 of 2 teams").waitFor();
    expect(await page.getByRole("link", { name: "Lighthouse keepers" }).count()).toBe(0);
    await page.getByLabel("Filter teams").fill("");
    await page.getByRole("link", { name: "Lighthouse keepers" }).waitFor();
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-teams");

    await page.getByRole("link", { name: "Harbour pilots" }).click();
    await page.getByRole("button", { name: "Delete team" }).click();
    await confirmIn(page, "Delete Harbour pilots?", "Delete team");
    await page.waitForURL(new RegExp(`/dashboard/projects/${projectId}/teams$`));
    await page.getByText("1 team", { exact: true }).waitFor();
    expect((await admin("GET", `/teams/${teamId}`)).status).toBe(404);
  }, 120_000);

  it("sends an invitation to the app's invitation page on the first trusted domain, and withdraws it", async () => {
    const { page, server, mail } = harness();
    const owner = await signInNewUser(page, server, "invite-owner");
    const { projectId, admin } = await createAdminProject(server, owner.tokens.access_token, owner.userId, { domains: [APP_DOMAIN] });
    const team = await admin("POST", "/teams", { display_name: "Dock workers" });
    const teamId = team.json.id as string;

    await page.goto(`/dashboard/projects/${projectId}/teams/${teamId}`);
    await page.getByText("The e-mail links to https://app.example.com/auth/team-invitation, on the project's first trusted domain.").waitFor();
    await page.getByText("No invitations are waiting for an answer.").waitFor();
    await page.getByRole("textbox", { name: "Invite by e-mail" }).fill("newcomer@example.com");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("list", { name: "Waiting for an answer" }).getByText("newcomer@example.com").waitFor();

    const link = await mailedLink(mail, "newcomer@example.com", "/auth/team-invitation");
    expect(link.startsWith("https://app.example.com/auth/team-invitation?code=")).toBe(true);
    const open = await admin("GET", `/team-invitations?team_id=${teamId}`);
    expect(open.json.items).toEqual([expect.objectContaining({ team_id: teamId, recipient_email: "newcomer@example.com" })]);
    await clearForScreenshot(page);
    await screenshots(page, "dashboard-team-invitation");

    await page.getByRole("button", { name: "Withdraw the invitation to newcomer@example.com" }).click();
    await confirmIn(page, "Withdraw this invitation?", "Withdraw invitation");
    await page.getByText("No invitations are waiting for an answer.").waitFor();
    expect((await admin("GET", `/team-invitations?team_id=${teamId}`)).json.items).toEqual([]);
  }, 90_000);

  it("asks where the invitation page is when the project has no trusted domain, and shows the server's refusal of an untrusted one", async () => {
    const { page, server } = harness();
    const owner = await signInNewUser(page, server, "invite-nodomain");
    const { projectId, admin } = await createAdminProject(server, owner.tokens.access_token, owner.userId);
    const team = await admin("POST", "/teams", { display_name: "Night shift" });

    await page.goto(`/dashboard/projects/${projectId}/teams/${team.json.id}`);
    await page.getByRole("textbox", { name: "Invite by e-mail" }).fill("owl@example.com");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByText("Enter the address of your app's team invitation page.").waitFor();
    await page.getByRole("textbox", { name: "Invitation page" }).fill("https://elsewhere.example.net/handler/team-invitation");
    await page.getByRole("button", { name: "Send invitation" }).click();
    await page.getByRole("alert").filter({ hasText: "The invitation page is not on one of the project's trusted domains." }).waitFor();
    expect((await admin("GET", `/team-invitations?team_id=${team.json.id}`)).json.items).toEqual([]);
  }, 90_000);
});
