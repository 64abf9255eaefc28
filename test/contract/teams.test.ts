import { beforeAll, describe, expect, it } from "vitest";
import { uniqueEmail } from "../harness";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("teams");

const UNKNOWN_TEAM = "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c";

describe("teams: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("creates a team, adds a member, reads profiles, and deletes it", async () => {
    const creator = await signUpThroughProxy(env.api, project.client);
    const member = await signUpThroughProxy(env.api, project.client);
    const created = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Acme", creator_user_id: creator.userId } });
    expectValidThroughProxy(created, 201);
    const teamId: string = created.json.id;

    const added = await env.api.call("POST", `/team-memberships/${teamId}/${member.userId}`, { creds: project.server, body: {} });
    expectValidThroughProxy(added, 201);
    expect(added.json).toEqual({ team_id: teamId, user_id: member.userId });
    expectKnownErrorThroughProxy(
      await env.api.call("POST", `/team-memberships/${teamId}/${member.userId}`, { creds: project.server, body: {} }),
      409,
      "TEAM_MEMBERSHIP_ALREADY_EXISTS",
    );

    const memberCreds = { ...project.client, accessToken: member.accessToken };
    const mine = await env.api.call("GET", "/teams?user_id=me", { creds: memberCreds });
    expectValidThroughProxy(mine, 200);
    expect(mine.json.items.map((t: { id: string }) => t.id)).toEqual([teamId]);
    expectValidThroughProxy(await env.api.call("GET", `/teams/${teamId}`, { creds: memberCreds }), 200);

    const profiles = await env.api.call("GET", `/team-member-profiles?team_id=${teamId}`, { creds: project.server });
    expectValidThroughProxy(profiles, 200);
    expect(profiles.json.items).toHaveLength(2);
    const patched = await env.api.call("PATCH", `/team-member-profiles/${teamId}/me`, { creds: memberCreds, body: { display_name: "Bee" } });
    expectValidThroughProxy(patched, 200);
    expectValidThroughProxy(await env.api.call("GET", `/team-member-profiles/${teamId}/me`, { creds: memberCreds }), 200);

    expectKnownErrorThroughProxy(await env.api.call("PATCH", `/teams/${teamId}`, { creds: memberCreds, body: { display_name: "x" } }), 401, "TEAM_PERMISSION_REQUIRED");
    expectValidThroughProxy(await env.api.call("PATCH", `/teams/${teamId}`, { creds: project.server, body: { display_name: "Acme 2" } }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", `/team-memberships/${teamId}/me`, { creds: memberCreds }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", `/teams/${teamId}`, { creds: project.server }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/teams/${teamId}`, { creds: project.server }), 404, "TEAM_NOT_FOUND");
  });

  it("answers an unknown team with 404 TEAM_NOT_FOUND", async () => {
    expectKnownErrorThroughProxy(await env.api.call("GET", `/teams/${UNKNOWN_TEAM}`, { creds: project.server }), 404, "TEAM_NOT_FOUND");
    expectValidThroughProxy(await env.api.call("GET", "/teams", { creds: project.server }), 200);
  });
});

describe("team invitations: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer({ withMail: true });
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("sends, lists, reads, accepts and withdraws invitations", async () => {
    const owner = await signUpThroughProxy(env.api, project.client);
    const created = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Crew", creator_user_id: owner.userId } });
    const teamId: string = created.json.id;
    const email = uniqueEmail("contract-invitee");
    const sent = await env.api.call("POST", "/team-invitations/send-code", {
      creds: project.server,
      body: { team_id: teamId, email, callback_url: "/handler/team-invitation" },
    });
    expectValidThroughProxy(sent, 200);
    const code = /[?&]code=([A-Z0-9]+)/.exec((await env.mail.waitFor(email)).text)![1]!;
    const withdrawn = await env.api.call("POST", "/team-invitations/send-code", {
      creds: project.server,
      body: { team_id: teamId, email: uniqueEmail("contract-other"), callback_url: "/handler/team-invitation" },
    });

    const listed = await env.api.call("GET", `/team-invitations?team_id=${teamId}`, { creds: project.server });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items).toHaveLength(2);
    expectValidThroughProxy(await env.api.call("DELETE", `/team-invitations/${withdrawn.json.id}?team_id=${teamId}`, { creds: project.server }), 200);

    const invitee = await signUpThroughProxy(env.api, project.client, email);
    const inviteeCreds = { ...project.client, accessToken: invitee.accessToken };
    expectValidThroughProxy(await env.api.call("POST", "/team-invitations/accept/check-code", { creds: project.client, body: { code } }), 200);
    const details = await env.api.call("POST", "/team-invitations/accept/details", { creds: inviteeCreds, body: { code } });
    expectValidThroughProxy(details, 200);
    expect(details.json).toEqual({ team_id: teamId, team_display_name: "Crew" });
    expectValidThroughProxy(await env.api.call("GET", "/team-invitations?user_id=me", { creds: inviteeCreds }), 200);
    expectValidThroughProxy(await env.api.call("POST", "/team-invitations/accept", { creds: inviteeCreds, body: { code } }), 200);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-invitations/accept", { creds: inviteeCreds, body: { code } }),
      409,
      "VERIFICATION_CODE_ALREADY_USED",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("POST", `/team-invitations/${sent.json.id}/accept?user_id=me`, { creds: inviteeCreds }),
      404,
      "VERIFICATION_CODE_NOT_FOUND",
    );
    // The creator holds the starter admin permission; the invitee joined as a plain member.
    const ownerCreds = { ...project.client, accessToken: owner.accessToken };
    const byOwner = await env.api.call("POST", "/team-invitations/send-code", {
      creds: ownerCreds,
      body: { team_id: teamId, email: uniqueEmail("contract-third"), callback_url: "/join" },
    });
    expectValidThroughProxy(byOwner, 200);
    expectKnownErrorThroughProxy(
      await env.api.call("DELETE", `/team-invitations/${byOwner.json.id}?team_id=${teamId}`, { creds: inviteeCreds }),
      401,
      "TEAM_PERMISSION_REQUIRED",
    );
  });
});
