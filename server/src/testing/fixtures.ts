import type { AccessType } from "../http/env";
import { TEST_INTERNAL_KEYS } from "./seed-keys";
import type { TestApp } from "./test-server";
import type { AnswerJson, DocumentedPath, HttpMethod, RequestBodyOf } from "./typed-call";

export type { AnswerJson, DocumentedPath, HttpMethod, MatchedTemplate, OperationOf, RequestBodyOf } from "./typed-call";

let emailCounter = 0;
export function uniqueEmail(prefix = "user"): string {
  emailCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${emailCounter}@example.com`;
}

export interface Credentials {
  projectId: string;
  accessType?: AccessType | string;
  publishableKey?: string;
  secretKey?: string;
  adminKey?: string;
  adminAccessToken?: string;
  accessToken?: string;
  refreshToken?: string;
  /** SDKs up to 2.8.102 send `x-stack-`, later ones `x-hexclave-`. */
  prefix?: "x-stack-" | "x-hexclave-";
  overrideErrorStatus?: boolean;
}

export function authHeaders(creds: Credentials): Record<string, string> {
  const p = creds.prefix ?? "x-stack-";
  const headers: Record<string, string> = { [`${p}project-id`]: creds.projectId };
  const set = (suffix: string, value: string | undefined) => {
    if (value !== undefined) headers[`${p}${suffix}`] = value;
  };
  set("access-type", creds.accessType);
  set("publishable-client-key", creds.publishableKey);
  set("secret-server-key", creds.secretKey);
  set("super-secret-admin-key", creds.adminKey);
  set("admin-access-token", creds.adminAccessToken);
  set("access-token", creds.accessToken);
  set("refresh-token", creds.refreshToken);
  if (creds.overrideErrorStatus) set("override-error-status", "true");
  return headers;
}

export interface CallOptions<Body = unknown> {
  creds?: Credentials;
  body?: Body;
  headers?: Record<string, string>;
}

export interface CallResult<Json = any> {
  status: number;
  headers: Headers;
  json: Json;
  text: string;
}

/**
 * A JSON call against a test app, checked against the published document: the path must be
 * one of its operations for `method` and `body` its JSON body (see typed-call.ts); `json` is
 * typed from the documented answers.
 */
export function call<M extends HttpMethod, P extends string>(
  t: Pick<TestApp, "request">,
  method: M,
  path: DocumentedPath<M, P>,
  options: CallOptions<RequestBodyOf<M, P>> = {},
): Promise<CallResult<AnswerJson<M, P>>> {
  return callUntyped(t, method, path, options);
}

/**
 * The same call with no checks, for tests that send what the document forbids on purpose
 * (unknown paths, malformed or ill-shaped bodies) or build the path at run time.
 */
export async function callUntyped(
  t: Pick<TestApp, "request">,
  method: string,
  path: string,
  options: CallOptions = {},
): Promise<CallResult> {
  const headers: Record<string, string> = { ...(options.creds ? authHeaders(options.creds) : {}), ...options.headers };
  let body: string | undefined;
  if (options.body !== undefined) {
    headers["content-type"] ??= "application/json";
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
  }
  const response = await t.request(`/api/v1${path}`, { method, headers, body });
  const text = await response.text();
  let json: any = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

export interface SignedInUser {
  userId: string;
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
}

export async function signUpUser(
  t: Pick<TestApp, "request">,
  creds: Credentials,
  input: { email?: string; password?: string } = {},
): Promise<SignedInUser> {
  const email = input.email ?? uniqueEmail();
  const password = input.password ?? "correct horse battery";
  const res = await call(t, "POST", "/auth/password/sign-up", {
    creds: { ...creds, accessType: "client" },
    body: { email, password },
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  return { userId: res.json.user_id, email, password, accessToken: res.json.access_token, refreshToken: res.json.refresh_token };
}

export const internalClient: Credentials = {
  projectId: "internal",
  accessType: "client",
  publishableKey: TEST_INTERNAL_KEYS.publishableClientKey,
};

export interface ProjectFixture {
  projectId: string;
  keys: { publishableKey: string; secretKey: string; adminKey: string };
  /** An internal-project user who owns this project through their personal team. */
  owner: SignedInUser;
  /** A user of the project itself. */
  user: SignedInUser;
  client: Credentials;
  server: Credentials;
  admin: Credentials;
}

/**
 * Project config whose team creators and members start without grants (a new project gives
 * them the starter `admin` and `member`), for tests that grant exactly what they check.
 */
export const WITHOUT_STARTER_GRANTS = { team_creator_default_permissions: [], team_member_default_permissions: [] };

/** The admin bootstrap of CONTRACT §5, end to end: an owner signs up, creates a project and its keys. */
export async function createProjectFixture(
  t: Pick<TestApp, "request">,
  options: { config?: Record<string, unknown> } = {},
): Promise<ProjectFixture> {
  const owner = await signUpUser(t, internalClient, { email: uniqueEmail("owner") });
  const me = await call(t, "GET", "/users/me", { creds: { ...internalClient, accessToken: owner.accessToken } });
  const project = await call(t, "POST", "/internal/projects", {
    creds: { ...internalClient, accessToken: owner.accessToken },
    body: { display_name: "Fixture project", owner_team_id: me.json.selected_team_id, config: options.config },
  });
  if (project.status !== 201) throw new Error(`project creation failed: ${project.status} ${project.text}`);
  const projectId: string = project.json.id;
  const keys = await call(t, "POST", "/internal/api-keys", {
    creds: { projectId, accessType: "admin", adminAccessToken: owner.accessToken },
    body: {
      description: "fixture",
      expires_at_millis: Date.now() + 365 * 24 * 3600 * 1000,
      has_publishable_client_key: true,
      has_secret_server_key: true,
      has_super_secret_admin_key: true,
    },
  });
  if (keys.status !== 200) throw new Error(`key creation failed: ${keys.status} ${keys.text}`);
  const fixtureKeys = {
    publishableKey: keys.json.publishable_client_key,
    secretKey: keys.json.secret_server_key,
    adminKey: keys.json.super_secret_admin_key,
  };
  const client: Credentials = { projectId, accessType: "client", publishableKey: fixtureKeys.publishableKey };
  const user = await signUpUser(t, client);
  return {
    projectId,
    keys: fixtureKeys,
    owner,
    user,
    client,
    server: { projectId, accessType: "server", secretKey: fixtureKeys.secretKey },
    admin: { projectId, accessType: "admin", adminKey: fixtureKeys.adminKey },
  };
}

/**
 * A refusal answered as Stack Auth answers its status errors (errors/define.ts, plainError):
 * the status and a sentence of text, with no known-error header. Answers `[status, text]`,
 * or the JSON it got instead, so a known error in its place fails loudly.
 */
export function plainRefusal(res: CallResult): [number, string] | CallResult["json"] {
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("text/plain") || res.headers.has("x-stack-known-error")) return res.json ?? res.text;
  return [res.status, res.text];
}
