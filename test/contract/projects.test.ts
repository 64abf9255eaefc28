import { createPublicKey, verify } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, signUpThroughProxy, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("projects");

/** Verifies an ES256 JWT's signature against one JWK: the check an SDK or API gateway makes. */
function verifiesWith(jwt: string, jwk: Record<string, unknown>): boolean {
  const [header, payload, signature] = jwt.split(".");
  const key = createPublicKey({ key: jwk as any, format: "jwk" });
  return verify("sha256", Buffer.from(`${header}.${payload}`), { key, dsaEncoding: "ieee-p1363" }, Buffer.from(signature!, "base64url"));
}

function jwtHeader(jwt: string): Record<string, any> {
  return JSON.parse(Buffer.from(jwt.split(".")[0]!, "base64url").toString("utf8"));
}

describe("projects: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
  });

  it("shows the current project's public settings to a client", async () => {
    const res = await env.api.call("GET", "/projects/current", { creds: project.client });
    expectValidThroughProxy(res, 200);
    expect(res.json).toMatchObject({
      id: project.projectId,
      display_name: "Contract project",
      config: { sign_up_enabled: true, credential_enabled: true, enabled_oauth_providers: [], domains: [] },
    });
    // Nothing a client should not see.
    expect(res.json.config).not.toHaveProperty("oauth_providers");
    expect(res.json.config).not.toHaveProperty("email_config");
  });

  it("reflects an admin's configuration change at once", async () => {
    const own = await bootstrapProject(env.api);
    const patch = await env.api.call("PATCH", "/internal/projects/current", {
      creds: own.admin,
      body: { display_name: "Renamed project", config: { sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] } },
    });
    expectValidThroughProxy(patch, 200);

    const res = await env.api.call("GET", "/projects/current", { creds: own.client });
    expectValidThroughProxy(res, 200);
    expect(res.json.display_name).toBe("Renamed project");
    expect(res.json.config).toMatchObject({ sign_up_enabled: false, domains: [{ domain: "https://app.example.com", handler_path: "/handler" }] });
  });

  it("answers a client of an unknown project with 400 CURRENT_PROJECT_NOT_FOUND", async () => {
    const res = await env.api.call("GET", "/projects/current", { creds: { projectId: "6c0b5a9e-0000-4000-8000-000000000000", accessType: "client" } });
    expectKnownErrorThroughProxy(res, 400, "CURRENT_PROJECT_NOT_FOUND");
  });

  it("publishes the key that verifies the project's access tokens, cacheable for an hour", async () => {
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await env.api.call("GET", `/projects/${project.projectId}/.well-known/jwks.json`);
    expectValidThroughProxy(res, 200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(res.json.keys).toHaveLength(1);

    const [key] = res.json.keys;
    expect(key).toMatchObject({ kty: "EC", crv: "P-256", alg: "ES256", use: "sig" });
    expect(jwtHeader(session.accessToken)).toMatchObject({ alg: "ES256", kid: key.kid });
    expect(verifiesWith(session.accessToken, key)).toBe(true);
    const tampered = `${session.accessToken.slice(0, -4)}${session.accessToken.endsWith("AAAA") ? "BBBB" : "AAAA"}`;
    expect(verifiesWith(tampered, key)).toBe(false);
  });

  it("keeps each project's keys apart", async () => {
    const other = await bootstrapProject(env.api);
    const session = await signUpThroughProxy(env.api, project.client);
    const res = await env.api.call("GET", `/projects/${other.projectId}/.well-known/jwks.json`);
    expectValidThroughProxy(res, 200);
    expect(res.json.keys.map((k: { kid: string }) => k.kid)).not.toContain(jwtHeader(session.accessToken).kid);
    expect(verifiesWith(session.accessToken, res.json.keys[0])).toBe(false);
  });

  it("adds the anonymous users' key with include_anonymous=true", async () => {
    const res = await env.api.call("GET", `/projects/${project.projectId}/.well-known/jwks.json`, { query: { include_anonymous: "true" } });
    expectValidThroughProxy(res, 200);
    expect(res.json.keys).toHaveLength(2);
    expect(new Set(res.json.keys.map((k: { kid: string }) => k.kid)).size).toBe(2);
  });

  it("serves the internal project's keys too", async () => {
    const res = await env.api.call("GET", "/projects/internal/.well-known/jwks.json");
    expectValidThroughProxy(res, 200);
    expect(verifiesWith(project.owner.accessToken, res.json.keys[0])).toBe(true);
  });

  it("answers the keys of an unknown project with 404 PROJECT_NOT_FOUND", async () => {
    const res = await env.api.call("GET", "/projects/no-such-project/.well-known/jwks.json");
    expectKnownErrorThroughProxy(res, 404, "PROJECT_NOT_FOUND");
    expect(res.json.details).toEqual({ project_id: "no-such-project" });
  });
});
