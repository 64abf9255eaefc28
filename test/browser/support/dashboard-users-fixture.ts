import type { RunningTestServer } from "@gatehouse/server/testing";
import type { Page } from "playwright-core";
import { signInWithTokens, signUpThroughApi, uniqueEmail } from "./browser-harness";

export interface ApiAnswer {
  status: number;
  json: any;
}

/** A call to the API with the given headers (project, access type, keys or tokens). */
export async function callApi(server: RunningTestServer, headers: Record<string, string>, method: string, path: string, body?: unknown): Promise<ApiAnswer> {
  const response = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : null };
}

export interface DashboardProject {
  projectId: string;
  /** The project's owner, a user of `internal`, with the tokens the dashboard signs in with. */
  owner: { email: string; userId: string; tokens: { access_token: string; refresh_token: string } };
  keys: { publishableClientKey: string; secretServerKey: string };
  /** A call to the project as its backend makes it (the secret server key). */
  asServer: (method: string, path: string, body?: unknown) => Promise<ApiAnswer>;
  /** A call to the project as its app makes it (the publishable key), with extra headers. */
  asClient: (method: string, path: string, headers?: Record<string, string>, body?: unknown) => Promise<ApiAnswer>;
}

/**
 * A project and its keys made through the API, as the dashboard makes them: a user signs up in
 * `internal`, creates a project owned by their team, and makes a key set with admin access.
 */
export async function createDashboardProject(server: RunningTestServer, name = "Harbour app"): Promise<DashboardProject> {
  const email = uniqueEmail("dashboard-owner");
  const tokens = await signUpThroughApi(server, email);
  const asOwner = { "x-stack-project-id": "internal", "x-stack-access-type": "client", "x-stack-access-token": tokens.access_token };
  const me = await callApi(server, asOwner, "GET", "/users/me");
  const project = await callApi(server, asOwner, "POST", "/internal/projects", { display_name: name, owner_team_id: me.json.selected_team_id });
  if (project.status !== 201) throw new Error(`POST /internal/projects answered ${project.status}: ${JSON.stringify(project.json)}`);
  const projectId: string = project.json.id;
  const keySet = await callApi(
    server,
    { "x-stack-project-id": projectId, "x-stack-access-type": "admin", "x-stack-admin-access-token": tokens.access_token },
    "POST",
    "/internal/api-keys",
    { description: "browser test", expires_at_millis: Date.now() + 24 * 3600 * 1000, has_publishable_client_key: true, has_secret_server_key: true, has_super_secret_admin_key: false },
  );
  if (keySet.status !== 201) throw new Error(`POST /internal/api-keys answered ${keySet.status}: ${JSON.stringify(keySet.json)}`);
  const keys = { publishableClientKey: keySet.json.publishable_client_key, secretServerKey: keySet.json.secret_server_key };
  return {
    projectId,
    owner: { email, userId: tokens.user_id, tokens },
    keys,
    asServer: (method, path, body) =>
      callApi(server, { "x-stack-project-id": projectId, "x-stack-access-type": "server", "x-stack-secret-server-key": keys.secretServerKey }, method, path, body),
    asClient: (method, path, headers = {}, body) =>
      callApi(server, { "x-stack-project-id": projectId, "x-stack-access-type": "client", "x-stack-publishable-client-key": keys.publishableClientKey, ...headers }, method, path, body),
  };
}

/** Signs the page in to the dashboard as the project's owner. */
export async function signInToDashboard(page: Page, project: DashboardProject): Promise<void> {
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
