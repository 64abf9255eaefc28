import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("scim");

describe("scim: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("makes, lists, reads, rotates, revokes and removes a directory, and maps a group, in the documented shapes", async () => {
    const team = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Contoso" } });
    const created = await env.api.call("POST", "/internal/scim-directories", { creds: project.admin, body: { team_id: team.json.id, display_name: "Okta" } });
    expectValidThroughProxy(created, 201);
    const id: string = created.json.id;
    expect(created.json.token).toMatch(/^scim_/);
    expectValidThroughProxy(await env.api.call("GET", "/internal/scim-directories", { creds: project.admin }), 200);
    expectValidThroughProxy(await env.api.call("GET", `/internal/scim-directories?team_id=${team.json.id}`, { creds: project.admin }), 200);
    expectValidThroughProxy(await env.api.call("GET", `/internal/scim-directories/${id}`, { creds: project.admin }), 200);
    const rotated = await env.api.call("POST", `/internal/scim-directories/${id}/rotate-token`, { creds: project.admin });
    expectValidThroughProxy(rotated, 200);

    // The identity provider pushes a group through the SCIM endpoints (not operations of the document).
    const pushed = await env.server.request("/api/v1/scim/v2/Groups", {
      method: "POST",
      headers: { authorization: `Bearer ${rotated.json.token}`, "content-type": "application/scim+json" },
      body: JSON.stringify({ displayName: "Engineering" }),
    });
    expect(pushed.status).toBe(201);
    const group = (await pushed.json()) as { id: string };
    expectValidThroughProxy(await env.api.call("GET", `/internal/scim-directories/${id}/groups`, { creds: project.admin }), 200);
    expectValidThroughProxy(
      await env.api.call("PUT", `/internal/scim-directories/${id}/groups/${group.id}/permissions`, { creds: project.admin, body: { permission_ids: ["team_member"] } }),
      200,
    );
    expectKnownErrorThroughProxy(
      await env.api.call("PUT", `/internal/scim-directories/${id}/groups/${group.id}/permissions`, { creds: project.admin, body: { permission_ids: ["nope"] } }),
      404,
      "PERMISSION_NOT_FOUND",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("PUT", `/internal/scim-directories/${id}/groups/${crypto.randomUUID()}/permissions`, { creds: project.admin, body: { permission_ids: [] } }),
      404,
      "SCIM_GROUP_NOT_FOUND",
    );
    expectValidThroughProxy(await env.api.call("POST", `/internal/scim-directories/${id}/revoke-token`, { creds: project.admin }), 200);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", "/internal/scim-directories", { creds: project.admin, body: { team_id: crypto.randomUUID(), display_name: "Okta" } }),
      404,
      "TEAM_NOT_FOUND",
    );
    expectValidThroughProxy(await env.api.call("DELETE", `/internal/scim-directories/${id}`, { creds: project.admin }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/internal/scim-directories/${id}`, { creds: project.admin }), 404, "SCIM_DIRECTORY_NOT_FOUND");
  });
});
