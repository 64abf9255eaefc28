import { beforeAll, describe, expect, it } from "vitest";
import { call, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { describeSecurity } from "../../testing/security-table";
import { useSharedTestApp } from "../../testing/shared-app";
import type { TestApp } from "../../testing/test-server";

const app = useSharedTestApp();
let t: TestApp;
let project: ProjectFixture;

beforeAll(async () => {
  t = app();
  project = await createProjectFixture(t);
  const declared = await call(t, "PATCH", "/internal/config/override/environment", {
    creds: project.admin,
    body: { config_override_string: JSON.stringify({ "dataVault.stores.tokens": { displayName: "Tokens" }, "dataVault.stores.notes": {} }) },
  });
  expect(declared.status, declared.text).toBe(200);
});

const set = (store: string, body: Record<string, unknown>, creds = project.server) =>
  call(t, "POST", `/data-vault/stores/${store}/set`, { creds, body: body as { hashed_key: string; encrypted_value: string } });
const get = (store: string, hashed_key: string, creds = project.server) => call(t, "POST", `/data-vault/stores/${store}/get`, { creds, body: { hashed_key } });

describe("data vault stores", () => {
  it("stores a value as given under its hashed key, replaces it, and keeps stores and keys apart", async () => {
    expect((await set("tokens", { hashed_key: "k1", encrypted_value: "v1" })).json).toEqual({ success: true });
    expect((await get("tokens", "k1")).json).toEqual({ encrypted_value: "v1" });
    await set("tokens", { hashed_key: "k1", encrypted_value: "v2" });
    await set("notes", { hashed_key: "k1", encrypted_value: "other store" });
    expect((await get("tokens", "k1")).json).toEqual({ encrypted_value: "v2" });
    expect((await get("notes", "k1")).json).toEqual({ encrypted_value: "other store" });
    const stored = await t.db.query<{ store_id: string; encrypted_value: string }>(
      "SELECT store_id, encrypted_value FROM data_vault_entries WHERE project_id = $1 ORDER BY store_id",
      [project.projectId],
    );
    expect(stored).toEqual([
      { store_id: "notes", encrypted_value: "other store" },
      { store_id: "tokens", encrypted_value: "v2" },
    ]);
  });

  it("answers DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST for a key never set, naming the store and key", async () => {
    const missing = await get("tokens", "never-set");
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST", details: { store_id: "tokens", hashed_key: "never-set" } });
  });

  it("answers DATA_VAULT_STORE_DOES_NOT_EXIST for a store the config does not declare, and stores nothing", async () => {
    const refused = await set("undeclared", { hashed_key: "k", encrypted_value: "v" });
    expect(refused.status).toBe(400);
    expect(refused.json).toMatchObject({ code: "DATA_VAULT_STORE_DOES_NOT_EXIST", details: { store_id: "undeclared" } });
    expect((await get("undeclared", "k")).json.code).toBe("DATA_VAULT_STORE_DOES_NOT_EXIST");
    const rows = await t.db.query("SELECT 1 FROM data_vault_entries WHERE project_id = $1 AND store_id = 'undeclared'", [project.projectId]);
    expect(rows).toHaveLength(0);
  });

  it("keeps each project's values apart, even under the same store id and hashed key", async () => {
    const other = await createProjectFixture(t);
    await call(t, "PATCH", "/internal/config/override/environment", {
      creds: other.admin,
      body: { config_override_string: JSON.stringify({ "dataVault.stores.tokens": {} }) },
    });
    await set("tokens", { hashed_key: "shared", encrypted_value: "mine" });
    expect((await get("tokens", "shared", other.server)).json.code).toBe("DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST");
    await set("tokens", { hashed_key: "shared", encrypted_value: "theirs" }, other.server);
    expect((await get("tokens", "shared")).json).toEqual({ encrypted_value: "mine" });
  });

  it("refuses malformed bodies with SCHEMA_ERROR", async () => {
    for (const body of [{ hashed_key: "", encrypted_value: "v" }, { hashed_key: "k" }, { hashed_key: "k", encrypted_value: 5 }, { hashed_key: "k", encrypted_value: "v", extra: 1 }]) {
      const response = await set("tokens", body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.code).toBe("SCHEMA_ERROR");
    }
  });
});

describeSecurity({
  operationId: "setDataVaultValue",
  method: "POST",
  path: "/data-vault/stores/tokens/set",
  access: ["server", "admin"],
  body: { hashed_key: "k", encrypted_value: "v" },
});
describeSecurity({ operationId: "getDataVaultValue", method: "POST", path: "/data-vault/stores/tokens/get", access: ["server", "admin"], body: { hashed_key: "k" } });
