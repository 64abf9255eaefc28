import { describe, expect, it } from "vitest";
import { settled } from "./support/account-settings";
import { useBrowserHarness } from "./support/browser-harness";
import { callProject, openProjectPage, pageScreenshots, serverHeaders, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

describe("dashboard: the project's API keys", () => {
  it("creates keys shown once, whose secret server key then works, and revokes them", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "keys-owner");
    await openProjectPage(page, projectId, "api-keys", "API keys");
    await page.getByText("No API keys yet").waitFor();
    await pageScreenshots(page, "dashboard-api-keys-empty");

    await page.getByRole("button", { name: "Create your first keys" }).click();
    const form = page.getByRole("dialog", { name: "Create API keys" });
    await form.getByRole("button", { name: "Create keys" }).click();
    await form.getByText("Describe what the key is for").waitFor();
    await form.getByLabel("Description").fill("Harbour backend");
    await form.getByRole("checkbox", { name: "Publishable client key" }).uncheck();
    await form.getByRole("checkbox", { name: "Secret server key" }).uncheck();
    await form.getByRole("button", { name: "Create keys" }).click();
    await form.getByText("Choose at least one key.").waitFor();
    await form.getByRole("checkbox", { name: "Secret server key" }).check();
    await form.getByRole("checkbox", { name: "Super secret admin key" }).check();
    await form.getByRole("button", { name: "Create keys" }).click();

    const shown = page.getByRole("dialog", { name: "Your new API keys" });
    await shown.getByText("This is the only time these keys are shown whole").waitFor();
    const secretKey = (await shown.getByTestId("secret_server_key").textContent())!.trim();
    const adminKey = (await shown.getByTestId("super_secret_admin_key").textContent())!.trim();
    expect(await shown.getByTestId("publishable_client_key").count()).toBe(0);
    await settled(page);
    await pageScreenshots(page, "dashboard-api-keys-created");

    // The key from the dialog is the project's: the API answers it as a server.
    const users = await callProject(server, projectId, serverHeaders(secretKey), "GET", "/users");
    expect(users.status).toBe(200);
    const withAdminKey = await callProject(server, projectId, { "x-stack-access-type": "admin", "x-stack-super-secret-admin-key": adminKey }, "GET", "/internal/projects/current");
    expect(withAdminKey.json.id).toBe(projectId);

    await shown.getByRole("button", { name: "Done" }).click();
    const card = page.getByRole("listitem", { name: "Harbour backend" });
    await card.getByText(`Server …${secretKey.slice(-4)}`).waitFor();
    await card.getByText(`Admin …${adminKey.slice(-4)}`).waitFor();
    expect(await card.getByTestId("key-set-status").textContent()).toBe("Active");
    await settled(page);
    await pageScreenshots(page, "dashboard-api-keys");

    await card.getByRole("button", { name: "Revoke Harbour backend" }).click();
    const confirm = page.getByRole("dialog", { name: "Revoke these keys?" });
    await confirm.getByText("stops working at once").waitFor();
    await confirm.getByRole("button", { name: "Revoke keys" }).click();
    await page.getByText("The keys “Harbour backend” are revoked.").waitFor();
    await card.getByTestId("key-set-status").getByText("Revoked").waitFor();
    expect(await card.getByRole("button", { name: /Revoke/ }).count()).toBe(0);

    const refused = await callProject(server, projectId, serverHeaders(secretKey), "GET", "/users");
    expect([refused.status, refused.json.code]).toEqual([401, "INVALID_SECRET_SERVER_KEY"]);
    const listed = await admin("GET", "/internal/api-keys");
    expect(listed.json.items).toEqual([expect.objectContaining({ description: "Harbour backend", manually_revoked_at_millis: expect.any(Number) })]);
  }, 90_000);
});
