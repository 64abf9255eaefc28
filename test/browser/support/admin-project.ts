import type { TestServer } from "../../harness";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled } from "./account-settings";
import { callInternal, uniqueEmail } from "./browser-harness";

export interface AdminProject {
  projectId: string;
  /** A call to the project with admin access, as the dashboard makes it: the owner's internal token as the admin access token. */
  admin: (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;
  /** A user of the project, created with admin access. */
  addUser: (displayName: string) => Promise<{ id: string; email: string; displayName: string }>;
}

/** A project owned by the signed-in internal user's selected team (`accessToken` is theirs), with `config` set at creation. */
export async function createAdminProject(server: TestServer, accessToken: string, userId: string, config?: Record<string, unknown>): Promise<AdminProject> {
  const me = await callInternal(server, "server", "GET", `/users/${userId}`);
  const created = await fetch(`${server.url}/api/v1/internal/projects`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-access-token": accessToken },
    body: JSON.stringify({ display_name: "Harbour app", owner_team_id: me.json.selected_team_id, config }),
  });
  expect(created.status).toBe(201);
  const projectId = ((await created.json()) as { id: string }).id;
  const admin = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { "content-type": "application/json", "x-stack-project-id": projectId, "x-stack-access-type": "admin", "x-stack-admin-access-token": accessToken },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
  };
  const addUser = async (displayName: string) => {
    const email = uniqueEmail(displayName.split(" ")[0]!.toLowerCase());
    const user = await admin("POST", "/users", { primary_email: email, primary_email_verified: true, display_name: displayName });
    expect(user.status).toBe(201);
    return { id: user.json.id as string, email, displayName };
  };
  return { projectId, admin, addUser };
}

/** Closes the success notifications and scrolls to the top, so that a screenshot shows the page itself. */
export async function clearForScreenshot(page: Page): Promise<void> {
  // Clicked from the page: an open dialog's overlay would stop a pointer click.
  await page.waitForFunction(() => {
    document.querySelectorAll<HTMLElement>(".mantine-Notification-closeButton").forEach((button) => button.click());
    return document.querySelectorAll(".mantine-Notification-root").length === 0;
  }, undefined, { polling: 100 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
}
