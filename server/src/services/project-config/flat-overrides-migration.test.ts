import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { call, createProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

// Migration 0031: overrides stored nested (levels deep-merged) become Stack Auth's stored form
// (dotted keys, a later level's key replacing) and render as before; an older project's
// settings move from the project level to the environment level.
const app = useSharedTestApp();
let t: TestApp;
beforeAll(() => {
  t = app();
});

const LEGACY_PROJECT_LEVEL = {
  rbac: {
    permissions: { editor: { description: "Edits", scope: "project", containedPermissionIds: {} } },
    defaultPermissions: { signUp: { editor: true }, teamCreator: {}, teamMember: {} },
  },
  auth: {
    password: { allowSignIn: true },
    oauth: { providers: { github: { type: "github", isShared: false, clientId: "project-id", clientSecret: "secret", allowSignIn: true } } },
  },
  domains: { allowLocalhost: false, trustedDomains: { a: { baseUrl: "https://a.example.com", handlerPath: "/auth" } } },
  teams: { createPersonalTeamOnSignUp: true },
  project: { requirePublishableClientKey: false },
};
const LEGACY_ENVIRONMENT_LEVEL = {
  auth: { allowSignUp: false, oauth: { providers: { github: { clientId: "environment-id" } } } },
  teams: {},
  dataVault: { stores: { notes: { displayName: "Notes" } } },
};
const LEGACY_BRANCH_LEVEL = { teams: { createPersonalTeamOnSignUp: false } };

async function storeLegacy(projectId: string) {
  await t.db.query("DELETE FROM config_overrides WHERE project_id = $1", [projectId]);
  for (const [level, branchId, override] of [
    ["project", "", LEGACY_PROJECT_LEVEL],
    ["branch", "main", LEGACY_BRANCH_LEVEL],
    ["environment", "main", LEGACY_ENVIRONMENT_LEVEL],
  ] as const) {
    await t.db.query("INSERT INTO config_overrides (project_id, level, branch_id, override) VALUES ($1, $2, $3, $4::jsonb)", [
      projectId,
      level,
      branchId,
      JSON.stringify(override),
    ]);
  }
  t.deps.tenancies.forget(projectId);
}

async function rerunMigration() {
  await t.db.query("DELETE FROM schema_migrations WHERE name = '0031_flat_config_overrides.sql'");
  expect(await migrate(t.db)).toEqual(["0031_flat_config_overrides.sql"]);
  t.deps.tenancies.clear();
}

describe("migration 0031 (flat configuration overrides)", () => {
  it("keeps what nested overrides rendered to, and moves an older project's settings to the environment level", async () => {
    const project = await createProjectFixture(t);
    await storeLegacy(project.projectId);
    await rerunMigration();

    const stored = async (level: string) =>
      JSON.parse((await call(t, "GET", `/internal/config/override/${level}` as "/internal/config/override/{level}", { creds: project.admin })).json.config_string);
    expect(await stored("project")).toEqual({ "project.requirePublishableClientKey": false });
    expect(await stored("branch")).toEqual({ "teams.createPersonalTeamOnSignUp": false });
    const environment = await stored("environment");
    expect(environment).toMatchObject({
      "auth.allowSignUp": false,
      "auth.password.allowSignIn": true,
      "rbac.permissions.editor": { description: "Edits", scope: "project", containedPermissionIds: {} },
      "rbac.defaultPermissions.signUp.editor": true,
      "domains.trustedDomains.a": { baseUrl: "https://a.example.com", handlerPath: "/auth" },
      "dataVault.stores.notes": { displayName: "Notes" },
    });
    // The branch level's own key still wins over what came from the project level.
    expect(environment).not.toHaveProperty(["teams.createPersonalTeamOnSignUp"]);

    const config = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(config.auth.allowSignUp).toBe(false);
    expect(config.auth.password.allowSignIn).toBe(true);
    // An entry both levels described keeps the fields of both, the environment's winning.
    expect(config.auth.oauth.providers.github).toEqual({
      type: "github",
      isShared: false,
      clientId: "environment-id",
      clientSecret: "secret",
      allowSignIn: true,
      allowConnectedAccounts: false,
    });
    expect(config.rbac.defaultPermissions.signUp).toEqual({ editor: true });
    expect(config.domains).toEqual({ allowLocalhost: false, trustedDomains: { a: { baseUrl: "https://a.example.com", handlerPath: "/auth" } } });
    expect(config.teams.createPersonalTeamOnSignUp).toBe(false);
    expect(config.dataVault.stores).toEqual({ notes: { displayName: "Notes" } });

    // Writes after the migration keep working on the moved settings.
    const patched = await call(t, "PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "auth.oauth.providers.github.clientId": "next-id" }) },
    });
    expect(patched.status, patched.text).toBe(200);
    const after = JSON.parse((await call(t, "GET", "/internal/config", { creds: project.admin })).json.config_string);
    expect(after.auth.oauth.providers.github.clientId).toBe("next-id");
    expect(after.auth.oauth.providers.github.clientSecret).toBe("secret");
  });
});
