import type { TestServer } from "../../harness";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { settled, signInNewUser } from "./account-settings";
import { DESKTOP, PHONE, SCREENSHOTS_DIR, signInWithTokens, signUpThroughApi, uniqueEmail } from "./browser-harness";

export interface ProjectKeys {
  publishableKey: string;
  secretKey: string;
}

/** A call to `projectId`'s API with the given headers (keys, tokens) besides the project's id. */
export async function callProject(server: TestServer, projectId: string, headers: Record<string, string>, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", "x-stack-project-id": projectId, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: (text ? JSON.parse(text) : null) as any };
}

/** The dashboard's own access to a project: admin, with the owner's internal session token. */
export const adminHeaders = (accessToken: string) => ({ "x-stack-access-type": "admin", "x-stack-admin-access-token": accessToken });
export const serverHeaders = (secretKey: string) => ({ "x-stack-access-type": "server", "x-stack-secret-server-key": secretKey });
export const clientHeaders = (publishableKey: string) => ({ "x-stack-access-type": "client", "x-stack-publishable-client-key": publishableKey });

/**
 * A new user signed in through the sign-in page, owning a new project made through the API in
 * their personal team, as the dashboard's create form would; with its keys when `withKeys`.
 */
export async function signInWithProject(page: Page, server: TestServer, label: string, options: { name?: string; withKeys?: boolean } = {}) {
  const user = await signInNewUser(page, server, label);
  const accessToken = user.tokens.access_token;
  const userHeaders = { "x-stack-access-type": "client", "x-stack-access-token": accessToken };
  const me = await callProject(server, "internal", userHeaders, "GET", "/users/me");
  const created = await callProject(server, "internal", userHeaders, "POST", "/internal/projects", {
    display_name: options.name ?? "Harbour app",
    owner_team_id: me.json.selected_team_id,
  });
  expect(created.status).toBe(201);
  const projectId = created.json.id as string;
  const admin = (method: string, path: string, body?: unknown) => callProject(server, projectId, adminHeaders(accessToken), method, path, body);
  let keys: ProjectKeys | null = null;
  if (options.withKeys) {
    const made = await admin("POST", "/internal/api-keys", {
      description: "test fixture",
      expires_at_millis: Date.now() + 24 * 3600 * 1000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: false,
    });
    expect(made.status).toBe(200);
    keys = { publishableKey: made.json.publishable_client_key, secretKey: made.json.secret_server_key };
  }
  return { ...user, accessToken, userHeaders, projectId, teamId: me.json.selected_team_id as string, admin, keys };
}

export type ApiAnswer = Awaited<ReturnType<typeof callProject>>;

export interface SeededProject {
  projectId: string;
  /** The project's owner, a user of `internal`, with the tokens the dashboard signs in with. */
  owner: { email: string; tokens: { access_token: string; refresh_token: string } };
  /** A call as the project's backend makes it (the secret server key). */
  asServer: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** A call as the dashboard makes it (the owner's access token, admin access). */
  asAdmin: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** A call as the project's app makes it (the publishable key), with extra headers. */
  asClient: (method: string, path: string, headers?: Record<string, string>, body?: unknown) => Promise<ApiAnswer>;
}

/**
 * A project with keys made through the API alone, for tests that fill it with data before any
 * page opens; `signInToDashboard` later puts its owner's session in a page.
 */
export async function createSeededProject(server: TestServer, name = "Harbour app"): Promise<SeededProject> {
  const email = uniqueEmail("dashboard-owner");
  const tokens = await signUpThroughApi(server, email);
  const userHeaders = { "x-stack-access-type": "client", "x-stack-access-token": tokens.access_token };
  const me = await callProject(server, "internal", userHeaders, "GET", "/users/me");
  const created = await callProject(server, "internal", userHeaders, "POST", "/internal/projects", { display_name: name, owner_team_id: me.json.selected_team_id });
  if (created.status !== 201) throw new Error(`POST /internal/projects answered ${created.status}: ${JSON.stringify(created.json)}`);
  const projectId = created.json.id as string;
  const keySet = await callProject(server, projectId, adminHeaders(tokens.access_token), "POST", "/internal/api-keys", {
    description: "test fixture",
    expires_at_millis: Date.now() + 24 * 3600 * 1000,
    has_publishable_client_key: true,
    has_secret_server_key: true,
    has_super_secret_admin_key: false,
  });
  if (keySet.status !== 200) throw new Error(`POST /internal/api-keys answered ${keySet.status}: ${JSON.stringify(keySet.json)}`);
  const { publishable_client_key: publishableKey, secret_server_key: secretKey } = keySet.json;
  return {
    projectId,
    owner: { email, tokens },
    asServer: (method, path, body) => callProject(server, projectId, serverHeaders(secretKey), method, path, body),
    asAdmin: (method, path, body) => callProject(server, projectId, adminHeaders(tokens.access_token), method, path, body),
    asClient: (method, path, headers = {}, body) => callProject(server, projectId, { ...clientHeaders(publishableKey), ...headers }, method, path, body),
  };
}

/** Signs the page in to the dashboard as the seeded project's owner. */
export async function signInToDashboard(page: Page, project: SeededProject): Promise<void> {
  await signInWithTokens(page, project.owner.tokens);
}

/** Runs `task` for each of `items`, at most `limit` at a time. */
export async function inBatches<T>(items: T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/** Opens one of the project's dashboard pages and waits for its heading. */
export async function openProjectPage(page: Page, projectId: string, section: string, heading: string) {
  await page.goto(`/dashboard/projects/${projectId}/${section}`);
  await page.getByRole("heading", { name: heading, level: 1 }).waitFor();
}

/** After a resize: the shell's main column slides over from the navigation's place in a short transition. */
async function resized(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}

/**
 * Desktop and phone screenshots (as `screenshots` names them) taken from the top of the page,
 * once the layout has settled at each width, and a check that at phone width nothing makes
 * the page scroll sideways.
 */
export async function pageScreenshots(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-desktop.png`), fullPage: true });
  await resized(page, PHONE);
  const overflowing = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll("body *")]
      .filter((element) => {
        // The widest element whose box still fits is where an overflow starts.
        if (element.getBoundingClientRect().right <= width + 1) return false;
        if ((element.parentElement?.getBoundingClientRect().right ?? 0) > width + 1) return false;
        // What a box of its own scrolls or clips is not the page's overflow.
        for (let box = element.parentElement; box; box = box.parentElement) if (getComputedStyle(box).overflowX !== "visible") return false;
        return true;
      })
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 40)}`);
  });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: join(SCREENSHOTS_DIR, `${name}-phone.png`), fullPage: true });
  await resized(page, DESKTOP);
  expect(overflowing, "elements wider than the phone's screen").toEqual([]);
}
