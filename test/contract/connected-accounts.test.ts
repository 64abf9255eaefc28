import { beforeAll, describe, expect, it } from "vitest";
import { configureOAuth } from "../harness";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("connected-accounts");

describe("connected-accounts: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    await configureOAuth(env.server, project, { github: { type: "github", clientId: "gh", clientSecret: "gh-secret" } });
  });

  it("lists connected accounts and answers the documented errors for a token that cannot be had", async () => {
    const user = await signUpThroughProxy(env.api, project.client);
    const creds = { ...project.client, accessToken: user.accessToken };
    const list = await env.api.call("GET", "/connected-accounts/me", { creds });
    expectValidThroughProxy(list, 200);
    expect(list.json.items).toEqual([]);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/connected-accounts/me/github/access-token", { creds, body: { scope: "repo" } }),
      400,
      "OAUTH_CONNECTION_NOT_CONNECTED_TO_USER",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/auth/oauth/connected-accounts/gitlab/access-token", { creds, body: {} }),
      400,
      "OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED",
    );
  });
});
