import { describe, expect, it } from "vitest";
import { callInternal, fillCredentials, mailedLink, PASSWORD, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";

const harness = useBrowserHarness();

describe("team invitation", () => {
  it("accepts a mailed team invitation after signing up from the invitation page", async () => {
    const { page, server, mail } = harness();
    const team = await callInternal(server, "server", "POST", "/teams", { display_name: "Harbour Crew" });
    expect(team.status).toBe(201);
    const email = uniqueEmail("invited");
    const sent = await callInternal(server, "server", "POST", "/team-invitations/send-code", { team_id: team.json.id, email, callback_url: `${server.url}/handler/team-invitation` });
    expect(sent.status).toBe(200);
    const link = await mailedLink(mail, email, "/handler/team-invitation");

    // Signed out, the code's holder is told which team invites them, before signing in.
    await page.goto(link);
    await page.getByRole("heading", { name: "You are invited to join Harbour Crew" }).waitFor();
    await screenshots(page, "team-invitation-signed-out");
    await page.getByRole("link", { name: "Create an account" }).click();
    await fillCredentials(page, email, PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    const join = page.getByRole("button", { name: "Join Harbour Crew" });
    await join.waitFor();
    expect(new URL(page.url()).pathname).toBe("/handler/team-invitation");
    await screenshots(page, "team-invitation");
    await join.click();
    await page.getByRole("heading", { name: "You joined Harbour Crew" }).waitFor();

    const members = await callInternal(server, "server", "GET", `/team-member-profiles?team_id=${team.json.id}`);
    expect(members.json.items.map((m: { user: { primary_email: string } }) => m.user.primary_email)).toEqual([email]);

    await page.reload();
    await page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
    expect(await page.getByRole("alert").textContent()).toBe("This link has already been used.");
  }, 90_000);

  it("tells a signed-out visitor whose code is wrong that the invitation cannot be used, and names no team", async () => {
    const { page } = harness();
    await page.goto(`/handler/team-invitation?code=${"B".repeat(45)}`);
    await page.getByRole("heading", { name: "This invitation cannot be used" }).waitFor();
    expect(await page.getByRole("link", { name: "Create an account" }).count()).toBe(0);
  }, 60_000);
});
