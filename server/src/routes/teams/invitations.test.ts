import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, signUpUser, uniqueEmail, WITHOUT_STARTER_GRANTS, type Credentials, type ProjectFixture, type SignedInUser, type DocumentedPath, type HttpMethod, type RequestBodyOf } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { asProjectUser, describeSecurity, foreignTeam, teamWithoutPermissions } from "../../testing/security-table";
import { useAppWithMail } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useAppWithMail();
let t: TestApp;
let mail: MailCatcher;
let project: ProjectFixture;

beforeAll(async () => {
  ({ t, mail } = app());
  project = await createProjectFixture(t, { config: { allow_localhost: true, ...WITHOUT_STARTER_GRANTS } });
});

const server = <M extends HttpMethod, P extends string>(method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) => call<M, P>(t, method, path, { creds: project.server, body });
const as = (user: SignedInUser): Credentials => ({ ...project.client, accessToken: user.accessToken });
const client = <M extends HttpMethod, P extends string>(user: SignedInUser | null, method: M, path: DocumentedPath<M, P>, body?: RequestBodyOf<M, P>) =>
  call<M, P>(t, method, path, { creds: user ? as(user) : project.client, body });
const codeIn = (text: string) => /[?&]code=([A-Z0-9]+)/.exec(text)?.[1];

async function teamOf(owner: SignedInUser, name = "Team"): Promise<string> {
  const res = await server("POST", "/teams", { display_name: name, creator_user_id: owner.userId });
  expect(res.status).toBe(201);
  return res.json.id;
}

async function grant(teamId: string, user: SignedInUser, ...permissionIds: string[]) {
  for (const id of permissionIds) expect((await server("POST", `/team-permissions/${teamId}/${user.userId}/${id}`)).status).toBe(201);
}

/** Sends an invitation as the server and returns its id and the code from the mailed link. */
async function invite(teamId: string, email: string, callbackUrl = "/handler/team-invitation") {
  const sent = await server("POST", "/team-invitations/send-code", { team_id: teamId, email, callback_url: callbackUrl });
  expect(sent.status).toBe(200);
  const message = await mail.waitFor(email, (m) => !seenCodes.has(codeIn(m.text)!));
  const code = codeIn(message.text)!;
  seenCodes.add(code);
  return { id: sent.json.id as string, code, message };
}
/** Codes already taken from the catcher, so a second invitation to one address finds the second message. */
const seenCodes = new Set<string>();

async function verifiedUser(email = uniqueEmail("invitee")): Promise<SignedInUser> {
  const user = await signUpUser(t, project.client, { email });
  expect((await server("PATCH", `/users/${user.userId}`, { primary_email_verified: true })).status).toBe(200);
  return user;
}

const memberIds = async (teamId: string) =>
  (await server("GET", `/team-member-profiles?team_id=${teamId}`)).json.items.map((p: { user_id: string }) => p.user_id);

