/**
 * Project administration through the published SDKs' admin app (2.8.108 and 2.8.102):
 * `project.getConfig()` reads the rendered document, `project.updateConfig({...dotted keys})`
 * merges into the environment override, and `project.update({config})` (the snake_case view)
 * changes the same document, so each sees what the other wrote. Data vault stores declared
 * there are used through the SDK's store helper, and `project.delete()` removes the project.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectFixture, startServer, storedRows, type ProjectFixture, type TestServer } from "../harness";
import { sdkAppOptions, STACK_SDKS } from "../support/stack-sdks";

let server: TestServer;

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.close());

describe.each(STACK_SDKS)("@stackframe/js $version project administration", ({ sdk }) => {
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

  it("stores and reads data vault values through the SDK's store, which hashes keys and encrypts values itself", async () => {
    const { fixture, project } = await adminProject();
    await project.updateConfig({ "dataVault.stores.secrets": { displayName: "Secrets" } } as never);
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, fixture), secretServerKey: fixture.keys.secretKey });
    const store = await serverApp.getDataVaultStore("secrets");
    await store.setValue("github-token", "ghp_plain_value", { secret: "the app's vault secret" });
    expect(await store.getValue("github-token", { secret: "the app's vault secret" })).toBe("ghp_plain_value");
    expect(await store.getValue("never-set", { secret: "the app's vault secret" })).toBeNull();
    // What the server holds reveals neither the key nor the value.
    const held = await storedRows<{ hashed_key: string; encrypted_value: string }>(server, "SELECT hashed_key, encrypted_value FROM data_vault_entries WHERE project_id = $1", [fixture.projectId]);
    expect(held).toHaveLength(1);
    expect(JSON.stringify(held)).not.toMatch(/github-token|ghp_plain_value/);
    // Another secret derives another hashed key: nothing is found under it.
    const fresh = await new sdk.StackServerApp({ ...sdkAppOptions(server, fixture), secretServerKey: fixture.keys.secretKey }).getDataVaultStore("secrets");
    expect(await fresh.getValue("github-token", { secret: "another secret" })).toBeNull();
  });

  it("deletes the project with project.delete(): its keys stop working at once", async () => {
    const { fixture, project } = await adminProject();
    await project.delete();
    const serverApp = new sdk.StackServerApp({ ...sdkAppOptions(server, fixture), secretServerKey: fixture.keys.secretKey });
    await expect(serverApp.listUsers()).rejects.toThrow();
    expect(await storedRows(server, "SELECT 1 FROM projects WHERE id = $1", [fixture.projectId])).toHaveLength(0);
  });

  it("refuses an unknown key with the server's message naming it", async () => {
    const { project } = await adminProject();
    await expect(project.updateConfig({ "auth.password.allowSignUp": true } as never)).rejects.toThrow(/auth\.password\.allowSignUp/);
  });
});
