import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyAuditChain } from "../../services/audit-log/verify";
import { startDnsStandIn, type DnsStandIn } from "../../testing/dns-stand-in";
import { callUntyped, createProjectFixture, signUpUser, type ProjectFixture } from "../../testing/fixtures";
import { ASSERTION_XPATH, assertionXml, createSamlIdp, encode, readAuthnRequest, responseXml, signElement, type SamlIdp } from "../../testing/saml-idp";
import { asProjectUser, describeSecurity, describeSsoPortalSecurity, teamWithoutPermissions, type SecurityContext } from "../../testing/security-table";
import { createTeam, postToAcs } from "../../testing/sso-flow";
import { createTestApp, type TestApp } from "../../testing/test-server";

const PUBLIC_URL = "http://localhost:8102";

let t: TestApp;
let dns: DnsStandIn;
let idp: SamlIdp;

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await createTestApp({ publicUrl: PUBLIC_URL, env: { DNS_SERVERS: dns.address } });
  idp = await createSamlIdp();
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

type Json = Record<string, any>;

let domains = 0;
const newDomain = () => `portal${++domains}-${Date.now().toString(36)}.test`;

/** The portal API with a link's token. */
const portal = (token: string) => (method: string, path: string, body?: unknown) =>
  callUntyped(t, method, `/sso-portal${path}`, { headers: { authorization: `Bearer ${token}` }, body });

async function link(project: ProjectFixture, teamId: string, body: Json = {}) {
  const res = await callUntyped(t, "POST", `/teams/${teamId}/sso-portal-links`, { creds: project.server, body });
  expect(res.status, res.text).toBe(201);
  return res.json as Json;
}

const auditEvents = async (project: ProjectFixture, query: string): Promise<Json[]> =>
  (await callUntyped(t, "GET", `/internal/audit-log?limit=200&${query}`, { creds: project.admin })).json.items;

