import type { Route } from "playwright-core";
import { describe, expect, it } from "vitest";
import { callInternal, fillCredentials, PASSWORD, screenshots, uniqueEmail, useBrowserHarness } from "./support/browser-harness";
import { callProject, signInWithProject } from "./support/dashboard-project";

const harness = useBrowserHarness();

describe("dashboard: projects", () => {
  it("keeps the way back through the header's Sign up and Sign in links", async () => {
    const { page, server } = harness();
    await page.goto("/dashboard");
    await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=%2Fdashboard/);
    const header = page.getByRole("banner");
    expect(await header.getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/handler/sign-up?after_auth_return_to=%2Fdashboard");
    await header.getByRole("link", { name: "Sign up" }).click();
    await page.waitForURL(/\/handler\/sign-up\?after_auth_return_to=%2Fdashboard/);
    // From a sign-up page the header's Sign in keeps the same target.
    expect(await header.getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in?after_auth_return_to=%2Fdashboard");
    await fillCredentials(page, uniqueEmail("header-sign-up"), PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${server.url}/dashboard`);

    // Another page comes back to itself; a sign-in page without a target adds none.
    const visitor = await page.context().browser()!.newContext({ baseURL: server.url });
    const other = await visitor.newPage();
    await other.goto("/handler/email-verification?code=x");
    expect(await other.getByRole("banner").getByRole("link", { name: "Sign in" }).getAttribute("href")).toBe("/handler/sign-in?after_auth_return_to=%2Fhandler%2Femail-verification%3Fcode%3Dx");
    await other.goto("/handler/sign-in");
    expect(await other.getByRole("banner").getByRole("link", { name: "Sign up" }).getAttribute("href")).toBe("/handler/sign-up");
    await visitor.close();
  });

  it("asks for the overview's figures beside the user check and the page's code, and still sends an ended session to sign-in", async () => {
    const { page, server } = harness();
    const { projectId } = await signInWithProject(page, server, "overview-reads");

    // The user check and the overview's code are held back: the figures, the key check and the
    // project check are asked for all the same, instead of one after another.
    const held: Array<() => void> = [];
    const hold = (route: Route) => new Promise<void>((release) => held.push(release)).then(() => route.continue());
    await page.route("**/api/v1/users/me", hold);
    await page.route("**/assets/overview-page-*.js", hold);
    const reads = ["/internal/metrics", "/internal/api-keys", "/internal/projects/current"].map((path) =>
      page.waitForRequest((request) => new URL(request.url()).pathname === `/api/v1${path}`, { timeout: 15_000 }),
    );
    await page.goto(`/dashboard/projects/${projectId}`, { waitUntil: "commit" });
    await Promise.all(reads);
    await expect.poll(() => held.length).toBe(2);
    for (const release of held) release();
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await page.unrouteAll();

    // A session the server has ended, still in the browser: the frame no longer waits for the
    // user check, which still sends the admin to sign in and back.
    const accessToken = await page.evaluate(() => localStorage.getItem("gatehouse:internal:access-token"));
    const signOut = await callProject(server, "internal", { "x-stack-access-type": "client", "x-stack-access-token": accessToken! }, "DELETE", "/auth/sessions/current");
    expect(signOut.status).toBe(200);
    await page.goto(`/dashboard/projects/${projectId}/users`);
    await page.waitForURL((url) => url.pathname === "/handler/sign-in" && url.searchParams.get("after_auth_return_to") === `/dashboard/projects/${projectId}/users`);
  }, 60_000);

  it("says a project id that names none of the user's projects is not found, with no retry that cannot help", async () => {
    const { page, server } = harness();
    const { projectId } = await signInWithProject(page, server, "not-found", { name: "Mine" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "no-such-project"]) {
      await page.goto(`/dashboard/projects/${id}/users`);
      await page.getByRole("heading", { name: "Project not found", level: 1 }).waitFor();
      expect(await page.getByRole("button", { name: "Try again" }).count()).toBe(0);
    }
    await screenshots(page, "dashboard-project-not-found");
    await page.getByRole("main").getByRole("link", { name: "All projects" }).click();
    await page.getByRole("link", { name: "Open Mine" }).waitFor();
    // Another project opens afresh.
    await page.goto(`/dashboard/projects/${projectId}/users`);
    await page.getByRole("heading", { name: "Users", level: 1 }).waitFor();
  });

  it("bootstraps an admin: a signed-out visitor signs up from the dashboard's sign-in, comes back, creates a project and opens it", async () => {
    const { page, server } = harness();
    await page.goto("/dashboard");
    await page.waitForURL(/\/handler\/sign-in\?after_auth_return_to=%2Fdashboard/);
    // The first admin is a new user of `internal`; sign-up keeps the way back to the dashboard.
    await page.getByRole("link", { name: "Create an account" }).click();
    await page.waitForURL(/\/handler\/sign-up\?after_auth_return_to=%2Fdashboard/);
    await fillCredentials(page, uniqueEmail("dashboard-owner"), PASSWORD);
    await page.getByRole("button", { name: "Sign up" }).click();
    await page.waitForURL(`${server.url}/dashboard`);
    await page.getByText("No projects yet").waitFor();
    const userId = String(await page.evaluate(`JSON.parse(atob(localStorage.getItem("gatehouse:internal:access-token").split(".")[1].replace(/-/g, "+").replace(/_/g, "/"))).sub`));
    await screenshots(page, "dashboard-projects-empty");

    await page.getByRole("button", { name: "Create your first project" }).click();
    const dialog = page.getByRole("dialog", { name: "Create a project" });
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.getByText("Give the project a name.").waitFor();
    await page.getByLabel("Name").fill("Harbour app");
    await page.getByLabel("Description").fill("Where the boats sign in");
    await dialog.getByRole("button", { name: "Create project" }).click();
    await page.waitForURL(/\/dashboard\/projects\/[0-9a-f-]{36}$/);
    const projectId = new URL(page.url()).pathname.split("/").pop()!;

    // The new project says what comes next: keys, and with them how to connect an app.
    await page.getByText("Next: connect your app").waitFor();
    await page.getByRole("link", { name: "Create API keys" }).click();
    await page.getByRole("button", { name: "Create your first keys" }).click();
    const keyForm = page.getByRole("dialog", { name: "Create API keys" });
    await keyForm.getByLabel("Description").fill("Harbour web app");
    await keyForm.getByRole("button", { name: "Create keys" }).click();
    const shown = page.getByRole("dialog", { name: "Your new API keys" });
    await shown.getByText("Connect your app").waitFor();
    const envFile = (await shown.getByTestId("quick-start-stack").textContent())!;
    expect(envFile).toContain(`NEXT_PUBLIC_STACK_PROJECT_ID=${projectId}`);
    expect(envFile).toContain(`NEXT_PUBLIC_STACK_API_URL=${server.url}`);
    expect(envFile).toMatch(/NEXT_PUBLIC_STACK_PUBLISHABLE_CLIENT_KEY=\S+/);
    await screenshots(page, "dashboard-api-keys-quick-start");
    // The curl snippet works as written.
    await shown.getByRole("tab", { name: "curl" }).click();
    const curl = (await shown.getByTestId("quick-start-curl").textContent())!;
    const url = /^curl (\S+)/.exec(curl)![1]!;
    const headers = Object.fromEntries([...curl.matchAll(/-H "([^:]+): ([^"]+)"/g)].map((m) => [m[1]!, m[2]!]));
    const answer = await fetch(url, { headers });
    expect(answer.status).toBe(200);
    await shown.getByRole("button", { name: "Done" }).click();
    await page.goto(`/dashboard/projects/${projectId}`);
    await page.getByRole("heading", { name: "Overview", level: 1 }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByText("Next: connect your app").count()).toBe(0);

    // Owned by the user's personal team, the one the form offered first, as the user's own list says.
    const me = await callInternal(server, "server", "GET", `/users/${userId}`);
    const accessToken = await page.evaluate(`localStorage.getItem("gatehouse:internal:access-token")`);
    const listed = await fetch(`${server.url}/api/v1/internal/projects`, {
      headers: { "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-access-token": String(accessToken) },
    });
    const projects = ((await listed.json()) as { items: Array<{ id: string; display_name: string; description: string; owner_team_id: string }> }).items;
    expect(projects).toEqual([expect.objectContaining({ id: projectId, display_name: "Harbour app", description: "Where the boats sign in", owner_team_id: me.json.selected_team_id })]);

    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Open Harbour app" }).waitFor();
    await screenshots(page, "dashboard-projects");

    // The overview counts what happens in the project: three sign-ups through its own keys.
    const keys = await fetch(`${server.url}/api/v1/internal/api-keys`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-stack-project-id": projectId, "x-stack-access-type": "admin", "x-stack-admin-access-token": String(accessToken) },
      body: JSON.stringify({ description: "test", expires_at_millis: Date.now() + 86_400_000, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false }),
    });
    const publishableKey = ((await keys.json()) as { publishable_client_key: string }).publishable_client_key;
    for (const n of [1, 2, 3]) {
      const signUp = await fetch(`${server.url}/api/v1/auth/password/sign-up`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-stack-project-id": projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": publishableKey },
        body: JSON.stringify({ email: `member-${n}-${projectId.slice(0, 6)}@example.com`, password: "correct horse battery staple" }),
      });
      expect(signUp.status).toBe(200);
    }
    await page.getByRole("link", { name: "Open Harbour app" }).click();
    await page.getByRole("heading", { name: "Overview" }).waitFor();
    expect(await page.getByTestId("total-users").textContent()).toBe("3");
    await page.getByRole("link", { name: `member-1-${projectId.slice(0, 6)}@example.com` }).waitFor();
    await page.getByRole("figure", { name: "Users by sign-in method: Password 3" }).waitFor();
    await screenshots(page, "dashboard-overview");
    await page.getByLabel("Show as a table").check();
    const today = new Date().toISOString().slice(0, 10);
    expect(await page.getByRole("row", { name: new RegExp(`^${today}`) }).textContent()).toBe(`${today}33`);
  }, 90_000);
});
