import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("data-vault");

describe("data-vault: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    const declared = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "dataVault.stores.contract": {} }) },
    });
    expectValidThroughProxy(declared, 200);
  });

  it("sets and gets a value in the documented shapes", async () => {
    const body = { hashed_key: "contract-key", encrypted_value: "contract-value" };
    expectValidThroughProxy(await env.api.call("POST", "/data-vault/stores/contract/set", { creds: project.server, body }), 200);
    const got = await env.api.call("POST", "/data-vault/stores/contract/get", { creds: project.server, body: { hashed_key: "contract-key" } });
    expectValidThroughProxy(got, 200);
    expect(got.json).toEqual({ encrypted_value: "contract-value" });
  });

  it("answers the documented errors for an unknown store and an unknown key", async () => {
    const store = await env.api.call("POST", "/data-vault/stores/nope/get", { creds: project.server, body: { hashed_key: "k" } });
    expectKnownErrorThroughProxy(store, 400, "DATA_VAULT_STORE_DOES_NOT_EXIST");
    const key = await env.api.call("POST", "/data-vault/stores/contract/get", { creds: project.server, body: { hashed_key: "unknown" } });
    expectKnownErrorThroughProxy(key, 400, "DATA_VAULT_STORE_HASHED_KEY_DOES_NOT_EXIST");
  });
});
