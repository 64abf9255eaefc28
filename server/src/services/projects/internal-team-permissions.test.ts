import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { call, internalClient, signUpUser, uniqueEmail, type SignedInUser } from "../../testing/fixtures";
import type { MailCatcher } from "../../testing/mail-catcher";
import { useAppWithMail } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

// A dashboard project is owned by a team of `internal`: its members are the project's
// administrators, so inviting into that team is how a project gets a second administrator.
const app = useAppWithMail();
let t: TestApp;
let mail: MailCatcher;
beforeAll(() => {
  ({ t, mail } = app());
});

const as = (user: SignedInUser) => ({ ...internalClient, accessToken: user.accessToken });

async function personalTeamOf(user: SignedInUser): Promise<string> {
  const me = await call(t, "GET", "/users/me", { creds: as(user) });
  return me.json.selected_team_id;
}

/** The journey that failed: the team's creator lists its members and invites someone. */
async function expectCreatorCanInvite(owner: SignedInUser, teamId: string) {
  const members = await call(t, "GET", `/team-member-profiles?team_id=${teamId}`, { creds: as(owner) });
  expect(members.status).toBe(200);
  expect(members.json.items.map((m: { user_id: string }) => m.user_id)).toEqual([owner.userId]);
  const invitee = uniqueEmail("co-admin");
  const sent = await call(t, "POST", "/team-invitations/send-code", {
    creds: as(owner),
    body: { team_id: teamId, email: invitee, callback_url: "http://localhost:8102/handler/team-invitation" },
  });
  expect(sent.status).toBe(200);
  return { invitee, message: await mail.waitFor(invitee) };
}

describe("teams of the internal project", () => {
  it("give their creator `team_admin`, so a project's owner can invite a co-administrator who then administers the project", async () => {
    const owner = await signUpUser(t, internalClient, { email: uniqueEmail("owner") });
    const teamId = await personalTeamOf(owner);
    const project = await call(t, "POST", "/internal/projects", { creds: as(owner), body: { display_name: "Shared", owner_team_id: teamId } });
    expect(project.status).toBe(201);

    const permissions = await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=me`, { creds: as(owner) });
    expect(permissions.json.items.map((p: { id: string }) => p.id)).toContain("$invite_members");
    const { invitee, message } = await expectCreatorCanInvite(owner, teamId);

    const coAdmin = await signUpUser(t, internalClient, { email: invitee });
    const code = /[?&]code=([A-Za-z0-9]+)/.exec(message.text)![1]!;
    const accepted = await call(t, "POST", "/team-invitations/accept", { creds: as(coAdmin), body: { code } });
    expect(accepted.status).toBe(200);
    const theirs = await call(t, "GET", "/internal/projects", { creds: as(coAdmin) });
    expect(theirs.json.items.map((p: { id: string }) => p.id)).toEqual(expect.arrayContaining([project.json.id]));
    // A joining member gets `team_member`: they see and invite, but do not remove.
    const granted = await call(t, "GET", `/team-permissions?team_id=${teamId}&user_id=me&recursive=true`, { creds: as(coAdmin) });
    expect(granted.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["$invite_members", "$read_members", "team_member"]);
  });

  it("of an installation made before the starter definitions get them, and every existing member becomes `team_admin`, once", async () => {
    const owner = await signUpUser(t, internalClient, { email: uniqueEmail("early-owner") });
    const teamId = await personalTeamOf(owner);
    await asBeforeTheFix();
    const before = await call(t, "GET", `/team-member-profiles?team_id=${teamId}`, { creds: as(owner) });
    expect(before.json.code).toBe("TEAM_PERMISSION_REQUIRED");

    expect(await reapplyMigration()).toEqual(["0030_internal_team_permissions.sql"]);
    await expectCreatorCanInvite(owner, teamId);
    const granted = await t.db.query<{ permission_id: string }>(
      "SELECT permission_id FROM permission_grants WHERE project_id = 'internal' AND team_id = $1 AND user_id = $2",
      [teamId, owner.userId],
    );
    expect(granted.map((row) => row.permission_id)).toEqual(["team_admin"]);
  });

  it("keep permissions an administrator configured on `internal` before the migration", async () => {
    await asBeforeTheFix({ "rbac.permissions.owner": { scope: "team", containedPermissionIds: { $read_members: true } } });
    await reapplyMigration();
    const [row] = await t.db.query<{ override: Record<string, unknown> }>(
      "SELECT override FROM config_overrides WHERE project_id = 'internal' AND level = 'project'",
    );
    expect(Object.keys(row!.override).filter((key) => key.startsWith("rbac"))).toEqual(["rbac.permissions.owner"]);
  });
});

/** Puts `internal` back as installations made before the fix have it: no definitions, no grants. */
async function asBeforeTheFix(extra: Record<string, unknown> = {}) {
  const oldConfig = {
    "auth.allowSignUp": true,
    "auth.password.allowSignIn": true,
    "teams.createPersonalTeamOnSignUp": true,
    "teams.allowClientTeamCreation": true,
    "domains.allowLocalhost": true,
    ...extra,
  };
  // Then, everything sat at the project level (migration 0031 has since moved it to the environment level).
  await t.db.query(
    `INSERT INTO config_overrides (project_id, level, branch_id, override) VALUES ('internal', 'project', '', $1::jsonb)
     ON CONFLICT (project_id, level, branch_id) DO UPDATE SET override = EXCLUDED.override`,
    [JSON.stringify(oldConfig)],
  );
  await t.db.query("UPDATE config_overrides SET override = '{}'::jsonb WHERE project_id = 'internal' AND level = 'environment'");
  await t.db.query("DELETE FROM permission_grants WHERE project_id = 'internal'");
  t.deps.tenancies.forget("internal");
}

async function reapplyMigration(): Promise<string[]> {
  await t.db.query("DELETE FROM schema_migrations WHERE name = '0030_internal_team_permissions.sql'");
  const applied = await migrate(t.db);
  t.deps.tenancies.forget("internal");
  return applied;
}
