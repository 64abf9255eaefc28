import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("oauth-apps");

describe("oauth-apps: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    const enabled = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "oauthServer.enabled": true }) },
    });
    expectValidThroughProxy(enabled, 200);
  });

  it("creates, reads, lists, changes, rotates and removes an app in the documented shapes", async () => {
    const created = await env.api.call("POST", "/internal/oauth-apps", {
      creds: project.admin,
      body: { display_name: "Notes", type: "confidential", redirect_uris: ["https://notes.example.com/callback"] },
    });
    expectValidThroughProxy(created, 201);
    const clientId: string = created.json.client_id;
    expect(created.json.client_secret).toMatch(/^oas_/);
    expectValidThroughProxy(await env.api.call("GET", `/internal/oauth-apps/${clientId}`, { creds: project.admin }), 200);
    expectValidThroughProxy(await env.api.call("GET", "/internal/oauth-apps", { creds: project.admin }), 200);
    expectValidThroughProxy(await env.api.call("PATCH", `/internal/oauth-apps/${clientId}`, { creds: project.admin, body: { homepage_url: "https://notes.example.com" } }), 200);
    expectValidThroughProxy(await env.api.call("POST", `/internal/oauth-apps/${clientId}/rotate-secret`, { creds: project.admin }), 200);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/internal/oauth-apps", { creds: project.admin, body: { display_name: "Bad", type: "confidential", redirect_uris: ["http://example.com/cb"] } }),
      400,
      "OAUTH_APP_INVALID",
    );
    expectValidThroughProxy(await env.api.call("DELETE", `/internal/oauth-apps/${clientId}`, { creds: project.admin }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/internal/oauth-apps/${clientId}`, { creds: project.admin }), 404, "OAUTH_APP_NOT_FOUND");
  });

  it("answers a user's connections, agent credentials and an unknown authorization in the documented shapes", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    const app = await env.api.call("POST", "/internal/oauth-apps", {
      creds: project.admin,
      body: { display_name: "Agent", type: "public", redirect_uris: ["http://127.0.0.1:5000/cb"] },
    });
    const team = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Agents", creator_user_id: user.userId } });
    expectValidThroughProxy(await env.api.call("POST", "/team-permission-definitions", { creds: project.admin, body: { id: "notes_read" } }), 201);
    expectValidThroughProxy(await env.api.call("POST", `/team-permissions/${team.json.id}/${user.userId}/notes_read`, { creds: project.server, body: {} }), 201);

    const made = await env.api.call("POST", "/oauth-apps/agent-credentials?user_id=me", {
      creds,
      body: { client_id: app.json.client_id, team_id: team.json.id, permissions: ["notes_read"], description: "job", expires_at_millis: Date.now() + 3_600_000 },
    });
    expectValidThroughProxy(made, 201);
    expectValidThroughProxy(await env.api.call("GET", "/oauth-apps/agent-credentials?user_id=me", { creds }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", `/oauth-apps/agent-credentials/${made.json.id}?user_id=me`, { creds }), 200);
    expectKnownErrorThroughProxy(await env.api.call("DELETE", `/oauth-apps/agent-credentials/${made.json.id}?user_id=me`, { creds }), 404, "AGENT_CREDENTIAL_NOT_FOUND");

    expectValidThroughProxy(await env.api.call("GET", "/oauth-apps/connections?user_id=me", { creds }), 200);
    expectKnownErrorThroughProxy(await env.api.call("DELETE", `/oauth-apps/connections/${app.json.client_id}?user_id=me`, { creds }), 404, "OAUTH_APP_NOT_CONNECTED");
    expectKnownErrorThroughProxy(await env.api.call("GET", "/oauth-apps/authorizations/unknown", { creds }), 404, "OAUTH_AUTHORIZATION_NOT_FOUND");
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/oauth-apps/authorizations/unknown", { creds, body: { decision: "deny" } }),
      404,
      "OAUTH_AUTHORIZATION_NOT_FOUND",
    );
  });
});
