/**
 * The layered configuration through the published SDKs' admin app (2.8.108 and 2.8.102):
 * `project.getConfig()` reads the rendered document, `project.updateConfig({...dotted keys})`
 * merges into the environment override, and `project.update({config})` (the snake_case view)
 * changes the same document, so each sees what the other wrote.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, startTestServer, type ProjectFixture, type RunningTestServer } from "@gatehouse/server/testing";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: RunningTestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version configuration", ({ sdk }) => {
  /** A fresh admin app each time, so no SDK cache answers instead of the server. */
  async function adminProject(fixture?: ProjectFixture) {
    const project = fixture ?? (await createProjectFixture(server));
    const admin = new sdk.StackAdminApp({
      ...sdkAppOptions(server, project),
      secretServerKey: project.keys.secretKey,
      superSecretAdminKey: project.keys.adminKey,
    });
    return { fixture: project, project: await admin.getProject() };
  }

  it("reads the rendered document and merges dotted keys into it", async () => {
    const { project } = await adminProject();
    const before = (await project.getConfig()) as Record<string, any>;
    expect(before.teams.allowClientTeamCreation).toBe(false);
    await project.updateConfig({ "teams.allowClientTeamCreation": true, "dataVault.stores.notes": { displayName: "Notes" } } as never);
    const after = (await project.getConfig()) as Record<string, any>;
    expect(after.teams.allowClientTeamCreation).toBe(true);
    expect(after.dataVault.stores).toEqual({ notes: { displayName: "Notes" } });
  });

  it("shows a project.update through getConfig, and an updateConfig through the project's config", async () => {
    const { fixture, project } = await adminProject();
    await project.update({ config: { signUpEnabled: false, allowUserApiKeys: true } });
    const config = (await project.getConfig()) as Record<string, any>;
    expect(config.auth.allowSignUp).toBe(false);
    expect(config.apiKeys.enabled.user).toBe(true);

    await project.updateConfig({ "auth.allowSignUp": true } as never);
    const { project: reread } = await adminProject(fixture);
    expect(reread.config.signUpEnabled).toBe(true);
    expect(reread.config.allowUserApiKeys).toBe(true);
  });

  it("refuses an unknown key with the server's message naming it", async () => {
    const { project } = await adminProject();
    await expect(project.updateConfig({ "auth.password.allowSignUp": true } as never)).rejects.toThrow(/auth\.password\.allowSignUp/);
  });
});
