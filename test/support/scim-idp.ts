/**
 * An identity provider's side of SCIM, for the suites that replay Okta's and Entra ID's
 * provisioning: a team with a SCIM directory made through the admin API, and requests to the
 * SCIM endpoints as a provider sends them (bearer token, application/scim+json).
 */
import { expect } from "vitest";
import { TEST_INTERNAL_KEYS, type TestServer } from "../harness";

export const PATCH_OP = "urn:ietf:params:scim:api:messages:2.0:PatchOp";
export const USER_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:User";
export const GROUP_SCHEMA = "urn:ietf:params:scim:schemas:core:2.0:Group";
export const LIST_RESPONSE = "urn:ietf:params:scim:api:messages:2.0:ListResponse";

const keyHeaders = (type: "admin" | "server" | "client") => ({
  "x-stack-project-id": "internal",
  "x-stack-access-type": type,
  ...(type === "admin" ? { "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey } : {}),
  ...(type === "server" ? { "x-stack-secret-server-key": TEST_INTERNAL_KEYS.secretServerKey } : {}),
  ...(type === "client" ? { "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey } : {}),
  "content-type": "application/json",
});

export interface ApiAnswer {
  status: number;
  code: string | null;
  json: any;
}

/** A call of Gatehouse's own API on the internal project, with its admin, server or client key. */
export async function api(server: TestServer, type: "admin" | "server" | "client", method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
  const response = await server.request(`/api/v1${path}`, {
    method,
    headers: { ...keyHeaders(type), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, code: response.headers.get("x-stack-known-error"), json: await response.json().catch(() => null) };
}

export interface ScimAnswer {
  status: number;
  contentType: string | null;
  location: string | null;
  json: any;
}

/** The SCIM client of one directory: its requests carry the directory's token. */
export function scimClient(server: TestServer, token: string) {
  return async (method: string, path: string, body?: unknown): Promise<ScimAnswer> => {
    const response = await server.request(`/api/v1/scim/v2${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        accept: "application/scim+json",
        ...(body === undefined ? {} : { "content-type": "application/scim+json; charset=utf-8" }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, contentType: response.headers.get("content-type"), location: response.headers.get("location"), json: text ? JSON.parse(text) : null };
  };
}

/** A new team of the internal project with a SCIM directory: its id, the directory and its token. */
export async function teamWithDirectory(server: TestServer, name: string) {
  const team = await api(server, "server", "POST", "/teams", { display_name: name });
  expect(team.status).toBe(201);
  const directory = await api(server, "admin", "POST", "/internal/scim-directories", { team_id: team.json.id, display_name: name });
  expect(directory.status).toBe(201);
  return { teamId: team.json.id as string, directoryId: directory.json.id as string, token: directory.json.token as string, baseUrl: directory.json.base_url as string };
}

/** The ids of the teams the user is a member of. */
export async function teamsOf(server: TestServer, userId: string): Promise<string[]> {
  const teams = await api(server, "server", "GET", `/teams?user_id=${userId}`);
  return (teams.json.items as Array<{ id: string }>).map((team) => team.id);
}

/** Signs the user in (a server-made session, as impersonation makes one): their access and refresh tokens. */
export async function sessionOf(server: TestServer, userId: string) {
  const session = await api(server, "server", "POST", "/auth/sessions", { user_id: userId });
  expect(session.status).toBe(200);
  return { accessToken: session.json.access_token as string, refreshToken: session.json.refresh_token as string };
}

/** What the user's tokens get now: GET /users/me with the access token, and a refresh with the refresh token. */
export async function tokensWork(server: TestServer, tokens: { accessToken: string; refreshToken: string }) {
  const me = await api(server, "client", "GET", "/users/me", undefined, { "x-stack-access-token": tokens.accessToken });
  const refresh = await api(server, "client", "POST", "/auth/sessions/current/refresh", {}, { "x-stack-refresh-token": tokens.refreshToken });
  return { me: me.code ?? me.status, refresh: refresh.code ?? refresh.status };
}
