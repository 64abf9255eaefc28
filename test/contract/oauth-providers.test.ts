import { beforeAll, describe, expect, it } from "vitest";
import { configureOAuth } from "../harness";
import { expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("oauth-providers");

describe("oauth-providers: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    await configureOAuth(env.server, project, { github: { type: "github", clientId: "gh", clientSecret: "gh-secret" } });
  });

  it("creates, lists, reads, changes and deletes a link in the documented shapes", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const userCreds = { ...project.client, accessToken: user.accessToken };
    const created = await env.api.call("POST", "/oauth-providers", {
      creds: project.server,
      body: { user_id: user.userId, provider_config_id: "github", account_id: "4242", email: null, allow_sign_in: true, allow_connected_accounts: true },
    });
    expectValidThroughProxy(created, 201);
    const id = created.json.id as string;
    const list = await env.api.call("GET", "/oauth-providers?user_id=me", { creds: userCreds });
    expectValidThroughProxy(list, 200);
    expect(list.json.items).toHaveLength(1);
    expectValidThroughProxy(await env.api.call("GET", `/oauth-providers/me/${id}`, { creds: userCreds }), 200);
    const changed = await env.api.call("PATCH", `/oauth-providers/me/${id}`, { creds: userCreds, body: { allow_connected_accounts: false } });
    expectValidThroughProxy(changed, 200);
    expect(changed.json.allow_connected_accounts).toBe(false);
    expectValidThroughProxy(await env.api.call("DELETE", `/oauth-providers/me/${id}`, { creds: userCreds }), 200);
    // A link the user no longer has: 404 in plain text, as the document says.
    const gone = await env.api.call("GET", `/oauth-providers/me/${id}`, { creds: userCreds });
    expectValidThroughProxy(gone, 404);
    expect(gone.headers.get("content-type")).toMatch(/^text\/plain/);
  });
});
