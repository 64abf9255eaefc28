import { describe, expect, it } from "vitest";
import { useSharedTestApp } from "../testing/shared-app";
import { KnownError } from "../errors";
import { finishSignIn } from "../services/auth/finish-sign-in";
import { createUser, updateUser } from "../services/users/user-changes";
import { createTeam, deleteTeam } from "../services/teams/teams";
import { sendTeamInvitation } from "../services/teams/invitations";
import { setDataVaultValue } from "../services/data-vault/stores";
import { NOTIFICATION_CATEGORIES, setNotificationPreference, unsubscribe, unsubscribeLink } from "../services/emails/notification-preferences";
import { patchOverride } from "../services/project-config/overrides";
import { deleteCurrentProject } from "../services/projects/projects";

const MARKETING = NOTIFICATION_CATEGORIES.find((c) => c.canDisable)!;

const app = useSharedTestApp();
const client = { ip: "127.0.0.1", userAgent: "test" };

// The state a concurrent delete leaves between a service's check and its write: the row is
// gone when the write refers to it. Each must answer a known error, as the same request made
// a moment after the delete would, not the database's foreign-key error.
describe("writes that refer to a row a concurrent request deleted", () => {
  it("a sign-in whose user was deleted after the first factor answers the caller's known error", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const user = await createUser(t.deps, tenancy, { primaryEmail: `gone-${crypto.randomUUID()}@example.com`, password: "long enough password" });
    await t.db.query("DELETE FROM users WHERE project_id = 'internal' AND branch_id = 'main' AND id = $1", [user.id]);
    const attempt = finishSignIn(t.deps, tenancy, user.id, client, { isNewUser: false, method: "password" }, () => new KnownError("EMAIL_PASSWORD_MISMATCH"));
    await expect(attempt).rejects.toMatchObject({ code: "EMAIL_PASSWORD_MISMATCH" });
  });

  it("an invitation to a team deleted meanwhile answers TEAM_NOT_FOUND", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const team = await createTeam(t.deps, tenancy, null, { displayName: "soon gone" });
    // Deleted after sendTeamInvitation has read it: the code row's team reference fails.
    const originalTransaction = t.deps.db.transaction.bind(t.deps.db);
    t.deps.db.transaction = (async (work: Parameters<typeof originalTransaction>[0]) => {
      t.deps.db.transaction = originalTransaction;
      await deleteTeam(t.deps, tenancy, team.id);
      return originalTransaction(work);
    }) as typeof originalTransaction;
    try {
      const attempt = sendTeamInvitation(t.deps, tenancy, { teamId: team.id, email: "invitee@example.com", callbackUrl: "http://localhost:8102/handler/team-invitation", locale: "en" });
      await expect(attempt).rejects.toMatchObject({ code: "TEAM_NOT_FOUND" });
    } finally {
      t.deps.db.transaction = originalTransaction;
    }
  });

  it("a user update whose user was deleted meanwhile answers USER_NOT_FOUND", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const user = await createUser(t.deps, tenancy, { displayName: "soon gone" });
    const originalTransaction = t.deps.db.transaction.bind(t.deps.db);
    t.deps.db.transaction = (async (work: Parameters<typeof originalTransaction>[0]) => {
      t.deps.db.transaction = originalTransaction;
      await t.db.query("DELETE FROM users WHERE project_id = 'internal' AND branch_id = 'main' AND id = $1", [user.id]);
      return originalTransaction(work);
    }) as typeof originalTransaction;
    try {
      const attempt = updateUser(t.deps, tenancy, user.id, { primaryEmail: `new-${crypto.randomUUID()}@example.com` });
      await expect(attempt).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    } finally {
      t.deps.db.transaction = originalTransaction;
    }
  });

  it("a notification preference of a user deleted meanwhile answers USER_NOT_FOUND, and an unsubscribe link of one does nothing", async () => {
    const t = app();
    const tenancy = await t.deps.tenancies.load("internal");
    const user = await createUser(t.deps, tenancy, { primaryEmail: `gone-${crypto.randomUUID()}@example.com` });
    const link = new URL(unsubscribeLink(t.deps, tenancy, user.id, MARKETING.id));
    await t.db.query("DELETE FROM users WHERE project_id = 'internal' AND branch_id = 'main' AND id = $1", [user.id]);
    await expect(setNotificationPreference(t.deps, tenancy, user.id, MARKETING.id, false)).rejects.toMatchObject({ code: "USER_NOT_FOUND" });
    await expect(unsubscribe(t.deps, link.searchParams.get("code")!)).resolves.toMatchObject({ categoryName: "Marketing" });
  });

  it("config and data vault writes to a project deleted meanwhile answer CURRENT_PROJECT_NOT_FOUND", async () => {
    const t = app();
    const projectId = crypto.randomUUID();
    await t.db.query("INSERT INTO projects (id, display_name, description, is_production_mode) VALUES ($1, 'soon gone', '', false)", [projectId]);
    await t.db.query("INSERT INTO branches (project_id, id) VALUES ($1, 'main')", [projectId]);
    await t.db.query("INSERT INTO config_overrides (project_id, level, branch_id, override) VALUES ($1, 'environment', 'main', $2::jsonb)", [
      projectId,
      JSON.stringify({ "dataVault.stores.s": {} }),
    ]);
    const tenancy = await t.deps.tenancies.load(projectId);
    await deleteCurrentProject(t.deps, tenancy);
    await expect(patchOverride(t.deps, tenancy, "branch", { "auth.allowSignUp": false })).rejects.toMatchObject({ code: "CURRENT_PROJECT_NOT_FOUND" });
    await expect(setDataVaultValue(t.deps, tenancy, "s", "k", "v")).rejects.toMatchObject({ code: "CURRENT_PROJECT_NOT_FOUND" });
  });
});