describe("set-up links", () => {
  it("are made with a token shown once (a URL to the set-up page, the token in its fragment), listed without it, and revoked", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const made = await link(project, teamId);
    expect(made.token).toMatch(/^ssop_[0-9A-Za-z]{43}$/);
    expect(made.url).toBe(`${PUBLIC_URL}/sso-setup#token=${made.token}`);
    expect(made).toMatchObject({ team_id: teamId, status: "active", revoked_at_millis: null, token_hint: made.token.slice(-4), created_by: { type: "server", id: null } });
    // Seven days by default.
    expect(made.expires_at_millis - made.created_at_millis).toBeGreaterThan(7 * 86_400_000 - 5_000);
    expect(made.expires_at_millis - made.created_at_millis).toBeLessThanOrEqual(7 * 86_400_000 + 5_000);

    // Stored as a digest only.
    const rows = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM sso_portal_links WHERE id = $1", [made.id]);
    expect(rows[0]!.token_hash).not.toContain(made.token);
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(5));

    const listed = await callUntyped(t, "GET", `/teams/${teamId}/sso-portal-links`, { creds: project.admin });
    expect(listed.status).toBe(200);
    expect(listed.json.items.map((l: Json) => l.id)).toEqual([made.id]);
    expect(listed.text).not.toContain(made.token);

    expect((await portal(made.token)("GET", "")).status).toBe(200);
    const revoked = await callUntyped(t, "DELETE", `/teams/${teamId}/sso-portal-links/${made.id}`, { creds: project.server });
    expect(revoked.status, revoked.text).toBe(200);
    const refused = await portal(made.token)("GET", "");
    expect([refused.status, refused.json.code]).toEqual([401, "SSO_PORTAL_TOKEN_INVALID"]);
    const after = await callUntyped(t, "GET", `/teams/${teamId}/sso-portal-links`, { creds: project.server });
    expect(after.json.items[0]).toMatchObject({ id: made.id, status: "revoked" });

    const actions = (await auditEvents(project, `team_id=${teamId}&action_prefix=sso.portal_link`)).map((e) => e.action).reverse();
    expect(actions).toEqual(["sso.portal_link.created", "sso.portal_link.revoked"]);
  });

  it("take a lifetime within bounds, and stop working when it ends", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    for (const expires_in_millis of [1000, 31 * 86_400_000, 1.5]) {
      const res = await callUntyped(t, "POST", `/teams/${teamId}/sso-portal-links`, { creds: project.server, body: { expires_in_millis } });
      expect([res.status, res.json.code]).toEqual([400, "SCHEMA_ERROR"]);
    }
    const short = await link(project, teamId, { expires_in_millis: 3_600_000 });
    expect(short.expires_at_millis - short.created_at_millis).toBeLessThanOrEqual(3_600_000 + 5_000);
    expect((await portal(short.token)("GET", "/domains")).status).toBe(200);
    await t.db.query("UPDATE sso_portal_links SET expires_at = now() - interval '1 second' WHERE id = $1", [short.id]);
    const refused = await portal(short.token)("GET", "/domains");
    expect([refused.status, refused.json.code]).toEqual([401, "SSO_PORTAL_TOKEN_INVALID"]);
    const listed = await callUntyped(t, "GET", `/teams/${teamId}/sso-portal-links`, { creds: project.server });
    expect(listed.json.items[0]).toMatchObject({ id: short.id, status: "expired" });
  });

  it("are made by a team admin (a member holding $update_team) with client access, and by no other member", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const admin = await signUpUser(t, project.client);
    const member = await signUpUser(t, project.client);
    for (const user of [admin, member]) await callUntyped(t, "POST", `/team-memberships/${teamId}/${user.userId}`, { creds: project.server, body: {} });
    await callUntyped(t, "POST", `/team-permissions/${teamId}/${admin.userId}/$update_team`, { creds: project.server, body: {} });
    for (const user of [admin, member]) {
      const direct = await callUntyped(t, "GET", `/team-permissions?team_id=${teamId}&user_id=${user.userId}&recursive=false`, { creds: project.server });
      for (const { id } of direct.json.items as Json[]) if (user === member || id !== "$update_team") await callUntyped(t, "DELETE", `/team-permissions/${teamId}/${user.userId}/${id}`, { creds: project.server });
    }
    const asUser = (user: { accessToken: string }) => ({ ...project.client, accessToken: user.accessToken });
    const made = await callUntyped(t, "POST", `/teams/${teamId}/sso-portal-links`, { creds: asUser(admin), body: {} });
    expect(made.status, made.text).toBe(201);
    expect(made.json.created_by).toEqual({ type: "user", id: admin.userId });
    const refused = await callUntyped(t, "POST", `/teams/${teamId}/sso-portal-links`, { creds: asUser(member), body: {} });
    expect(refused.json.code).toBe("TEAM_PERMISSION_REQUIRED");
    const otherTeam = await createTeam(t, project, "Other");
    const elsewhere = await callUntyped(t, "POST", `/teams/${otherTeam}/sso-portal-links`, { creds: asUser(admin), body: {} });
    expect(elsewhere.json.code).toBe("TEAM_MEMBERSHIP_NOT_FOUND");
  });

  it("revoke only the team's own links, as known errors otherwise", async () => {
    const project = await createProjectFixture(t);
    const teamA = await createTeam(t, project, "A");
    const teamB = await createTeam(t, project, "B");
    const ofB = await link(project, teamB);
    const res = await callUntyped(t, "DELETE", `/teams/${teamA}/sso-portal-links/${ofB.id}`, { creds: project.server });
    expect([res.status, res.json.code]).toEqual([404, "SSO_PORTAL_LINK_NOT_FOUND"]);
    expect((await portal(ofB.token)("GET", "")).status).toBe(200);
    const unknownTeam = await callUntyped(t, "POST", `/teams/${crypto.randomUUID()}/sso-portal-links`, { creds: project.server, body: {} });
    expect(unknownTeam.json.code).toBe("TEAM_NOT_FOUND");
  });

  it("go with their team", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const made = await link(project, teamId);
    await callUntyped(t, "DELETE", `/teams/${teamId}`, { creds: project.server });
    expect((await portal(made.token)("GET", "")).json.code).toBe("SSO_PORTAL_TOKEN_INVALID");
  });
});

