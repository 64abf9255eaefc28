import { beforeAll, describe, expect, it } from "vitest";
import { expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("config");

describe("config: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("merges, replaces, resets and reads overrides in the documented shapes", async () => {
    const patched = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "teams.allowClientTeamCreation": true, "payments.items.credits": { customerType: "user" } }) },
    });
    expectValidThroughProxy(patched, 200);
    const replaced = await env.api.call("PUT", "/internal/config/override/branch", {
      creds: project.admin,
      body: { config_string: JSON.stringify({ "auth.otp.allowSignIn": true }), source: { type: "pushed-from-unknown" } },
    });
    expectValidThroughProxy(replaced, 200);

    const config = await env.api.call("GET", "/internal/config", { creds: project.admin });
    expectValidThroughProxy(config, 200);
    const rendered = JSON.parse(config.json.config_string);
    expect(rendered.teams.allowClientTeamCreation).toBe(true);
    expect(rendered.auth.otp.allowSignIn).toBe(true);
    expect(rendered.payments.items).toEqual({ credits: { customerType: "user" } });

    const source = await env.api.call("GET", "/internal/config/source", { creds: project.admin });
    expectValidThroughProxy(source, 200);
    expect(source.json.source).toEqual({ type: "pushed-from-unknown" });
    expectValidThroughProxy(await env.api.call("DELETE", "/internal/config/source", { creds: project.admin }), 200);

    const reset = await env.api.call("POST", "/internal/config/override/environment/reset-keys", {
      creds: project.admin,
      body: { keys: ["teams.allowClientTeamCreation"] },
    });
    expectValidThroughProxy(reset, 200);
    const override = await env.api.call("GET", "/internal/config/override/environment", { creds: project.admin });
    expectValidThroughProxy(override, 200);
    // As written: dotted keys stay dotted (Stack Auth's stored form), beside what a new project starts with.
    const stored = JSON.parse(override.json.config_string);
    expect(stored["payments.items.credits"]).toEqual({ customerType: "user" });
    expect(Object.keys(stored)).not.toContain("teams.allowClientTeamCreation");
    expect(Object.keys(stored)).not.toContain("payments");
  });

  it("answers a refused override with the documented 400 text, as Stack Auth does", async () => {
    const refused = await env.api.call("PATCH", "/internal/config/override/environment", {
      creds: project.admin,
      body: { config_override_string: JSON.stringify({ "auth.oauth.providers.gh": { type: "github", isShared: false } }) },
    });
    expectValidThroughProxy(refused, 400);
    expect(refused.headers.get("content-type")).toContain("text/plain");
    expect(refused.text).toContain("Client ID is missing");
  });
});
