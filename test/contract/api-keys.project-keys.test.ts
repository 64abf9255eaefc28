import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectProxyRefusal, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("api-keys.project-keys");

const IN_A_MONTH = () => Date.now() + 30 * 24 * 3600 * 1000;

describe("api-keys.project-keys: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  const createSet = (body: Record<string, unknown>, creds = project.admin) => env.api.callUntyped("POST", "/internal/api-keys", { creds, body });
  const allKinds = (description: string) => ({
    description,
    expires_at_millis: IN_A_MONTH(),
    has_publishable_client_key: true,
    has_secret_server_key: true,
    has_super_secret_admin_key: true,
  });

  it("creates a key set and shows its full keys once; list and get show only their last four characters", async () => {
    const expiresAt = IN_A_MONTH();
    const created = await createSet({ ...allKinds("deploy"), expires_at_millis: expiresAt });
    expectValidThroughProxy(created, 200);
    expect(created.json).toMatchObject({
      id: expect.any(String),
      description: "deploy",
      expires_at_millis: expiresAt,
      created_at_millis: expect.any(Number),
      publishable_client_key: expect.any(String),
      secret_server_key: expect.any(String),
      super_secret_admin_key: expect.any(String),
    });
    expect(created.json).not.toHaveProperty("manually_revoked_at_millis");
    const full = created.json;
    const lastFour = (key: string) => ({ last_four: key.slice(-4) });
    const view = {
      id: full.id,
      description: "deploy",
      expires_at_millis: expiresAt,
      created_at_millis: full.created_at_millis,
      publishable_client_key: lastFour(full.publishable_client_key),
      secret_server_key: lastFour(full.secret_server_key),
      super_secret_admin_key: lastFour(full.super_secret_admin_key),
    };

    const got = await env.api.call("GET", `/internal/api-keys/${full.id}`, { creds: project.admin });
    expectValidThroughProxy(got, 200);
    expect(got.json).toEqual(view);

    const list = await env.api.call("GET", "/internal/api-keys", { creds: project.admin });
    expectValidThroughProxy(list, 200);
    expect(list.json.is_paginated).toBe(false);
    expect(list.json.items).toContainEqual(view);
    expect(list.json.items.map((s: { id: string }) => s.id)).toContain(project.keys.keySetId);
    expect(list.text).not.toContain(full.secret_server_key);
  });

  it("creates only the kinds of key asked for", async () => {
    const created = await createSet({ ...allKinds("browser only"), has_secret_server_key: false, has_super_secret_admin_key: false });
    expectValidThroughProxy(created, 200);
    expect(created.json.publishable_client_key).toEqual(expect.any(String));
    expect(created.json).not.toHaveProperty("secret_server_key");
    expect(created.json).not.toHaveProperty("super_secret_admin_key");
  });

  it("hands out keys that work at once for their access types", async () => {
    const created = await createSet(allKinds("working"));
    expectValidThroughProxy(created, 200);
    const { publishable_client_key: pck, secret_server_key: ssk, super_secret_admin_key: sak } = created.json;
    const id = project.projectId;
    expectValidThroughProxy(await env.api.call("GET", "/projects/current", { creds: { projectId: id, accessType: "client", publishableKey: pck } }), 200);
    expectValidThroughProxy(await env.api.call("GET", "/projects/current", { creds: { projectId: id, accessType: "server", secretKey: ssk } }), 200);
    expectValidThroughProxy(await env.api.call("GET", "/internal/projects/current", { creds: { projectId: id, accessType: "admin", adminKey: sak } }), 200);
  });

  it("revokes a key set: it is marked revoked and none of its keys works any more", async () => {
    const created = await createSet(allKinds("to revoke"));
    expectValidThroughProxy(created, 200);
    const { id, publishable_client_key: pck, secret_server_key: ssk, super_secret_admin_key: sak } = created.json;

    const revoked = await env.api.call("PATCH", `/internal/api-keys/${id}`, { creds: project.admin, body: { revoked: true } });
    expectValidThroughProxy(revoked, 200);
    expect(revoked.json).toMatchObject({ id, manually_revoked_at_millis: expect.any(Number) });
    const got = await env.api.call("GET", `/internal/api-keys/${id}`, { creds: project.admin });
    expectValidThroughProxy(got, 200);
    expect(got.json.manually_revoked_at_millis).toBe(revoked.json.manually_revoked_at_millis);

    const pid = project.projectId;
    expectKnownErrorThroughProxy(
      await env.api.call("GET", "/projects/current", { creds: { projectId: pid, accessType: "client", publishableKey: pck } }),
      401,
      "INVALID_PUBLISHABLE_CLIENT_KEY",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("GET", "/projects/current", { creds: { projectId: pid, accessType: "server", secretKey: ssk } }),
      401,
      "INVALID_SECRET_SERVER_KEY",
    );
    expectKnownErrorThroughProxy(
      await env.api.call("GET", "/internal/api-keys", { creds: { projectId: pid, accessType: "admin", adminKey: sak } }),
      401,
      "INVALID_SUPER_SECRET_ADMIN_KEY",
    );
  });

  it("renames a key set", async () => {
    const created = await createSet(allKinds("old name"));
    expectValidThroughProxy(created, 200);
    const renamed = await env.api.call("PATCH", `/internal/api-keys/${created.json.id}`, { creds: project.admin, body: { description: "new name" } });
    expectValidThroughProxy(renamed, 200);
    expect(renamed.json).toMatchObject({ id: created.json.id, description: "new name" });
    expect(renamed.json).not.toHaveProperty("manually_revoked_at_millis");
  });

  it("keeps each project's key sets apart: another project's set is 404 API_KEY_NOT_FOUND", async () => {
    const other = await bootstrapProject(env.api);
    const res = await env.api.call("GET", `/internal/api-keys/${other.keys.keySetId}`, { creds: project.admin });
    expectKnownErrorThroughProxy(res, 404, "API_KEY_NOT_FOUND");
    const patch = await env.api.call("PATCH", `/internal/api-keys/${other.keys.keySetId}`, { creds: project.admin, body: { revoked: true } });
    expectKnownErrorThroughProxy(patch, 404, "API_KEY_NOT_FOUND");
    // The other project's keys still work.
    expectValidThroughProxy(await env.api.call("GET", "/internal/api-keys", { creds: other.admin }), 200);
  });

  it("answers client access with 401 INSUFFICIENT_ACCESS_TYPE when the document's admin-only rule is bypassed", async () => {
    // The proxy refuses what the document forbids; the server refuses it on its own as well.
    expectProxyRefusal(await env.api.call("GET", "/internal/api-keys", { creds: project.client }), "UNAUTHORIZED");
    const direct = await env.direct.call("GET", "/internal/api-keys", { creds: project.client });
    expect(direct.status).toBe(401);
    expect(direct.json).toMatchObject({ code: "INSUFFICIENT_ACCESS_TYPE", details: { actual_access_type: "client" } });
  });

  it("has the document and the server agree that a key set cannot be un-revoked", async () => {
    const body = { revoked: false };
    const path = `/internal/api-keys/${project.keys.keySetId}`;
    expectProxyRefusal(await env.api.callUntyped("PATCH", path, { creds: project.admin, body }), "UNPROCESSABLE_ENTITY");
    const direct = await env.direct.callUntyped("PATCH", path, { creds: project.admin, body });
    expect(direct.status).toBe(400);
    expect(direct.json.code).toBe("SCHEMA_ERROR");
  });
});
