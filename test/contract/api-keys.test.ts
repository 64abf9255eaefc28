import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("api-keys");

const UNKNOWN_KEY = "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c";

describe("api keys: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api, { allow_user_api_keys: true, allow_team_api_keys: true });
  });

  it("creates, lists, reads, checks and revokes a user's key", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    const created = await env.api.call("POST", "/user-api-keys", { creds, body: { description: "cli", expires_at_millis: Date.now() + 60_000, user_id: "me" } });
    expectValidThroughProxy(created, 200);
    const id: string = created.json.id;

    expectValidThroughProxy(await env.api.call("GET", "/user-api-keys?user_id=me", { creds }), 200);
    expectValidThroughProxy(await env.api.call("GET", `/user-api-keys/${id}?user_id=me`, { creds }), 200);
    const checked = await env.api.call("POST", "/user-api-keys/check", { creds: project.server, body: { api_key: created.json.value } });
    expectValidThroughProxy(checked, 200);
    expect(checked.json.user_id).toBe(user.userId);

    const revoked = await env.api.call("PATCH", `/user-api-keys/${id}?user_id=me`, { creds, body: { revoked: true } });
    expectValidThroughProxy(revoked, 200);
    expect(revoked.json.manually_revoked_at_millis).toEqual(expect.any(Number));
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/user-api-keys/check", { creds: project.server, body: { api_key: created.json.value } }),
      401,
      "API_KEY_REVOKED",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-api-keys/check", { creds: project.server, body: { api_key: created.json.value } }),
      400,
      "WRONG_API_KEY_TYPE",
    );
    expectKnownErrorThroughProxy(await env.api.call("GET", `/user-api-keys/${UNKNOWN_KEY}`, { creds }), 404, "API_KEY_NOT_FOUND");
  });

  it("manages a team's keys, and refuses members without $manage_api_keys", async () => {
    const owner = await signUpThroughProxy(env.api, project.client);
    const ownerCreds = { ...project.client, accessToken: owner.accessToken };
    const team = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Keys", creator_user_id: owner.userId } });
    const teamId: string = team.json.id;
    const body = { description: "bot", expires_at_millis: null, team_id: teamId };
    expectValidThroughProxy(await env.api.call("POST", "/team-api-keys", { creds: ownerCreds, body }), 200);
    const member = await signUpThroughProxy(env.api, project.client);
    await env.api.call("POST", `/team-memberships/${teamId}/${member.userId}`, { creds: project.server, body: {} });
    const memberCreds = { ...project.client, accessToken: member.accessToken };
    expectKnownErrorThroughProxy(await env.api.call("POST", "/team-api-keys", { creds: memberCreds, body }), 401, "TEAM_PERMISSION_REQUIRED");

    const created = await env.api.call("POST", "/team-api-keys", { creds: project.server, body: { ...body, is_public: true } });
    expectValidThroughProxy(created, 200);
    expectValidThroughProxy(await env.api.call("GET", `/team-api-keys?team_id=${teamId}`, { creds: project.server }), 200);
    expectValidThroughProxy(await env.api.call("GET", `/team-api-keys/${created.json.id}?team_id=${teamId}`, { creds: project.server }), 200);
    expectValidThroughProxy(await env.api.call("PATCH", `/team-api-keys/${created.json.id}`, { creds: project.server, body: { description: "bot 2" } }), 200);
    expectValidThroughProxy(await env.api.call("POST", "/team-api-keys/check", { creds: project.server, body: { api_key: created.json.value } }), 200);

    const expired = await env.api.call("POST", "/team-api-keys", { creds: project.server, body: { ...body, expires_at_millis: Date.now() - 1 } });
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-api-keys/check", { creds: project.server, body: { api_key: expired.json.value } }),
      401,
      "API_KEY_EXPIRED",
    );
    expectValidThroughProxy(await env.api.call("DELETE", `/teams/${teamId}`, { creds: project.server }), 200);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-api-keys/check", { creds: project.server, body: { api_key: created.json.value } }),
      404,
      "API_KEY_NOT_FOUND",
    );
  });
});
