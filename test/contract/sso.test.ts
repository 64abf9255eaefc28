import { beforeAll, describe, expect, it } from "vitest";
import { createSamlIdp } from "../harness";
import { expectKnownErrorThroughProxy, expectValidThroughProxy } from "../support/http";
import { describeMockContract } from "../support/mock-suite";
import { bootstrapProject, useProxiedServer, type ContractProject } from "../support/proxied-server";

describeMockContract("sso");

describe("sso: the real server behind prism proxy --errors", () => {
  const env = useProxiedServer();
  let project: ContractProject;
  let teamId: string;

  beforeAll(async () => {
    project = await bootstrapProject(env.api);
    const team = await env.api.call("POST", "/teams", { creds: project.server, body: { display_name: "Acme" } });
    expectValidThroughProxy(team, 201);
    teamId = team.json.id;
  });

  it("makes, reads, lists, changes and removes OIDC and SAML connections in the documented shapes", async () => {
    const oidc = await env.api.call("POST", `/teams/${teamId}/sso-connections`, {
      creds: project.server,
      body: { protocol: "oidc", display_name: "Acme Entra", oidc: { issuer: "https://login.example.com/acme/v2.0", client_id: "acme", client_secret: "s3cret" } },
    });
    expectValidThroughProxy(oidc, 201);
    const idp = await createSamlIdp();
    const saml = await env.api.call("POST", `/teams/${teamId}/sso-connections`, {
      creds: project.server,
      body: { protocol: "saml", display_name: "Acme Okta", saml: { metadata_xml: idp.metadataXml, sign_requests: true } },
    });
    expectValidThroughProxy(saml, 201);
    expect(saml.json.saml.idp_entity_id).toBe(idp.entityId);
    expectValidThroughProxy(await env.api.call("GET", `/teams/${teamId}/sso-connections`, { creds: project.server }), 200);
    expectValidThroughProxy(await env.api.call("GET", `/teams/${teamId}/sso-connections/${oidc.json.id}`, { creds: project.admin }), 200);
    expectValidThroughProxy(await env.api.call("PATCH", `/teams/${teamId}/sso-connections/${oidc.json.id}`, { creds: project.server, body: { enabled: false } }), 200);
    const metadata = await env.api.call("GET", `/auth/sso/saml/${project.projectId}/${saml.json.id}/metadata`);
    expectValidThroughProxy(metadata, 200);
    expect(metadata.text).toContain(`entityID="${saml.json.saml.sp_entity_id}"`);
    expectKnownErrorThroughProxy(
      await env.api.call("POST", `/teams/${teamId}/sso-connections`, { creds: project.server, body: { protocol: "saml", display_name: "Bad", saml: { metadata_xml: "<x/>" } } }),
      400,
      "SSO_METADATA_INVALID",
    );
    expectValidThroughProxy(await env.api.call("DELETE", `/teams/${teamId}/sso-connections/${oidc.json.id}`, { creds: project.server }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", `/teams/${teamId}/sso-connections/${oidc.json.id}`, { creds: project.server }), 404, "SSO_CONNECTION_NOT_FOUND");
  });

  it("claims a domain and answers its record, its options and discovery in the documented shapes", async () => {
    const added = await env.api.call("POST", `/teams/${teamId}/sso-domains`, { creds: project.server, body: { domain: "acme-contract.example.com" } });
    expectValidThroughProxy(added, 201);
    expect(added.json.verification_record.name).toBe("_gatehouse-verification.acme-contract.example.com");
    expectValidThroughProxy(await env.api.call("GET", `/teams/${teamId}/sso-domains`, { creds: project.server }), 200);
    expectKnownErrorThroughProxy(
      await env.api.call("PATCH", `/teams/${teamId}/sso-domains/${added.json.id}`, { creds: project.server, body: { require_sso: true } }),
      400,
      "SSO_DOMAIN_NOT_VERIFIED",
    );
    expectKnownErrorThroughProxy(await env.api.call("POST", `/teams/${teamId}/sso-domains`, { creds: project.server, body: { domain: "not a domain" } }), 400, "SSO_DOMAIN_INVALID");
    expectKnownErrorThroughProxy(await env.api.call("POST", "/auth/sso/discover", { creds: project.client, body: { email: "ada@acme-contract.example.com" } }), 404, "SSO_NOT_AVAILABLE_FOR_EMAIL");
    expectValidThroughProxy(await env.api.call("DELETE", `/teams/${teamId}/sso-domains/${added.json.id}`, { creds: project.server }), 200);
  });

  it("makes a set-up link, and answers its API for the link's team in the documented shapes", async () => {
    const link = await env.api.call("POST", `/teams/${teamId}/sso-portal-links`, { creds: project.server, body: { expires_in_millis: 86_400_000 } });
    expectValidThroughProxy(link, 201);
    expect(link.json.url).toMatch(/\/sso-setup#token=ssop_/);
    expectValidThroughProxy(await env.api.call("GET", `/teams/${teamId}/sso-portal-links`, { creds: project.admin }), 200);
    const bearer = { authorization: `Bearer ${link.json.token}` };
    const overview = await env.api.call("GET", "/sso-portal", { headers: bearer });
    expectValidThroughProxy(overview, 200);
    expect(overview.json.team.id).toBe(teamId);
    const idp = await createSamlIdp();
    const connection = await env.api.call("POST", "/sso-portal/connections", {
      headers: bearer,
      body: { protocol: "saml", display_name: "Portal Okta", saml: { metadata_xml: idp.metadataXml } },
    });
    expectValidThroughProxy(connection, 201);
    expectValidThroughProxy(await env.api.call("GET", "/sso-portal/connections", { headers: bearer }), 200);
    const test = await env.api.call("POST", `/sso-portal/connections/${connection.json.id}/test-sign-in`, { headers: bearer, body: {} });
    expectValidThroughProxy(test, 201);
    expect(test.json.location.startsWith(idp.ssoUrl)).toBe(true);
    const outcome = await env.api.call("GET", `/sso-portal/test-sign-ins/${test.json.test_id}`, { headers: bearer });
    expectValidThroughProxy(outcome, 200);
    expect(outcome.json.status).toBe("pending");
    const domain = await env.api.call("POST", "/sso-portal/domains", { headers: bearer, body: { domain: "portal-contract.example.com" } });
    expectValidThroughProxy(domain, 201);
    expectKnownErrorThroughProxy(await env.api.call("POST", `/sso-portal/domains/${domain.json.id}/verify`, { headers: bearer, body: {} }), 400, "SSO_DOMAIN_VERIFICATION_FAILED");
    const directory = await env.api.call("POST", "/sso-portal/scim-directories", { headers: bearer, body: { display_name: "Okta" } });
    expectValidThroughProxy(directory, 201);
    expectValidThroughProxy(await env.api.call("POST", `/sso-portal/scim-directories/${directory.json.id}/rotate-token`, { headers: bearer, body: {} }), 200);
    expectValidThroughProxy(await env.api.call("GET", "/sso-portal/scim-directories", { headers: bearer }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", `/sso-portal/connections/${connection.json.id}`, { headers: bearer }), 200);
    expectValidThroughProxy(await env.api.call("DELETE", `/teams/${teamId}/sso-portal-links/${link.json.id}`, { creds: project.server }), 200);
    expectKnownErrorThroughProxy(await env.api.call("GET", "/sso-portal", { headers: bearer }), 401, "SSO_PORTAL_TOKEN_INVALID");
  });
});
