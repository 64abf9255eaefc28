import { deliverEmail } from "@gatehouse/server/testing";
import { beforeAll, describe, expect, it } from "vitest";
import { expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("emails");

describe("emails: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("lists the outbox, empty at first and then with what was sent", async () => {
    const empty = await env.api.call("GET", "/internal/emails", { creds: project.admin });
    expectValidThroughProxy(empty, 200);
    expect(empty.json).toEqual({ items: [], is_paginated: true, pagination: { next_cursor: null } });

    const { deps } = env.server;
    await deliverEmail(deps, await deps.tenancies.load(project.projectId), { to: "ada@example.com", subject: "Hello", text: "x", purpose: "test" });
    const listed = await env.api.call("GET", "/internal/emails", { creds: project.admin });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items).toEqual([
      expect.objectContaining({ to: ["ada@example.com"], subject: "Hello", status: "not_sent", sent_at_millis: null }),
    ]);
  });
});