describe("team invitations", () => {
  it("a member with $invite_members mails a link; the recipient accepts with the code and joins with member defaults", async () => {
    await call(t, "PATCH", "/internal/projects/current", { creds: project.admin, body: { config: { team_member_default_permissions: [{ id: "$read_members" }] } } });
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner, "Rocket");
    await grant(teamId, owner, "$invite_members");
    const email = uniqueEmail("invitee");

    const sent = await client(owner, "POST", "/team-invitations/send-code", { team_id: teamId, email, callback_url: "http://localhost:3000/join?x=1" });
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ success: true, id: expect.any(String) });
    const message = await mail.waitFor(email);
    expect(message.subject).toContain("Rocket");
    expect(message.text).toContain("http://localhost:3000/join?x=1&code=");
    const code = codeIn(message.text)!;

    const invitee = await signUpUser(t, project.client, { email });
    expect((await client(null, "POST", "/team-invitations/accept/check-code", { code })).json).toEqual({ is_code_valid: true });
    // The code's holder, signed in or not, may read the team's name (and only that); the code stays usable.
    expect((await client(null, "POST", "/team-invitations/accept/team-name", { code })).json).toEqual({ team_display_name: "Rocket" });
    expect((await client(null, "POST", "/team-invitations/accept/team-name", { code: "B".repeat(45) })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await client(invitee, "POST", "/team-invitations/accept/details", { code })).json).toEqual({ team_id: teamId, team_display_name: "Rocket" });
    const accepted = await client(invitee, "POST", "/team-invitations/accept", { code });
    expect(accepted.status).toBe(200);
    expect(accepted.json).toEqual({});
    expect(await memberIds(teamId)).toContain(invitee.userId);
    const perms = await client(invitee, "GET", `/team-permissions?team_id=${teamId}&user_id=me`);
    expect(perms.json.items.map((p: { id: string }) => p.id)).toEqual(["$read_members"]);

    expect((await client(invitee, "POST", "/team-invitations/accept", { code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect((await client(null, "POST", "/team-invitations/accept/check-code", { code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    expect((await client(null, "POST", "/team-invitations/accept/team-name", { code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
    await call(t, "PATCH", "/internal/projects/current", { creds: project.admin, body: { config: { team_member_default_permissions: [] } } });
  });

  it("lists a team's open invitations and withdraws one", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner, "Listing");
    const first = await invite(teamId, uniqueEmail("a"));
    const secondEmail = uniqueEmail("b");
    const second = await invite(teamId, secondEmail);

    const list = await server("GET", `/team-invitations?team_id=${teamId}`);
    expect(list.json.is_paginated).toBe(false);
    expect(list.json.items.map((i: { id: string }) => i.id)).toEqual([first.id, second.id]);
    const item = list.json.items[1];
    expect(item).toEqual({ id: second.id, team_id: teamId, team_display_name: "Listing", recipient_email: secondEmail, expires_at_millis: expect.any(Number) });
    const days = (item.expires_at_millis - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThanOrEqual(7);

    expect((await server("DELETE", `/team-invitations/${first.id}?team_id=${teamId}`)).json).toEqual({ success: true });
    expect((await server("GET", `/team-invitations?team_id=${teamId}`)).json.items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    const invitee = await signUpUser(t, project.client);
    expect((await client(invitee, "POST", "/team-invitations/accept", { code: first.code })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await server("DELETE", `/team-invitations/${first.id}?team_id=${teamId}`)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("a new invitation to the same address for the same team replaces the earlier one", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const email = uniqueEmail("again");
    const first = await invite(teamId, email);
    const second = await invite(teamId, email);
    expect((await server("GET", `/team-invitations?team_id=${teamId}`)).json.items.map((i: { id: string }) => i.id)).toEqual([second.id]);
    expect((await client(null, "POST", "/team-invitations/accept/check-code", { code: first.code })).json.code).toBe("VERIFICATION_CODE_EXPIRED");
    expect((await client(null, "POST", "/team-invitations/accept/check-code", { code: second.code })).json).toEqual({ is_code_valid: true });
  });

  it("lists the invitations a user received at verified addresses, and accepts one by id", async () => {
    const owner = await signUpUser(t, project.client);
    const teamA = await teamOf(owner, "A");
    const teamB = await teamOf(owner, "B");
    const email = uniqueEmail("recipient");
    const unverified = await signUpUser(t, project.client, { email });
    const a = await invite(teamA, email);
    await invite(teamB, email);

    expect((await client(unverified, "GET", "/team-invitations?user_id=me")).json.items).toEqual([]);
    const beforeVerifying = await client(unverified, "POST", `/team-invitations/${a.id}/accept?user_id=me`);
    expect(beforeVerifying.status).toBe(400);
    expect(beforeVerifying.json.code).toBe("EMAIL_NOT_VERIFIED");
    expect(await memberIds(teamA)).not.toContain(unverified.userId);

    await server("PATCH", `/users/${unverified.userId}`, { primary_email_verified: true });
    const received = await client(unverified, "GET", "/team-invitations?user_id=me");
    expect(received.json.items.map((i: { team_display_name: string }) => i.team_display_name)).toEqual(["A", "B"]);
    expect((await server("GET", `/team-invitations?user_id=${unverified.userId}`)).json.items).toHaveLength(2);

    expect((await client(unverified, "POST", `/team-invitations/${a.id}/accept?user_id=me`)).json).toEqual({});
    expect(await memberIds(teamA)).toContain(unverified.userId);
    expect((await client(unverified, "GET", "/team-invitations?user_id=me")).json.items.map((i: { team_id: string }) => i.team_id)).toEqual([teamB]);
    expect((await client(unverified, "POST", `/team-invitations/${a.id}/accept?user_id=me`)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("does not let another user accept an invitation by id, nor a client accept for someone else", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const recipient = await verifiedUser();
    const bystander = await verifiedUser();
    const { id } = await invite(teamId, recipient.email);
    expect((await client(bystander, "POST", `/team-invitations/${id}/accept?user_id=me`)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await client(bystander, "POST", `/team-invitations/${id}/accept?user_id=${recipient.userId}`)).json.code).toBe("USER_NOT_FOUND");
    // As Stack Auth answers it: a client naming another user's received invitations gets CANNOT_GET_OWN_USER_WITHOUT_USER.
    const othersInvitations = await client(bystander, "GET", `/team-invitations?user_id=${recipient.userId}`);
    expect([othersInvitations.status, othersInvitations.json.code]).toEqual([400, "CANNOT_GET_OWN_USER_WITHOUT_USER"]);
    expect(await memberIds(teamId)).not.toContain(bystander.userId);
    expect((await server("POST", `/team-invitations/${id}/accept?user_id=${recipient.userId}`)).json).toEqual({});
    expect(await memberIds(teamId)).toContain(recipient.userId);
  });

  it("accepting as an existing member uses the code up and changes nothing else", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const { code } = await invite(teamId, owner.email);
    expect((await client(owner, "POST", "/team-invitations/accept", { code })).json).toEqual({});
    expect(await memberIds(teamId)).toEqual([owner.userId]);
    expect((await client(owner, "POST", "/team-invitations/accept", { code })).json.code).toBe("VERIFICATION_CODE_ALREADY_USED");
  });

  it("needs a signed-in, unrestricted user to accept or read details, but not to check", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const { code } = await invite(teamId, uniqueEmail());
    expect((await client(null, "POST", "/team-invitations/accept", { code })).json.code).toBe("USER_AUTHENTICATION_REQUIRED");
    expect((await client(null, "POST", "/team-invitations/accept/details", { code })).json.code).toBe("USER_AUTHENTICATION_REQUIRED");

    const restricted = await signUpUser(t, project.client);
    await server("PATCH", `/users/${restricted.userId}`, { restricted_by_admin: true });
    const refused = await client(restricted, "POST", "/team-invitations/accept", { code });
    expect(refused.status).toBe(403);
    expect(refused.json).toMatchObject({ code: "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", details: { restricted_reason: { type: "restricted_by_administrator" } } });

    const anonymous = await call(t, "POST", "/auth/anonymous/sign-up", { creds: project.client });
    const anon = await call(t, "POST", "/team-invitations/accept", {
      creds: { ...project.client, accessToken: anonymous.json.access_token },
      headers: { "x-stack-allow-anonymous-user": "true" },
      body: { code },
    });
    expect(anon.json).toMatchObject({ code: "TEAM_INVITATION_RESTRICTED_USER_NOT_ALLOWED", details: { restricted_reason: { type: "anonymous" } } });
    expect((await client(null, "POST", "/team-invitations/accept/check-code", { code })).json).toEqual({ is_code_valid: true });
  });

  it("counts wrong guesses against the code", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const { code } = await invite(teamId, uniqueEmail());
    const wrong = (code[0] === "A" ? "B" : "A") + code.slice(1);
    for (let i = 0; i < 9; i++) expect((await client(owner, "POST", "/team-invitations/accept/check-code", { code: wrong })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await client(owner, "POST", "/team-invitations/accept/check-code", { code: wrong })).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await client(owner, "POST", "/team-invitations/accept/check-code", { code })).json.code).toBe("VERIFICATION_CODE_MAX_ATTEMPTS_REACHED");
    expect((await server("GET", `/team-invitations?team_id=${teamId}`)).json.items).toEqual([]);
  });

  it("deleting the team deletes its invitations", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const recipient = await verifiedUser();
    const { code, id } = await invite(teamId, recipient.email);
    expect((await server("DELETE", `/teams/${teamId}`)).status).toBe(200);
    expect((await client(recipient, "GET", "/team-invitations?user_id=me")).json.items).toEqual([]);
    expect((await client(recipient, "POST", "/team-invitations/accept", { code })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
    expect((await client(recipient, "POST", `/team-invitations/${id}/accept?user_id=me`)).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("checks the callback URL, the team and the query", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const untrusted = await server("POST", "/team-invitations/send-code", { team_id: teamId, email: uniqueEmail(), callback_url: "https://evil.example/join" });
    expect(untrusted.json.code).toBe("REDIRECT_URL_NOT_WHITELISTED");
    const missing = await server("POST", "/team-invitations/send-code", { team_id: ZERO, email: uniqueEmail(), callback_url: "/join" });
    expect(missing.json).toMatchObject({ code: "TEAM_NOT_FOUND", details: { team_id: ZERO } });
    const badEmail = await server("POST", "/team-invitations/send-code", { team_id: teamId, email: "nope", callback_url: "/join" });
    expect(badEmail.json.code).toBe("SCHEMA_ERROR");
    expect((await server("GET", "/team-invitations")).json.code).toBe("SCHEMA_ERROR");
    expect((await server("GET", `/team-invitations?team_id=${teamId}&user_id=${owner.userId}`)).json.code).toBe("SCHEMA_ERROR");
    expect((await server("GET", `/team-invitations?team_id=${ZERO}`)).json.code).toBe("TEAM_NOT_FOUND");
    expect((await server("GET", `/team-invitations?user_id=${ZERO}`)).json.code).toBe("USER_NOT_FOUND");
    expect((await client(owner, "POST", "/team-invitations/accept", { code: "short" })).json.code).toBe("VERIFICATION_CODE_NOT_FOUND");
  });

  it("clients need $invite_members to send, $read_members and $invite_members to list, $remove_members to withdraw", async () => {
    const owner = await signUpUser(t, project.client);
    const teamId = await teamOf(owner);
    const { id } = await invite(teamId, uniqueEmail());
    const required = (res: { json: { code: string; details: { permission_id: string } } }) => [res.json.code, res.json.details.permission_id];

    const body = { team_id: teamId, email: uniqueEmail(), callback_url: "/join" };
    expect(required(await client(owner, "POST", "/team-invitations/send-code", body))).toEqual(["TEAM_PERMISSION_REQUIRED", "$invite_members"]);
    expect(required(await client(owner, "GET", `/team-invitations?team_id=${teamId}`))).toEqual(["TEAM_PERMISSION_REQUIRED", "$read_members"]);
    await grant(teamId, owner, "$read_members");
    expect(required(await client(owner, "GET", `/team-invitations?team_id=${teamId}`))).toEqual(["TEAM_PERMISSION_REQUIRED", "$invite_members"]);
    expect(required(await client(owner, "DELETE", `/team-invitations/${id}?team_id=${teamId}`))).toEqual(["TEAM_PERMISSION_REQUIRED", "$remove_members"]);

    await grant(teamId, owner, "$invite_members", "$remove_members");
    expect((await client(owner, "GET", `/team-invitations?team_id=${teamId}`)).json.items.map((i: { id: string }) => i.id)).toEqual([id]);
    expect((await client(owner, "DELETE", `/team-invitations/${id}?team_id=${teamId}`)).json).toEqual({ success: true });
  });
});

const ZERO = "00000000-0000-4000-8000-000000000000";
const ALL = ["client", "server", "admin"] as const;
const CODE = { code: "A".repeat(45) };

describeSecurity({
  operationId: "sendTeamInvitation",
  method: "POST",
  path: "/team-invitations/send-code",
  access: ALL,
  body: { team_id: ZERO, email: "sec@example.com", callback_url: "/join" },
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({
    path: "/team-invitations/send-code",
    body: { team_id: await foreignTeam(ctx), email: "sec@example.com", callback_url: "/join" },
    creds: asProjectUser(ctx),
    code: "TEAM_MEMBERSHIP_NOT_FOUND",
  }),
  memberWithoutPermission: async (ctx) => ({
    path: "/team-invitations/send-code",
    body: { team_id: (await teamWithoutPermissions(ctx)).teamId, email: "sec@example.com", callback_url: "/join" },
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({
  operationId: "listTeamInvitations",
  method: "GET",
  path: `/team-invitations?team_id=${ZERO}`,
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/team-invitations?team_id=${await foreignTeam(ctx)}`, creds: asProjectUser(ctx), code: "TEAM_MEMBERSHIP_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => ({
    path: `/team-invitations?team_id=${(await teamWithoutPermissions(ctx)).teamId}`,
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({
  operationId: "listTeamInvitations",
  method: "GET",
  path: "/team-invitations?user_id=me",
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({
    path: `/team-invitations?user_id=${ctx.otherProject.user.userId}`,
    creds: asProjectUser(ctx),
    code: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  }),
});
describeSecurity({
  operationId: "deleteTeamInvitation",
  method: "DELETE",
  path: `/team-invitations/${ZERO}?team_id=${ZERO}`,
  access: ALL,
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  foreignResource: async (ctx) => ({ path: `/team-invitations/${ZERO}?team_id=${await foreignTeam(ctx)}`, creds: asProjectUser(ctx), code: "TEAM_MEMBERSHIP_NOT_FOUND" }),
  memberWithoutPermission: async (ctx) => ({
    path: `/team-invitations/${ZERO}?team_id=${(await teamWithoutPermissions(ctx)).teamId}`,
    creds: asProjectUser(ctx),
    code: "TEAM_PERMISSION_REQUIRED",
  }),
});
describeSecurity({ operationId: "acceptTeamInvitation", method: "POST", path: "/team-invitations/accept", access: ALL, body: CODE, userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "getTeamInvitationDetails", method: "POST", path: "/team-invitations/accept/details", access: ALL, body: CODE, userRequired: "USER_AUTHENTICATION_REQUIRED" });
describeSecurity({ operationId: "checkTeamInvitationCode", method: "POST", path: "/team-invitations/accept/check-code", access: ALL, body: CODE });
describeSecurity({ operationId: "getTeamInvitationTeamName", method: "POST", path: "/team-invitations/accept/team-name", access: ALL, body: CODE });
describeSecurity({
  operationId: "acceptTeamInvitationById",
  method: "POST",
  path: `/team-invitations/${ZERO}/accept?user_id=me`,
  access: ALL,
  userRequired: "CANNOT_GET_OWN_USER_WITHOUT_USER",
  foreignResource: async (ctx) => ({ path: `/team-invitations/${ZERO}/accept?user_id=${ctx.otherProject.user.userId}`, creds: asProjectUser(ctx), code: "USER_NOT_FOUND" }),
});