describe("the set-up API", () => {
  it("configures the link's team: domain, SAML connection, SCIM directory; every change on the audit log as the link's", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project, "Acme Corp");
    const made = await link(project, teamId);
    const api = portal(made.token);

    const overview = await api("GET", "");
    expect(overview.json).toMatchObject({ team: { id: teamId, display_name: "Acme Corp" }, project: { id: project.projectId }, link: { id: made.id }, scim_base_url: `${PUBLIC_URL}/api/v1/scim/v2` });

    const domain = newDomain();
    const added = await api("POST", "/domains", { domain });
    expect(added.status, added.text).toBe(201);
    const early = await api("POST", `/domains/${added.json.id}/verify`, {});
    expect(early.json.code).toBe("SSO_DOMAIN_VERIFICATION_FAILED");
    dns.txt.set(added.json.verification_record.name, [added.json.verification_record.value]);
    const verified = await api("POST", `/domains/${added.json.id}/verify`, {});
    expect(verified.json).toMatchObject({ verified: true, team_id: teamId });
    expect((await api("PATCH", `/domains/${added.json.id}`, { auto_join: true })).json.auto_join).toBe(true);

    const connection = await api("POST", "/connections", { protocol: "saml", display_name: "Acme IdP", saml: { metadata_xml: idp.metadataXml } });
    expect(connection.status, connection.text).toBe(201);
    expect(connection.json.saml.sp_metadata_url).toMatch(/^http:\/\/localhost:8102\//);
    const renamed = await api("PATCH", `/connections/${connection.json.id}`, { display_name: "Acme Okta" });
    expect(renamed.json.display_name).toBe("Acme Okta");
    expect((await api("GET", "/connections")).json.items.map((c: Json) => c.id)).toEqual([connection.json.id]);
    // The project's API sees the same connection.
    const server = await callUntyped(t, "GET", `/teams/${teamId}/sso-connections`, { creds: project.server });
    expect(server.json.items.map((c: Json) => c.display_name)).toEqual(["Acme Okta"]);

    const directory = await api("POST", "/scim-directories", { display_name: "Okta" });
    expect(directory.status, directory.text).toBe(201);
    expect(directory.json).toMatchObject({ team_id: teamId, has_token: true, base_url: `${PUBLIC_URL}/api/v1/scim/v2` });
    const scimUsers = (token: string) => t.request("/api/v1/scim/v2/Users", { headers: { authorization: `Bearer ${token}` } });
    expect((await scimUsers(directory.json.token)).status).toBe(200);
    expect((await api("GET", "/scim-directories")).text).not.toContain(directory.json.token);
    const rotated = await api("POST", `/scim-directories/${directory.json.id}/rotate-token`, {});
    expect(rotated.json.token).not.toBe(directory.json.token);
    expect((await scimUsers(directory.json.token)).status).toBe(401);
    expect((await scimUsers(rotated.json.token)).status).toBe(200);
    const revoked = await api("POST", `/scim-directories/${directory.json.id}/revoke-token`, {});
    expect(revoked.json.has_token).toBe(false);
    expect((await scimUsers(rotated.json.token)).status).toBe(401);
    expect((await api("DELETE", `/scim-directories/${directory.json.id}`)).status).toBe(200);

    expect((await api("DELETE", `/connections/${connection.json.id}`)).status).toBe(200);
    expect((await api("DELETE", `/domains/${added.json.id}`)).status).toBe(200);

    const events = (await auditEvents(project, `team_id=${teamId}`)).reverse();
    const byLink = events.filter((e) => e.actor.type === "sso_portal").map((e) => e.action);
    expect(byLink).toEqual([
      "sso.domain.added",
      "sso.domain.verified",
      "sso.domain.updated",
      "sso.connection.created",
      "sso.connection.updated",
      "scim.directory.created",
      "scim.directory.token_rotated",
      "scim.directory.token_revoked",
      "scim.directory.deleted",
      "sso.connection.deleted",
      "sso.domain.removed",
    ]);
    expect(events.filter((e) => e.actor.type === "sso_portal").every((e) => e.actor.id === made.id)).toBe(true);
    expect((await verifyAuditChain(t.db, { projectId: project.projectId, branchId: "main" })).valid).toBe(true);
  });

  it("answers every refusal as a known error", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const api = portal((await link(project, teamId)).token);
    expect((await api("POST", "/domains", { domain: "not a domain" })).json.code).toBe("SSO_DOMAIN_INVALID");
    const domain = newDomain();
    const added = await api("POST", "/domains", { domain });
    expect((await api("POST", "/domains", { domain })).json.code).toBe("SSO_DOMAIN_ALREADY_ADDED");
    expect((await api("PATCH", `/domains/${added.json.id}`, { require_sso: true })).json.code).toBe("SSO_DOMAIN_NOT_VERIFIED");
    expect((await api("POST", "/connections", { protocol: "saml", display_name: "X", saml: { metadata_xml: "<nope/>" } })).json.code).toMatch(/^SSO_(METADATA|CONNECTION)_INVALID$/);
    expect((await api("POST", "/connections", { protocol: "oidc", display_name: "X", oidc: { issuer: "http://idp.example.com", client_id: "a", client_secret: "b" } })).json.code).toBe("SSO_CONNECTION_INVALID");
    // The server fetches the issuer: not on a private network.
    const privateIssuer = await api("POST", "/connections", { protocol: "oidc", display_name: "X", oidc: { issuer: "https://10.1.2.3", client_id: "a", client_secret: "b" } });
    expect([privateIssuer.json.code, privateIssuer.json.details?.problem]).toEqual(["SSO_CONNECTION_INVALID", "the issuer cannot be used: it reaches a private network"]);
    const missing = crypto.randomUUID();
    expect((await api("PATCH", `/connections/${missing}`, { enabled: false })).json.code).toBe("SSO_CONNECTION_NOT_FOUND");
    expect((await api("POST", `/connections/${missing}/test-sign-in`, {})).json.code).toBe("SSO_CONNECTION_NOT_FOUND");
    expect((await api("GET", `/test-sign-ins/${missing}`)).json.code).toBe("SSO_TEST_SIGN_IN_NOT_FOUND");
    expect((await api("POST", `/scim-directories/${missing}/rotate-token`, {})).json.code).toBe("SCIM_DIRECTORY_NOT_FOUND");
    expect((await api("POST", "/connections", { protocol: "saml", display_name: "X", extra: 1 })).json.code).toBe("SCHEMA_ERROR");
  });
});

