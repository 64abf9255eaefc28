import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("permissions");

const UNKNOWN_TEAM = "0b7e4c1a-5d2f-4e8a-9c3b-6f1d2e3a4b5c";

describe("permissions: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("defines project permissions, grants one, lists it recursively as the user, and revokes it", async () => {
    const read = await env.api.call("POST", "/project-permission-definitions", { creds: project.admin, body: { id: "docs:read", description: "Read" } });
    expectValidThroughProxy(read, 201);
    const write = await env.api.call("POST", "/project-permission-definitions", {
      creds: project.admin,
      body: { id: "docs:write", contained_permission_ids: ["docs:read"] },
    });
    expectValidThroughProxy(write, 201);
    const patched = await env.api.call("PATCH", "/project-permission-definitions/docs:read", { creds: project.admin, body: { description: "Read all" } });
    expectValidThroughProxy(patched, 200);
    expect(patched.json).toEqual({ id: "docs:read", description: "Read all", contained_permission_ids: [] });
    const listed = await env.api.call("GET", "/project-permission-definitions", { creds: project.admin });
    expectValidThroughProxy(listed, 200);
    expect(listed.json.items).toHaveLength(2);

    const session = await signUpThroughProxy(env.api, project.client);
    const grant = await env.api.call("POST", `/project-permissions/${session.userId}/docs:write`, { creds: project.server, body: {} });
    expectValidThroughProxy(grant, 201);
    expect(grant.json).toEqual({ id: "docs:write", user_id: session.userId });

    const mine = await env.api.call("GET", "/project-permissions?user_id=me&recursive=true", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(mine, 200);
    expect(mine.json.items.map((p: { id: string }) => p.id).sort()).toEqual(["docs:read", "docs:write"]);

    expectValidThroughProxy(await env.api.call("DELETE", `/project-permissions/${session.userId}/docs:write`, { creds: project.server }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", "/project-permission-definitions/docs:write", { creds: project.admin }), 200);
  });

  it("answers the catalogue's errors for duplicates, unknown children, unknown permissions and non-members", async () => {
    expectValidThroughProxy(await env.api.call("POST", "/team-permission-definitions", { creds: project.admin, body: { id: "dup" } }), 201);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-permission-definitions", { creds: project.admin, body: { id: "dup" } }),
      400,
      "PERMISSION_ID_ALREADY_EXISTS",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/team-permission-definitions", { creds: project.admin, body: { id: "x", contained_permission_ids: ["missing"] } }),
      400,
      "CONTAINED_PERMISSION_NOT_FOUND",
    );
    const teams = await env.api.call("GET", "/team-permission-definitions", { creds: project.admin });
    expectValidThroughProxy(teams, 200);
    expect(teams.json.items.map((d: { id: string }) => d.id)).toContain("$update_team");

    const session = await signUpThroughProxy(env.api, project.client);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", `/project-permissions/${session.userId}/missing`, { creds: project.server, body: {} }),
      404,
      "PERMISSION_NOT_FOUND",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("POST", `/team-permissions/${UNKNOWN_TEAM}/${session.userId}/dup`, { creds: project.server, body: {} }),
      404,
      "TEAM_MEMBERSHIP_NOT_FOUND",
    );
    const empty = await env.api.call("GET", "/team-permissions?user_id=me", { creds: { ...project.client, accessToken: session.accessToken } });
    expectValidThroughProxy(empty, 200);
    expect(empty.json).toEqual({ items: [], is_paginated: false });
  });
});
