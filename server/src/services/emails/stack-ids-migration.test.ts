/**
 * Migration 0050: stored data that names Gatehouse's old ids of the built-in themes
 * (default-light, default-dark) and notification categories is rewritten to Stack Auth's ids,
 * in configuration overrides (nested or dotted), drafts, preferences and the outbox.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { call, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

const LIGHT = "1df07ae6-abf3-4a40-83a5-a1a2cbe336ac";
const DARK = "a0172b5d-cff0-463b-83bb-85124697373a";
const OLD_MARKETING = "9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d";
const MARKETING = "4f6f8873-3d04-46bd-8bef-18338b1a1b4c";
const OLD_TRANSACTIONAL = "3f4d5e6a-7b8c-4d9e-8f01-2a3b4c5d6e7f";
const TRANSACTIONAL = "7bb82d33-2f54-4a3d-9d23-82739e0d66ef";

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

async function reapply(): Promise<string[]> {
  await t.db.query("DELETE FROM schema_migrations WHERE name = '0050_stack_email_ids.sql'");
  const applied = await migrate(t.db);
  t.deps.tenancies.forget(project.projectId);
  return applied;
}

describe("migration 0050", () => {
  it("rewrites the old theme names in configuration overrides, nested and dotted, and leaves the rest alone", async () => {
    const before = {
      "emails.selectedThemeId": "default-dark",
      "emails.themes.default-light.tsxSource": "export function EmailTheme({ children }) { return <div>{children}</div>; }",
      emails: {
        themes: { "default-dark": { displayName: "Night" } },
        templates: { "my-template": { themeId: "default-light", displayName: "default-light stays a name" } },
      },
      "emails.templates.other.themeId": "default-dark",
      "auth.allowSignUp": true,
    };
    await t.db.query("UPDATE config_overrides SET override = $2::jsonb WHERE project_id = $1 AND level = 'environment'", [project.projectId, JSON.stringify(before)]);
    expect(await reapply()).toEqual(["0050_stack_email_ids.sql"]);
    const [row] = await t.db.query<{ override: Record<string, unknown> }>("SELECT override FROM config_overrides WHERE project_id = $1 AND level = 'environment'", [
      project.projectId,
    ]);
    expect(row!.override).toEqual({
      "emails.selectedThemeId": DARK,
      [`emails.themes.${LIGHT}.tsxSource`]: before["emails.themes.default-light.tsxSource"],
      emails: {
        themes: { [DARK]: { displayName: "Night" } },
        templates: { "my-template": { themeId: LIGHT, displayName: "default-light stays a name" } },
      },
      "emails.templates.other.themeId": DARK,
      "auth.allowSignUp": true,
    });
    // And the project reads them as before the change.
    const current = await call(t, "GET", "/internal/projects/current", { creds: project.admin });
    expect(current.json.config.email_theme).toBe(DARK);
    const dark = await call(t, "GET", `/internal/email-themes/${DARK}`, { creds: project.admin });
    expect(dark.json.display_name).toBe("Night");
  });

  it("rewrites drafts' themes, preferences' and the outbox's categories", async () => {
    const user = await signUpUser(t, project.client);
    const draftId = crypto.randomUUID();
    await t.db.query(
      "INSERT INTO email_drafts (project_id, branch_id, id, display_name, theme_mode, theme_id, tsx_source) VALUES ($1, 'main', $2, 'D', 'custom', 'default-light', 'x')",
      [project.projectId, draftId],
    );
    await t.db.query("INSERT INTO notification_preferences (project_id, branch_id, user_id, category_id, enabled) VALUES ($1, 'main', $2, $3, false)", [
      project.projectId,
      user.userId,
      OLD_MARKETING,
    ]);
    const outboxId = crypto.randomUUID();
    await t.db.query(
      `INSERT INTO email_outbox (project_id, branch_id, id, to_address, subject, text_body, purpose, status, notification_category_id)
       VALUES ($1, 'main', $2, 'x@example.com', 's', 't', 'test', 'sent', $3)`,
      [project.projectId, outboxId, OLD_TRANSACTIONAL],
    );
    await reapply();
    expect((await t.db.query<{ theme_id: string }>("SELECT theme_id FROM email_drafts WHERE id = $1", [draftId]))[0]!.theme_id).toBe(LIGHT);
    expect(await t.db.query("SELECT category_id, enabled FROM notification_preferences WHERE user_id = $1", [user.userId])).toEqual([{ category_id: MARKETING, enabled: false }]);
    expect((await t.db.query<{ notification_category_id: string }>("SELECT notification_category_id FROM email_outbox WHERE id = $1", [outboxId]))[0]!.notification_category_id).toBe(
      TRANSACTIONAL,
    );
  });
});