describe("test sign-in", () => {
  async function setUp() {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const made = await link(project, teamId);
    const api = portal(made.token);
    const domain = newDomain();
    const added = await api("POST", "/domains", { domain });
    dns.txt.set(added.json.verification_record.name, [added.json.verification_record.value]);
    await api("POST", `/domains/${added.json.id}/verify`, {});
    const connection = (await api("POST", "/connections", { protocol: "saml", display_name: "Acme IdP", enabled: false, saml: { metadata_xml: idp.metadataXml } })).json;
    return { project, teamId, api, domain, connection, link: made };
  }

  function answer(connection: Json, requestId: string | null, nameId: string, signed = true): string {
    const xml = responseXml(
      { issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: requestId },
      assertionXml({ issuer: idp.entityId, nameId, audience: connection.saml.sp_entity_id, recipient: connection.saml.sp_acs_url, inResponseTo: requestId, displayName: "Ada Acme" }),
    );
    return encode(signed ? signElement(xml, ASSERTION_XPATH, idp) : xml);
  }

  it("runs the real IdP round trip, reports what the IdP asserted, and signs no one in nor makes a user", async () => {
    const { project, api, domain, connection } = await setUp();
    const started = await api("POST", `/connections/${connection.id}/test-sign-in`, {});
    expect(started.status, started.text).toBe(201);
    expect(started.json.location.startsWith(idp.ssoUrl)).toBe(true);
    expect((await api("GET", `/test-sign-ins/${started.json.test_id}`)).json).toMatchObject({ status: "pending", subject: null });

    const request = readAuthnRequest(started.json.location);
    const email = `ada@${domain}`;
    const res = await postToAcs(t, connection.saml.sp_acs_url, answer(connection, request.id, email), request.relayState);
    expect(res.status, await res.clone().text()).toBe(303);
    expect(res.headers.get("location")).toBe(`${PUBLIC_URL}/sso-setup?sso_test=${started.json.test_id}`);

    const outcome = await api("GET", `/test-sign-ins/${started.json.test_id}`);
    // Switched off: a real sign-in would be refused for that alone.
    expect(outcome.json).toMatchObject({ status: "asserted", subject: email, email, name: "Ada Acme", refusal: { code: "SSO_CONNECTION_DISABLED" } });
    const users = await callUntyped(t, "GET", `/users?query=${encodeURIComponent(email)}`, { creds: project.server });
    expect(users.json.items).toEqual([]);

    await api("PATCH", `/connections/${connection.id}`, { enabled: true });
    const again = await api("POST", `/connections/${connection.id}/test-sign-in`, {});
    const second = readAuthnRequest(again.json.location);
    await postToAcs(t, connection.saml.sp_acs_url, answer(connection, second.id, email), second.relayState);
    expect((await api("GET", `/test-sign-ins/${again.json.test_id}`)).json).toMatchObject({ status: "asserted", email, refusal: null });
    expect((await callUntyped(t, "GET", `/users?query=${encodeURIComponent(email)}`, { creds: project.server })).json.items).toEqual([]);
  });

  it("reports an address outside the team's domains, and an answer refused, with the reason", async () => {
    const { api, connection } = await setUp();
    const first = await api("POST", `/connections/${connection.id}/test-sign-in`, {});
    const request = readAuthnRequest(first.json.location);
    await postToAcs(t, connection.saml.sp_acs_url, answer(connection, request.id, "eve@elsewhere.test"), request.relayState);
    expect((await api("GET", `/test-sign-ins/${first.json.test_id}`)).json).toMatchObject({ status: "asserted", email: "eve@elsewhere.test", refusal: { code: "SSO_EMAIL_DOMAIN_NOT_ALLOWED" } });

    const second = await api("POST", `/connections/${connection.id}/test-sign-in`, {});
    const request2 = readAuthnRequest(second.json.location);
    const res = await postToAcs(t, connection.saml.sp_acs_url, answer(connection, request2.id, "ada@elsewhere.test", false), request2.relayState);
    expect(res.headers.get("location")).toBe(`${PUBLIC_URL}/sso-setup?sso_test=${second.json.test_id}`);
    expect((await api("GET", `/test-sign-ins/${second.json.test_id}`)).json).toMatchObject({ status: "refused", subject: null, refusal: { code: "SSO_IDP_RESPONSE_INVALID" } });
  });

  it("is read back only through a link of its team", async () => {
    const { project, api, connection, teamId } = await setUp();
    const started = await api("POST", `/connections/${connection.id}/test-sign-in`, {});
    const sameTeam = portal((await link(project, teamId)).token);
    expect((await sameTeam("GET", `/test-sign-ins/${started.json.test_id}`)).status).toBe(200);
    const otherTeam = portal((await link(project, await createTeam(t, project, "Other"))).token);
    expect((await otherTeam("GET", `/test-sign-ins/${started.json.test_id}`)).json.code).toBe("SSO_TEST_SIGN_IN_NOT_FOUND");
  });
});

