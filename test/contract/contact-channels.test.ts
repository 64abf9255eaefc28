import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectPlainRefusalThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("contact-channels");

describe("contact-channels: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("creates, lists, updates and deletes a channel, and answers a deleted id with a documented bare 400", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const user = { ...project.client, accessToken: session.accessToken };
    const created = await env.api.call("POST", "/contact-channels", {
      creds: user,
      body: { user_id: "me", value: "second-contract@example.com", type: "email", used_for_auth: false },
    });
    expectValidThroughProxy(created, 201);
    const listed = await env.api.call("GET", "/contact-channels?user_id=me", { creds: user });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items).toHaveLength(2);
    const updated = await env.api.call("PATCH", `/contact-channels/me/${created.json.id}`, { creds: user, body: { is_primary: true } });
    expectValidThroughProxy(updated, 200);
    expect(updated.json.is_primary).toBe(true);
    const deleted = await env.api.call("DELETE", `/contact-channels/me/${created.json.id}`, { creds: user });
    expectValidThroughProxy(deleted, 200);
    const missing = await env.api.call("GET", `/contact-channels/me/${created.json.id}`, { creds: user });
    expectPlainRefusalThroughProxy(missing, 400);
    const badCode = await env.api.call("POST", "/contact-channels/verify", { creds: project.client, body: { code: "A".repeat(45) } });
    expectKnownErrorThroughProxy(badCode, 404, "VERIFICATION_CODE_NOT_FOUND");
  });
});
