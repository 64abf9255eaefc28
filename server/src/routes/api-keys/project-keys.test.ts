import { beforeAll, describe, expect, it } from "vitest";
import { call, callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
});

const inOneYear = () => Date.now() + 365 * 24 * 3600 * 1000;
const create = (body: Record<string, unknown>) =>
  call(t, "POST", "/internal/api-keys", {
    creds: project.admin,
    body: { description: "ci", expires_at_millis: inOneYear(), has_publishable_client_key: false, has_secret_server_key: true, has_super_secret_admin_key: false, ...body },
  });

describe("project API key sets", () => {
  it("shows the full keys once, then only their last four characters", async () => {
    const created = await create({ has_publishable_client_key: true, has_secret_server_key: true });
    expect(created.status).toBe(200);
    expect(created.json.secret_server_key).toMatch(/^ssk_/);
    expect(created.json.publishable_client_key).toMatch(/^pck_/);
    expect(created.json).not.toHaveProperty("super_secret_admin_key");

    const read = await call(t, "GET", `/internal/api-keys/${created.json.id}`, { creds: project.admin });
    expect(read.json).toMatchObject({
      id: created.json.id,
      description: "ci",
      secret_server_key: { last_four: created.json.secret_server_key.slice(-4) },
      publishable_client_key: { last_four: created.json.publishable_client_key.slice(-4) },
    });
    expect(JSON.stringify(read.json)).not.toContain(created.json.secret_server_key);
    const list = await call(t, "GET", "/internal/api-keys", { creds: project.admin });
    expect(list.json.items.map((k: { id: string }) => k.id)).toContain(created.json.id);
  });

  it("stores no key in the clear", async () => {
    const created = await create({});
    const rows = await t.db.query("SELECT * FROM api_key_sets WHERE id = $1", [created.json.id]);
    expect(JSON.stringify(rows)).not.toContain(created.json.secret_server_key);
  });

  it("admits a new key at once, and stops admitting it once revoked", async () => {
    const created = await create({});
    const server = { projectId: project.projectId, accessType: "server", secretKey: created.json.secret_server_key };
    expect((await call(t, "GET", "/projects/current", { creds: server })).status).toBe(200);

    const revoked = await call(t, "PATCH", `/internal/api-keys/${created.json.id}`, { creds: project.admin, body: { revoked: true, description: "gone" } });
    expect(revoked.json).toMatchObject({ description: "gone", manually_revoked_at_millis: expect.any(Number) });
    const after = await call(t, "GET", "/projects/current", { creds: server });
    expect(after.json.code).toBe("INVALID_SECRET_SERVER_KEY");
  });

  it("does not admit an expired key", async () => {
    const created = await create({ expires_at_millis: Date.now() - 1000 });
    const res = await call(t, "GET", "/projects/current", { creds: { projectId: project.projectId, accessType: "server", secretKey: created.json.secret_server_key } });
    expect(res.json.code).toBe("INVALID_SECRET_SERVER_KEY");
  });

  it("keeps key sets within their project", async () => {
    const created = await create({});
    const other = await createProjectFixture(t);
    const res = await call(t, "GET", `/internal/api-keys/${created.json.id}`, { creds: other.admin });
    expect(res.status).toBe(404);
    expect(res.json.code).toBe("API_KEY_NOT_FOUND");
    expect((await call(t, "PATCH", `/internal/api-keys/${created.json.id}`, { creds: other.admin, body: { revoked: true } })).json.code).toBe("API_KEY_NOT_FOUND");
  });

  it.each([
    ["revoked: false", { revoked: false }],
    ["an unknown field", { enabled: false }],
  ])("answers SCHEMA_ERROR to an update with %s", async (_label, body) => {
    const created = await create({});
    const res = await callUntyped(t, "PATCH", `/internal/api-keys/${created.json.id}`, { creds: project.admin, body });
    expect(res.json.code).toBe("SCHEMA_ERROR");
  });
});

describeSecurity({ operationId: "listProjectApiKeySets", method: "GET", path: "/internal/api-keys", access: ["admin"] });
describeSecurity({
  operationId: "createProjectApiKeySet",
  method: "POST",
  path: "/internal/api-keys",
  access: ["admin"],
  body: { description: "s", expires_at_millis: Date.now() + 1e9, has_publishable_client_key: true, has_secret_server_key: false, has_super_secret_admin_key: false },
});
describeSecurity({ operationId: "getProjectApiKeySet", method: "GET", path: "/internal/api-keys/00000000-0000-4000-8000-000000000000", access: ["admin"] });
describeSecurity({ operationId: "updateProjectApiKeySet", method: "PATCH", path: "/internal/api-keys/00000000-0000-4000-8000-000000000000", access: ["admin"], body: { description: "s" } });