const TEAM = "00000000-0000-4000-8000-000000000000";
const ITEM = "00000000-0000-4000-8000-000000000001";
const teamAdminRule = async (ctx: SecurityContext, suffix = "") => ({
  path: `/teams/${(await teamWithoutPermissions(ctx)).teamId}/sso-portal-links${suffix}`,
  creds: asProjectUser(ctx),
  code: "TEAM_PERMISSION_REQUIRED" as const,
});
describeSecurity({
  operationId: "listSsoPortalLinks",
  method: "GET",
  path: `/teams/${TEAM}/sso-portal-links`,
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  memberWithoutPermission: (ctx) => teamAdminRule(ctx),
});
describeSecurity({
  operationId: "createSsoPortalLink",
  method: "POST",
  path: `/teams/${TEAM}/sso-portal-links`,
  access: ["client", "server", "admin"],
  body: {},
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  memberWithoutPermission: async (ctx) => ({ ...(await teamAdminRule(ctx)), body: {} }),
});
describeSecurity({
  operationId: "revokeSsoPortalLink",
  method: "DELETE",
  path: `/teams/${TEAM}/sso-portal-links/${ITEM}`,
  access: ["client", "server", "admin"],
  userRequired: "USER_AUTHENTICATION_REQUIRED",
  memberWithoutPermission: (ctx) => teamAdminRule(ctx, `/${ITEM}`),
});

