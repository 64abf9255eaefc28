/**
 * Agent-scoped credentials: a user gives an AI agent a token narrowed to some of their
 * permissions in one team and to an expiry; a resource server (an admin-made confidential app)
 * reads what it stands for by introspection with openid-client; the user and the server list
 * and revoke it, and it stops at once when revoked or when the user leaves the team.
 */
import * as oidc from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_INTERNAL_KEYS, type TestServer } from "../harness";

const NOTES = "https://notes.example.test/";

let server: TestServer;
let resourceServer: oidc.Configuration;
let agentId: string;

const adminHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "admin",
  "x-stack-super-secret-admin-key": TEST_INTERNAL_KEYS.superSecretAdminKey,
  "content-type": "application/json",
};
const serverHeaders = {
  "x-stack-project-id": "internal",
  "x-stack-access-type": "server",
  "x-stack-secret-server-key": TEST_INTERNAL_KEYS.secretServerKey,
  "content-type": "application/json",
};
const clientHeaders = (accessToken?: string) => ({
  "x-stack-project-id": "internal",
  "x-stack-access-type": "client",
  "x-stack-publishable-client-key": TEST_INTERNAL_KEYS.publishableClientKey,
  "content-type": "application/json",
  ...(accessToken ? { "x-stack-access-token": accessToken } : {}),
});

