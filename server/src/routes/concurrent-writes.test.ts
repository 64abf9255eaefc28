/**
 * Parallel writes that race on one row or one unique index answer a known error or succeed,
 * never a 500 (issue 17, item 7). Each case fires 20 requests at once; on PostgreSQL they
 * really run side by side, on PGlite they queue on its one connection.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, signUpUser, uniqueEmail, type CallResult, type ProjectFixture, type SignedInUser } from "../testing/fixtures";
import { useSharedTestApp } from "../testing/shared-app";
import type { TestApp } from "../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const PARALLEL = 20;
const server = (method: "POST" | "PATCH" | "DELETE", path: string, body?: unknown) => callUntyped(t, method, path, { creds: project.server, body });
const asUser = (user: SignedInUser, method: "POST" | "PATCH", path: string, body?: unknown) =>
  callUntyped(t, method, path, { creds: { ...project.client, accessToken: user.accessToken }, body });

/** No answer is a 500; each is a success or one of `codes`. */
function expectOnly(answers: CallResult[], success: number[], codes: string[]) {
  for (const answer of answers) {
    if (success.includes(answer.status)) continue;
    expect(codes, `${answer.status} ${answer.text.slice(0, 300)}`).toContain(answer.json?.code);
  }
}

describe("parallel writes answer known errors, never a 500", () => {
  it("turning on sign-in for an address another user signs in with answers CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE, alone or 20 at once", async () => {
    const shared = uniqueEmail("shared");
    const holder = await signUpUser(t, project.client, { email: shared });
    const others = [];
    for (let i = 0; i < PARALLEL; i++) {
      const other = await signUpUser(t, project.client);
      // The same address as a primary e-mail that does not sign in is allowed beside the holder's.
      const moved = await server("PATCH", `/users/${other.userId}`, { primary_email: shared, primary_email_auth_enabled: false });
      expect(moved.status, moved.text).toBe(200);
      others.push(other);
    }
    const one = await server("PATCH", `/users/${others[0]!.userId}`, { primary_email_auth_enabled: true });
    expect(one.json?.code, one.text).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");

    await server("PATCH", `/users/${holder.userId}`, { primary_email_auth_enabled: false });
    const answers = await Promise.all(others.map((other) => server("PATCH", `/users/${other.userId}`, { primary_email_auth_enabled: true })));
    expectOnly(answers, [200], ["CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE"]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
  });

  it("making channels primary, and changing them, for one user from 20 requests at once", async () => {
    const user = await signUpUser(t, project.client);
    const channels: string[] = [];
    for (let i = 0; i < 5; i++) {
      const created = await server("POST", "/contact-channels", { user_id: user.userId, value: uniqueEmail("extra"), type: "email", used_for_auth: false });
      channels.push(created.json.id);
    }
    const primaries = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => server("PATCH", `/contact-channels/${user.userId}/${channels[i % channels.length]}`, { is_primary: true })),
    );
    expectOnly(primaries, [200], []);
    const mixed = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        server("PATCH", `/contact-channels/${user.userId}/${channels[i % channels.length]}`, i % 2 ? { used_for_auth: true, is_primary: true } : { value: uniqueEmail("moved") }),
      ),
    );
    expectOnly(mixed, [200], []);
    const listed = await callUntyped(t, "GET", `/contact-channels?user_id=${user.userId}`, { creds: project.server });
    expect(listed.json.items.filter((c: { is_primary: boolean }) => c.is_primary)).toHaveLength(1);
  });

  it("adding one member 20 times at once, beside accepting an invitation: one membership, the rest TEAM_MEMBERSHIP_ALREADY_EXISTS", async () => {
    const team = await server("POST", "/teams", { display_name: "Race" });
    const user = await signUpUser(t, project.client);
    const answers = await Promise.all(Array.from({ length: PARALLEL }, () => server("POST", `/team-memberships/${team.json.id}/${user.userId}`, {})));
    expectOnly(answers, [201], ["TEAM_MEMBERSHIP_ALREADY_EXISTS"]);
    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);

    const invitee = await signUpUser(t, project.client);
    await server("PATCH", `/users/${invitee.userId}`, { primary_email_verified: true });
    const invitation = await server("POST", "/team-invitations/send-code", { team_id: team.json.id, email: invitee.email, callback_url: "http://localhost:3000/handler/team-invitation" });
    expect(invitation.status, invitation.text).toBe(200);
    const [invitationId] = (await callUntyped(t, "GET", `/team-invitations?team_id=${team.json.id}`, { creds: project.server })).json.items.map((i: { id: string }) => i.id);
    const raced = await Promise.all([
      ...Array.from({ length: PARALLEL / 2 }, () => server("POST", `/team-memberships/${team.json.id}/${invitee.userId}`, {})),
      ...Array.from({ length: PARALLEL / 2 }, () => asUser(invitee, "POST", `/team-invitations/${invitationId}/accept?user_id=me`, {})),
    ]);
    expectOnly(raced, [200, 201], ["TEAM_MEMBERSHIP_ALREADY_EXISTS", "VERIFICATION_CODE_NOT_FOUND"]);
    const members = await callUntyped(t, "GET", `/team-member-profiles?team_id=${team.json.id}`, { creds: project.server });
    expect(members.json.items.filter((m: { user_id: string }) => m.user_id === invitee.userId)).toHaveLength(1);
  });

  it("gives permission definition ids a length that fits in a URL", async () => {
    for (const path of ["/team-permission-definitions", "/project-permission-definitions"]) {
      const long = await callUntyped(t, "POST", path, { creds: project.admin, body: { id: "a".repeat(100_000) } });
      expect(long.json?.code, long.text.slice(0, 300)).toBe("SCHEMA_ERROR");
      const longest = await callUntyped(t, "POST", path, { creds: project.admin, body: { id: `p${"a".repeat(254)}` } });
      expect(longest.status, longest.text.slice(0, 300)).toBe(201);
      expect((await callUntyped(t, "DELETE", `${path}/p${"a".repeat(254)}`, { creds: project.admin })).status).toBe(200);
    }
  });
});