describeSsoPortalSecurity({ operationId: "getSsoPortal", method: "GET", path: "/sso-portal" });
describeSsoPortalSecurity({ operationId: "listSsoPortalConnections", method: "GET", path: "/sso-portal/connections" });
describeSsoPortalSecurity({
  operationId: "createSsoPortalConnection",
  method: "POST",
  path: "/sso-portal/connections",
  body: { protocol: "oidc", display_name: "X", oidc: { issuer: "https://idp.example.com", client_id: "a", client_secret: "b" } },
});
describeSsoPortalSecurity({ operationId: "updateSsoPortalConnection", method: "PATCH", path: "/sso-portal/connections/{connection}", body: { display_name: "Changed", enabled: false } });
describeSsoPortalSecurity({ operationId: "deleteSsoPortalConnection", method: "DELETE", path: "/sso-portal/connections/{connection}" });
describeSsoPortalSecurity({ operationId: "startSsoPortalTestSignIn", method: "POST", path: "/sso-portal/connections/{connection}/test-sign-in", body: {} });
describeSsoPortalSecurity({ operationId: "getSsoPortalTestSignIn", method: "GET", path: "/sso-portal/test-sign-ins/{test}" });
describeSsoPortalSecurity({ operationId: "listSsoPortalDomains", method: "GET", path: "/sso-portal/domains" });
describeSsoPortalSecurity({ operationId: "addSsoPortalDomain", method: "POST", path: "/sso-portal/domains", body: { domain: "security-table.test" } });
describeSsoPortalSecurity({ operationId: "verifySsoPortalDomain", method: "POST", path: "/sso-portal/domains/{domain}/verify", body: {} });
describeSsoPortalSecurity({ operationId: "updateSsoPortalDomain", method: "PATCH", path: "/sso-portal/domains/{domain}", body: { auto_join: false } });
describeSsoPortalSecurity({ operationId: "removeSsoPortalDomain", method: "DELETE", path: "/sso-portal/domains/{domain}" });
describeSsoPortalSecurity({ operationId: "listSsoPortalScimDirectories", method: "GET", path: "/sso-portal/scim-directories" });
describeSsoPortalSecurity({ operationId: "createSsoPortalScimDirectory", method: "POST", path: "/sso-portal/scim-directories", body: { display_name: "X" } });
describeSsoPortalSecurity({ operationId: "rotateSsoPortalScimDirectoryToken", method: "POST", path: "/sso-portal/scim-directories/{directory}/rotate-token", body: {} });
describeSsoPortalSecurity({ operationId: "revokeSsoPortalScimDirectoryToken", method: "POST", path: "/sso-portal/scim-directories/{directory}/revoke-token", body: {} });
describeSsoPortalSecurity({ operationId: "deleteSsoPortalScimDirectory", method: "DELETE", path: "/sso-portal/scim-directories/{directory}" });