async function api(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await server.request(`/api/v1${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: response.status, code: response.headers.get("x-stack-known-error"), json: await response.json().catch(() => null) };
}

/** A user who created a team: the internal project makes its creator `admin` of it, which contains `member`'s permissions. */
async function userWithTeam() {
  const signUp = await api("POST", "/auth/password/sign-up", clientHeaders(), { email: `agent-${crypto.randomUUID().slice(0, 8)}@example.com`, password: "correct horse battery staple" });
  const user = { id: signUp.json.user_id as string, accessToken: signUp.json.access_token as string };
  const team = await api("POST", "/teams", clientHeaders(user.accessToken), { display_name: "Agents' team", creator_user_id: "me" });
  expect(team.status).toBe(201);
  const permissions = await api("GET", `/team-permissions?team_id=${team.json.id}&user_id=me&recursive=true`, clientHeaders(user.accessToken));
  return { ...user, teamId: team.json.id as string, permissions: (permissions.json.items as Array<{ id: string }>).map((p) => p.id) };
}

const inAnHour = () => Date.now() + 3600_000;

beforeAll(async () => {
  server = await startServer();
  await api("PATCH", "/internal/config/override/environment", adminHeaders, {
    config_override_string: JSON.stringify({ "oauthServer.enabled": true, "oauthServer.resources.notes": { uri: NOTES, scopes: "notes:read" } }),
  });
  const agent = await api("POST", "/internal/oauth-apps", adminHeaders, { display_name: "Research agent", type: "public", redirect_uris: ["http://127.0.0.1:5000/cb"] });
  agentId = agent.json.client_id;
  const rs = await api("POST", "/internal/oauth-apps", adminHeaders, { display_name: "Notes API", type: "confidential", grant_types: ["client_credentials"] });
  resourceServer = await oidc.discovery(new URL(`${server.url}/api/v1/projects/internal/oauth2`), rs.json.client_id, rs.json.client_secret, undefined, {
    execute: [oidc.allowInsecureRequests],
  });
}, 120_000);
afterAll(() => server?.close());

describe("agent-scoped credentials", () => {
  it("carry the chosen team permissions and expiry, are listed, and stop at once when revoked", async () => {
    const user = await userWithTeam();
    expect(user.permissions.length).toBeGreaterThan(1);
    const permission = user.permissions[0]!;
    const expiresAt = inAnHour();
    const made = await api("POST", "/oauth-apps/agent-credentials?user_id=me", clientHeaders(user.accessToken), {
      client_id: agentId,
      team_id: user.teamId,
      permissions: [permission],
      description: "Summarise the team's notes",
      expires_at_millis: expiresAt,
      resource: NOTES,
    });
    expect(made.status).toBe(201);
    expect(made.json).toMatchObject({ client_id: agentId, team_id: user.teamId, permissions: [permission], resource: NOTES, token_type: "Bearer" });

    const seen = await oidc.tokenIntrospection(resourceServer, made.json.access_token);
    expect(seen).toMatchObject({ active: true, sub: user.id, client_id: agentId, aud: NOTES, scope: "notes:read", team_id: user.teamId, permissions: [permission], agent_credential_id: made.json.id });
    expect(Math.abs(seen.exp! * 1000 - expiresAt)).toBeLessThan(5_000);

    const listed = await api("GET", "/oauth-apps/agent-credentials?user_id=me", clientHeaders(user.accessToken));
    expect(listed.json.items).toEqual([expect.objectContaining({ id: made.json.id, description: "Summarise the team's notes" })]);
    expect(JSON.stringify(listed.json)).not.toContain(made.json.access_token);
    // An agent credential is not an app the user connected.
    expect((await api("GET", "/oauth-apps/connections?user_id=me", clientHeaders(user.accessToken))).json.items).toEqual([]);

    expect((await api("DELETE", `/oauth-apps/agent-credentials/${made.json.id}?user_id=me`, clientHeaders(user.accessToken))).status).toBe(200);
    expect((await oidc.tokenIntrospection(resourceServer, made.json.access_token)).active).toBe(false);
    expect((await api("GET", "/oauth-apps/agent-credentials?user_id=me", clientHeaders(user.accessToken))).json.items).toEqual([]);
    expect((await api("DELETE", `/oauth-apps/agent-credentials/${made.json.id}?user_id=me`, clientHeaders(user.accessToken))).code).toBe("AGENT_CREDENTIAL_NOT_FOUND");
  });

  it("hand on only what the user holds, for a while, and end when the user leaves the team; the server lists and revokes them", async () => {
    const user = await userWithTeam();
    const make = (body: Record<string, unknown>, headers: Record<string, string> = clientHeaders(user.accessToken), userId = "me") =>
      api("POST", `/oauth-apps/agent-credentials?user_id=${userId}`, headers, {
        client_id: agentId,
        team_id: user.teamId,
        permissions: [user.permissions[0]],
        description: "job",
        expires_at_millis: inAnHour(),
        ...body,
      });
    expect((await make({ permissions: ["$not_held_by_anyone"] })).code).toBe("TEAM_PERMISSION_REQUIRED");
    expect((await make({ expires_at_millis: Date.now() + 91 * 86_400_000 })).code).toBe("AGENT_CREDENTIAL_INVALID");
    expect((await make({ expires_at_millis: Date.now() - 1000 })).code).toBe("AGENT_CREDENTIAL_INVALID");
    expect((await make({ resource: "https://unknown.example/" })).code).toBe("AGENT_CREDENTIAL_INVALID");
    expect((await make({ client_id: "oa_nope" })).code).toBe("OAUTH_APP_NOT_FOUND");
    const other = await userWithTeam();
    expect((await make({ team_id: other.teamId })).code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");

    // The server gives one on the user's behalf, lists it and revokes it.
    const byServer = await make({}, serverHeaders, user.id);
    expect(byServer.status).toBe(201);
    expect((await api("GET", `/oauth-apps/agent-credentials?user_id=${user.id}`, serverHeaders)).json.items).toHaveLength(1);
    expect((await api("DELETE", `/oauth-apps/agent-credentials/${byServer.json.id}?user_id=${user.id}`, serverHeaders)).status).toBe(200);
    expect((await oidc.tokenIntrospection(resourceServer, byServer.json.access_token)).active).toBe(false);

    // Leaving the team ends it.
    const kept = await make({});
    expect((await oidc.tokenIntrospection(resourceServer, kept.json.access_token)).active).toBe(true);
    expect((await api("DELETE", `/team-memberships/${user.teamId}/${user.id}`, serverHeaders)).status).toBe(200);
    expect((await oidc.tokenIntrospection(resourceServer, kept.json.access_token)).active).toBe(false);
    expect((await api("GET", "/oauth-apps/agent-credentials?user_id=me", clientHeaders(user.accessToken))).json.items).toEqual([]);
  });
});
