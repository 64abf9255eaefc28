import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("audit-log");

describe("audit-log: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let session: { userId: string; accessToken: string };

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    session = await signUpThroughProxy(env.api, project.client);
  });

  it("lists, verifies and exports the project's events in the documented shapes", async () => {
    const list = await env.api.call("GET", `/internal/audit-log?user_id=${session.userId}`, { creds: project.admin });
    expectValidThroughProxy(list, 200);
    expect(list.json.items.map((event: { action: string }) => event.action)).toEqual(["auth.sign_up.succeeded"]);
    const verified = await env.api.call("GET", "/internal/audit-log/verify", { creds: project.admin });
    expectValidThroughProxy(verified, 200);
    expect(verified.json).toMatchObject({ valid: true, first_broken: null });
    const exported = await env.api.call("GET", "/internal/audit-log/export?action_prefix=auth.", { creds: project.admin });
    expect(exported.status).toBe(200);
    expect(exported.text.trimEnd().split("\n").map((line) => JSON.parse(line).action)).toContain("auth.sign_up.succeeded");
  });

  it("shows users their own activity, and refuses a malformed filter with its known error", async () => {
    const own = await env.api.call("GET", "/audit-log/me", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(own, 200);
    expect(own.json.items).toHaveLength(1);
    expectKnownErrorThroughProxy(await env.api.call("GET", "/internal/audit-log?action=auth.nothing", { creds: project.admin }), 400, "AUDIT_LOG_FILTER_INVALID");
  });
});
