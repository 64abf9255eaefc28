import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findSsoConnection } from "../../db/queries/sso";
import { verifyAuditChain } from "../../services/audit-log/verify";
import { signInWithSsoIdentity } from "../../services/sso/accounts";
import { issueCode } from "../../services/auth/verification-codes";
import { startDnsStandIn, type DnsStandIn } from "../../testing/dns-stand-in";
import { callUntyped, createProjectFixture, signUpUser, uniqueEmail, type ProjectFixture } from "../../testing/fixtures";
import { freePort } from "../../testing/free-port";
import { CLIENT_REDIRECT, configureOAuth, followProvider, runFlow } from "../../testing/oauth-flow";
import { startOidcStandIn, type OidcStandIn, type StandInAccount } from "../../testing/oidc-stand-in";
import { createSamlIdp } from "../../testing/saml-idp";
import { describeSecurity } from "../../testing/security-table";
import { createTeam, redirectedError, startSsoSignIn, tradeCallback, verifiedDomain } from "../../testing/sso-flow";
import { createTestApp, type TestApp } from "../../testing/test-server";
import { SoftAuthenticator } from "../../testing/webauthn";

const PUBLIC_URL = "http://localhost:8102";
const SSO_CALLBACK = `${PUBLIC_URL}/api/v1/auth/sso/oidc/callback`;
const ORIGIN = "http://localhost:3000";

let t: TestApp;
let dns: DnsStandIn;
let idp: OidcStandIn;
let metadataServer: Server;
let metadataUrl: string;
let metadataXml: string;

beforeAll(async () => {
  dns = await startDnsStandIn();
  idp = await startOidcStandIn({
    clients: [
      { clientId: "acme-sso", clientSecret: "acme-sso-secret", redirectUris: [SSO_CALLBACK] },
      { clientId: "corp-client", clientSecret: "corp-secret", redirectUris: [`${PUBLIC_URL}/api/v1/auth/oauth/callback/corp`] },
    ],
  });
  t = await createTestApp({ publicUrl: PUBLIC_URL, env: { DNS_SERVERS: dns.address } });
  metadataXml = (await createSamlIdp()).metadataXml;
  const port = await freePort();
  metadataServer = createServer((req, res) => {
    if (req.url === "/metadata") res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadataXml);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => metadataServer.listen(port, "127.0.0.1", resolve));
  metadataUrl = `http://127.0.0.1:${port}/metadata`;
});

afterAll(async () => {
  await t?.close();
  await idp?.close();
  await dns?.close();
  await new Promise((resolve) => metadataServer?.close(resolve));
});

let domains = 0;
const newDomain = () => `corp${++domains}-${Date.now().toString(36)}.test`;

const OIDC_BODY = (issuer: string) => ({
  protocol: "oidc",
  display_name: "Acme Entra",
  default_permissions: ["$read_members"],
  oidc: { issuer, client_id: "acme-sso", client_secret: "acme-sso-secret" },
});

/** A project whose team has a verified domain and an OIDC connection at the stand-in. */
async function ssoProject(options: { requireSso?: boolean; autoJoin?: boolean; config?: Record<string, unknown> } = {}) {
  const project = await createProjectFixture(t, { config: { magic_link_enabled: true, passkey_enabled: true, ...options.config } });
  const teamId = await createTeam(t, project);
  const domain = newDomain();
  const { id: domainId } = await verifiedDomain(t, project, dns, teamId, domain, options);
  const created = await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, { creds: project.server, body: OIDC_BODY(idp.issuer) });
  expect(created.status, created.text).toBe(201);
  return { project, teamId, domain, domainId, connectionId: created.json.id as string };
}

function idpAccount(email: string, overrides: Partial<StandInAccount> = {}): StandInAccount {
  return idp.addAccount({ sub: `sub-${email}`, email, email_verified: true, name: "Ada Acme", ...overrides });
}

/** The whole OIDC sign-in: authorize, the stand-in's yes, our callback (with the cookie) and the token exchange. */
async function signInThroughOidc(project: ProjectFixture, email: string, account = idpAccount(email)) {
  const start = await startSsoSignIn(t, project, { email });
  idp.nextDecision({ accountId: account.sub });
  const back = await followProvider(start.location, SSO_CALLBACK);
  const callback = await t.request(back.pathname + back.search, { headers: { cookie: start.cookie } });
  return { callback, start, back };
}

/** The project's audit events of SSO, oldest first. */
async function ssoEvents(projectId: string) {
  return t.db.query<{ action: string; actor_type: string; actor_id: string | null; target_type: string | null; target_id: string | null; team_id: string | null; details: unknown }>(
    "SELECT action, actor_type, actor_id, target_type, target_id, team_id, details FROM audit_events WHERE project_id = $1 AND action LIKE 'sso.%' ORDER BY seq",
    [projectId],
  );
}

describe("the audit log", () => {
  it("records every change to connections and domains, and each SSO sign-in and refusal, on a chain that verifies", async () => {
    const { project, teamId, domain, domainId, connectionId } = await ssoProject();
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.admin, body: { oidc: { client_secret: "rotated-secret" }, display_name: "Renamed" } });
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.server, body: { oidc: { client_secret: "acme-sso-secret" } } });
    const email = `audit@${domain}`;
    const ok = await signInThroughOidc(project, email);
    const tokens = await tradeCallback(t, project, ok.callback.headers.get("location"), ok.start.pkce.verifier);
    const refused = await signInThroughOidc(project, email, idpAccount(uniqueEmail("outsider")));
    expect(redirectedError(refused.callback.headers.get("location")).code).toBe("SSO_EMAIL_DOMAIN_NOT_ALLOWED");
    await callUntyped(t, "DELETE", `/teams/${teamId}/sso-domains/${domainId}`, { creds: project.server });
    await callUntyped(t, "DELETE", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.server });

    const events = await ssoEvents(project.projectId);
    expect(events.map((e) => e.action)).toEqual([
      "sso.domain.added",
      "sso.domain.verified",
      "sso.connection.created",
      "sso.connection.updated",
      "sso.connection.updated",
      "sso.sign_in.succeeded",
      "sso.sign_in.failed",
      "sso.domain.removed",
      "sso.connection.deleted",
    ]);
    expect(events.every((e) => e.team_id === teamId)).toBe(true);
    expect(events[3]).toMatchObject({ actor_type: "admin", target_id: connectionId, details: { changed: ["displayName", "oidc.clientSecret"] } });
    expect(events[4]).toMatchObject({ actor_type: "server", actor_id: null });
    expect(JSON.stringify(events)).not.toContain("rotated-secret");
    expect(events[5]).toMatchObject({ actor_type: "user", actor_id: tokens.userId, details: { connection_id: connectionId, protocol: "oidc", is_new_user: true } });
    expect(events[6]).toMatchObject({ actor_type: "sso", target_id: connectionId, details: { code: "SSO_EMAIL_DOMAIN_NOT_ALLOWED" } });
    expect((await verifyAuditChain(t.db, { projectId: project.projectId, branchId: "main" })).valid).toBe(true);
  });

  it("records nothing for a change that was refused", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, { creds: project.server, body: { protocol: "saml", display_name: "x", saml: {} } });
    await callUntyped(t, "POST", `/teams/${teamId}/sso-domains`, { creds: project.server, body: { domain: "localhost" } });
    expect(await ssoEvents(project.projectId)).toEqual([]);
  });
});

describe("SSO connections", () => {
  it("are made, listed, read, changed and removed per team, and never answer or store a secret in the clear", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const created = await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, { creds: project.server, body: OIDC_BODY(idp.issuer) });
    expect(created.status, created.text).toBe(201);
    expect(created.json).toMatchObject({
      team_id: teamId,
      protocol: "oidc",
      enabled: true,
      default_permissions: ["$read_members"],
      oidc: { issuer: idp.issuer, client_id: "acme-sso", scopes: ["openid", "email", "profile"], redirect_uri: SSO_CALLBACK },
      saml: null,
    });
    expect(created.text).not.toContain("acme-sso-secret");
    const rows = await t.db.query<{ sealed_secret: string }>("SELECT sealed_secret FROM sso_connections WHERE id = $1", [created.json.id]);
    expect(rows[0]!.sealed_secret).not.toContain("acme-sso-secret");

    const saml = await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, {
      creds: project.server,
      body: { protocol: "saml", display_name: "Acme Okta", saml: { metadata_url: metadataUrl } },
    });
    expect(saml.status, saml.text).toBe(201);
    expect(saml.json.saml).toMatchObject({ sign_requests: false, allow_idp_initiated: false, sp_acs_url: expect.stringContaining(`/auth/sso/saml/${project.projectId}/${saml.json.id}/acs`) });
    expect(saml.json.saml.sp_certificate).toContain("BEGIN CERTIFICATE");
    const keyRow = await t.db.query<{ sealed_secret: string }>("SELECT sealed_secret FROM sso_connections WHERE id = $1", [saml.json.id]);
    expect(keyRow[0]!.sealed_secret).not.toContain("PRIVATE KEY");

    const list = await callUntyped(t, "GET", `/teams/${teamId}/sso-connections`, { creds: project.server });
    expect(list.json.items.map((c: { id: string }) => c.id)).toEqual([created.json.id, saml.json.id]);
    const changed = await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${created.json.id}`, {
      creds: project.server,
      body: { display_name: "Renamed", enabled: false, oidc: { client_secret: "rotated" } },
    });
    expect(changed.json).toMatchObject({ display_name: "Renamed", enabled: false, oidc: { client_id: "acme-sso" } });
    expect((await callUntyped(t, "GET", `/teams/${teamId}/sso-connections/${created.json.id}`, { creds: project.admin })).json.display_name).toBe("Renamed");
    expect((await callUntyped(t, "DELETE", `/teams/${teamId}/sso-connections/${created.json.id}`, { creds: project.server })).status).toBe(200);
    const gone = await callUntyped(t, "GET", `/teams/${teamId}/sso-connections/${created.json.id}`, { creds: project.server });
    expect([gone.status, gone.json.code]).toEqual([404, "SSO_CONNECTION_NOT_FOUND"]);
  });

  it("refuses bad settings as known errors, and reaches no other team's or project's connection", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    const otherTeam = await createTeam(t, project, "Other");
    const post = (body: unknown, team = teamId) => callUntyped(t, "POST", `/teams/${team}/sso-connections`, { creds: project.server, body });
    const cases: Array<[unknown, string]> = [
      [{ ...OIDC_BODY(idp.issuer), default_permissions: ["no_such_permission"] }, "SSO_CONNECTION_INVALID"],
      [{ ...OIDC_BODY("ftp://idp.example.com") }, "SSO_CONNECTION_INVALID"],
      // The server fetches the issuer's documents: no address on a private network.
      [{ ...OIDC_BODY("https://10.1.2.3") }, "SSO_CONNECTION_INVALID"],
      [{ ...OIDC_BODY("https://169.254.169.254/latest") }, "SSO_CONNECTION_INVALID"],
      [{ ...OIDC_BODY("https://[fd00::1]") }, "SSO_CONNECTION_INVALID"],
      [{ ...OIDC_BODY("https://idp.example.com"), oidc: { issuer: "https://idp.example.com", client_id: "x", client_secret: "y", scopes: ["email"] } }, "SSO_CONNECTION_INVALID"],
      [{ protocol: "oidc", display_name: "x", saml: { metadata_xml: metadataXml } }, "SSO_CONNECTION_INVALID"],
      [{ protocol: "saml", display_name: "x", saml: {} }, "SSO_CONNECTION_INVALID"],
      [{ protocol: "saml", display_name: "x", saml: { metadata_xml: "<nope" } }, "SSO_METADATA_INVALID"],
      [{ protocol: "saml", display_name: "x", saml: { metadata_xml: "<!DOCTYPE x [<!ENTITY e SYSTEM 'file:///etc/passwd'>]><x>&e;</x>" } }, "SSO_METADATA_INVALID"],
      [{ protocol: "saml", display_name: "x", saml: { metadata_xml: "<EntityDescriptor xmlns='urn:oasis:names:tc:SAML:2.0:metadata' entityID='x'/>" } }, "SSO_METADATA_INVALID"],
      [{ protocol: "saml", display_name: "x", saml: { metadata_url: `${metadataUrl}-missing` } }, "SSO_METADATA_UNREACHABLE"],
      [{ protocol: "saml", display_name: "x", saml: { idp_entity_id: "x", idp_sso_url: "https://idp.example.com/sso", idp_certificates: ["not a certificate"] } }, "SSO_CONNECTION_INVALID"],
      [{ protocol: "ldap", display_name: "x" }, "SCHEMA_ERROR"],
    ];
    for (const [body, code] of cases) {
      const res = await post(body);
      expect([res.status, res.json?.code], JSON.stringify(body)).toEqual([400, code]);
    }
    const mine = await post(OIDC_BODY(idp.issuer));
    const viaOtherTeam = await callUntyped(t, "GET", `/teams/${otherTeam}/sso-connections/${mine.json.id}`, { creds: project.server });
    expect(viaOtherTeam.json.code).toBe("SSO_CONNECTION_NOT_FOUND");
    const otherProject = await createProjectFixture(t);
    const foreign = await callUntyped(t, "GET", `/teams/${teamId}/sso-connections`, { creds: otherProject.server });
    expect([foreign.status, foreign.json.code]).toEqual([404, "TEAM_NOT_FOUND"]);
  });
});

describe("verified domains", () => {
  it("verify through a DNS TXT record, with one verified owner per project", async () => {
    const project = await createProjectFixture(t);
    const [teamA, teamB] = [await createTeam(t, project, "A"), await createTeam(t, project, "B")];
    const domain = newDomain();
    const add = (team: string, name = domain) => callUntyped(t, "POST", `/teams/${team}/sso-domains`, { creds: project.server, body: { domain: name } });
    const verify = (team: string, id: string) => callUntyped(t, "POST", `/teams/${team}/sso-domains/${id}/verify`, { creds: project.server, body: {} });
    const a = await add(teamA, domain.toUpperCase());
    expect(a.status, a.text).toBe(201);
    expect(a.json).toMatchObject({ domain, verified: false, auto_join: false, require_sso: false, verification_record: { type: "TXT", name: `_gatehouse-verification.${domain}` } });
    expect(a.json.verification_record.value).toMatch(/^gatehouse-verification=[A-Za-z0-9_-]{32}$/);
    const b = await add(teamB);
    expect(b.status).toBe(201);
    expect((await add(teamA)).json.code).toBe("SSO_DOMAIN_ALREADY_ADDED");
    for (const bad of ["localhost", "10.0.0.1", "-bad.example.com", "a..b.com", "exa mple.com"]) expect((await add(teamA, bad)).json.code, bad).toBe("SSO_DOMAIN_INVALID");

    const early = await verify(teamA, a.json.id);
    expect([early.status, early.json.code]).toEqual([400, "SSO_DOMAIN_VERIFICATION_FAILED"]);
    const tooEarly = await callUntyped(t, "PATCH", `/teams/${teamA}/sso-domains/${a.json.id}`, { creds: project.server, body: { require_sso: true } });
    expect(tooEarly.json.code).toBe("SSO_DOMAIN_NOT_VERIFIED");

    // Both teams publish their records; the first to verify owns the domain.
    dns.txt.set(a.json.verification_record.name, ["v=spf1 -all", a.json.verification_record.value, b.json.verification_record.value]);
    const won = await verify(teamA, a.json.id);
    expect([won.status, won.json.verified]).toEqual([200, true]);
    const lost = await verify(teamB, b.json.id);
    expect([lost.status, lost.json.code]).toEqual([409, "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"]);
    expect((await add(await createTeam(t, project, "C"))).json.code).toBe("SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM");

    // Another project may verify the same domain for itself.
    const other = await createProjectFixture(t);
    const otherTeam = await createTeam(t, other);
    const otherAdded = await callUntyped(t, "POST", `/teams/${otherTeam}/sso-domains`, { creds: other.server, body: { domain } });
    dns.txt.set(a.json.verification_record.name, [otherAdded.json.verification_record.value]);
    expect((await callUntyped(t, "POST", `/teams/${otherTeam}/sso-domains/${otherAdded.json.id}/verify`, { creds: other.server, body: {} })).json.verified).toBe(true);

    expect((await callUntyped(t, "DELETE", `/teams/${teamA}/sso-domains/${a.json.id}`, { creds: project.server })).status).toBe(200);
    const list = await callUntyped(t, "GET", `/teams/${teamA}/sso-domains`, { creds: project.server });
    expect(list.json.items).toEqual([]);
  });

  it("auto-join puts a user made with a verified address on the domain into the team, and nobody else", async () => {
    const { project, teamId, domain } = await ssoProject({ autoJoin: true });
    const make = (email: string, verified: boolean) =>
      callUntyped(t, "POST", "/users", { creds: project.server, body: { primary_email: email, primary_email_verified: verified, primary_email_auth_enabled: true } });
    const teamsOf = async (userId: string) => (await callUntyped(t, "GET", `/teams?user_id=${userId}`, { creds: project.server })).json.items.map((team: { id: string }) => team.id);
    const verified = await make(`ada@${domain}`, true);
    expect(await teamsOf(verified.json.id)).toContain(teamId);
    const unverified = await make(`bob@${domain}`, false);
    expect(await teamsOf(unverified.json.id)).not.toContain(teamId);
    const elsewhere = await make(uniqueEmail("auto"), true);
    expect(await teamsOf(elsewhere.json.id)).not.toContain(teamId);
  });
});

describe("changes made while a sign-in is under way", () => {
  it("two teams verifying one domain at the same moment: one owns it, the other is told so", async () => {
    const project = await createProjectFixture(t);
    const teams = [await createTeam(t, project, "A"), await createTeam(t, project, "B")];
    const domain = newDomain();
    const added = await Promise.all(teams.map((team) => callUntyped(t, "POST", `/teams/${team}/sso-domains`, { creds: project.server, body: { domain } })));
    dns.txt.set(added[0]!.json.verification_record.name, added.map((a) => a.json.verification_record.value));
    const answers = await Promise.all(
      teams.map((team, i) => callUntyped(t, "POST", `/teams/${team}/sso-domains/${added[i]!.json.id}/verify`, { creds: project.server, body: {} })),
    );
    expect(answers.map((a) => [a.status, a.json.code ?? null]).sort()).toEqual([
      [200, null],
      [409, "SSO_DOMAIN_VERIFIED_BY_ANOTHER_TEAM"],
    ]);
  });

  it("a team deleted while its SAML connection is being made (the IdP's metadata being fetched) answers TEAM_NOT_FOUND, not a 500", async () => {
    const project = await createProjectFixture(t);
    const teamId = await createTeam(t, project);
    // The metadata URL's server deletes the team before it answers: after the team was read, before the connection is written.
    const slowMetadata = createServer((_req, res) => {
      void callUntyped(t, "DELETE", `/teams/${teamId}`, { creds: project.server }).then((deleted) => {
        expect(deleted.status).toBe(200);
        res.writeHead(200, { "content-type": "application/samlmetadata+xml" }).end(metadataXml);
      });
    });
    const port = await freePort();
    await new Promise<void>((resolve) => slowMetadata.listen(port, "127.0.0.1", resolve));
    try {
      const created = await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, {
        creds: project.server,
        body: { protocol: "saml", display_name: "x", saml: { metadata_url: `http://127.0.0.1:${port}/metadata` } },
      });
      expect([created.status, created.json?.code], created.text).toEqual([404, "TEAM_NOT_FOUND"]);
    } finally {
      await new Promise((resolve) => slowMetadata.close(resolve));
    }
  });

  it("a connection deleted between the IdP's answer and the sign-in's writes ends the attempt as a known error", async () => {
    const { project, teamId, domain, connectionId } = await ssoProject();
    const lookup = await t.deps.tenancies.lookup(project.projectId);
    if (!lookup.found) throw new Error("no tenancy");
    const connection = (await findSsoConnection(t.db, lookup.tenancy, teamId, connectionId))!;
    const existing = await signUpUser(t, project.client, { email: `link@${domain}` });
    await callUntyped(t, "PATCH", `/users/${existing.userId}`, { creds: project.server, body: { primary_email_verified: true } });
    expect((await callUntyped(t, "DELETE", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.server })).status).toBe(200);
    // A new person (sign-up) and an existing account (linked by the merge rule) alike.
    for (const email of [`new@${domain}`, existing.email]) {
      const attempt = signInWithSsoIdentity(t.deps, lookup.tenancy, connection, { subject: `sub-${email}`, email, displayName: null });
      await expect(attempt, email).rejects.toMatchObject({ code: "SSO_FLOW_UNKNOWN" });
    }
    expect((await callUntyped(t, "GET", `/users?team_id=${teamId}`, { creds: project.server })).json.items).toEqual([]);
  });
});

describe("GET /auth/sso/status", () => {
  it("says whether a team of the project has an enabled connection, and /projects/current keeps Stack's shape", async () => {
    const status = async (project: ProjectFixture) => (await callUntyped(t, "GET", "/auth/sso/status", { creds: project.client })).json;
    const plain = await createProjectFixture(t);
    expect(await status(plain)).toEqual({ enabled: false });
    const { project, teamId, connectionId } = await ssoProject();
    expect(await status(project)).toEqual({ enabled: true });
    const current = await callUntyped(t, "GET", "/projects/current", { creds: project.client });
    expect(current.json.config).not.toHaveProperty("sso_enabled");
    const disabled = await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.server, body: { enabled: false } });
    expect(disabled.status, disabled.text).toBe(200);
    expect(await status(project)).toEqual({ enabled: false });
  });
});

describe("OIDC sign-in", () => {
  it("finds the connection from the address, checks state, nonce and PKCE, and signs a new person up into the team with the connection's permissions", async () => {
    const { project, teamId, domain, connectionId } = await ssoProject();
    const email = `ada@${domain}`;
    const discovered = await callUntyped(t, "POST", "/auth/sso/discover", { creds: project.client, body: { email } });
    expect(discovered.json).toEqual({ connection_id: connectionId, protocol: "oidc", display_name: "Acme Entra", required: false });
    const none = await callUntyped(t, "POST", "/auth/sso/discover", { creds: project.client, body: { email: uniqueEmail("nosso") } });
    expect([none.status, none.json.code]).toEqual([404, "SSO_NOT_AVAILABLE_FOR_EMAIL"]);

    const { callback, start } = await signInThroughOidc(project, email);
    const authorizeUrl = new URL(start.location);
    expect(authorizeUrl.searchParams.get("nonce")).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(authorizeUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authorizeUrl.searchParams.get("login_hint")).toBe(email);
    expect(callback.status, await callback.clone().text()).toBe(303);
    const tokens = await tradeCallback(t, project, callback.headers.get("location"), start.pkce.verifier);
    expect([tokens.status, tokens.json.is_new_user]).toEqual([200, true]);
    const user = await callUntyped(t, "GET", `/users/${tokens.userId}`, { creds: project.server });
    expect(user.json).toMatchObject({ primary_email: email, primary_email_verified: true, display_name: "Ada Acme" });
    const permissions = await callUntyped(t, "GET", `/team-permissions?team_id=${teamId}&user_id=${tokens.userId}&recursive=false`, { creds: project.server });
    expect(permissions.json.items.map((p: { id: string }) => p.id)).toEqual(["$read_members"]);

    const again = await signInThroughOidc(project, email);
    const second = await tradeCallback(t, project, again.callback.headers.get("location"), again.start.pkce.verifier);
    expect([second.userId, second.json.is_new_user]).toEqual([tokens.userId, false]);
  });

  it("refuses an answer in a browser without the attempt's cookie, a used state, and an address outside the team's domains", async () => {
    const { project, domain } = await ssoProject();
    const email = `bea@${domain}`;
    const start = await startSsoSignIn(t, project, { email });
    idp.nextDecision({ accountId: idpAccount(email).sub });
    const back = await followProvider(start.location, SSO_CALLBACK);
    const noCookie = await t.request(back.pathname + back.search);
    expect([noCookie.status, (await noCookie.json()).code]).toEqual([400, "SSO_FLOW_COOKIE_MISSING"]);
    // The browser that started it still finishes it, once.
    const own = await t.request(back.pathname + back.search, { headers: { cookie: start.cookie } });
    expect(own.status).toBe(303);
    const used = await t.request(back.pathname + back.search, { headers: { cookie: start.cookie } });
    expect([used.status, (await used.json()).code]).toEqual([400, "SSO_FLOW_UNKNOWN"]);

    const outsider = await signInThroughOidc(project, email, idpAccount(uniqueEmail("outsider")));
    expect(outsider.callback.status).toBe(307);
    expect(redirectedError(outsider.callback.headers.get("location")).code).toBe("SSO_EMAIL_DOMAIN_NOT_ALLOWED");
    idp.nextDecision({ deny: true });
    const denied = await startSsoSignIn(t, project, { email });
    const deniedBack = await followProvider(denied.location, SSO_CALLBACK);
    const deniedAnswer = await t.request(deniedBack.pathname + deniedBack.search, { headers: { cookie: denied.cookie } });
    expect(redirectedError(deniedAnswer.headers.get("location")).code).toBe("SSO_IDP_DENIED");
  });

  it("links an existing account only by the project's merge rules", async () => {
    const { project, domain } = await ssoProject();
    const verifiedOwner = await signUpUser(t, project.client, { email: `carol@${domain}` });
    await callUntyped(t, "PATCH", `/users/${verifiedOwner.userId}`, { creds: project.server, body: { primary_email_verified: true } });
    const linked = await signInThroughOidc(project, verifiedOwner.email);
    const tokens = await tradeCallback(t, project, linked.callback.headers.get("location"), linked.start.pkce.verifier);
    expect([tokens.userId, tokens.json.is_new_user]).toEqual([verifiedOwner.userId, false]);

    const unverifiedOwner = await signUpUser(t, project.client, { email: `dan@${domain}` });
    const refused = await signInThroughOidc(project, unverifiedOwner.email);
    expect(redirectedError(refused.callback.headers.get("location")).code).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");

    const strict = await ssoProject({ config: { oauth_account_merge_strategy: "raise_error" } });
    const owner = await signUpUser(t, strict.project.client, { email: `erin@${strict.domain}` });
    await callUntyped(t, "PATCH", `/users/${owner.userId}`, { creds: strict.project.server, body: { primary_email_verified: true } });
    const raised = await signInThroughOidc(strict.project, owner.email);
    expect(redirectedError(raised.callback.headers.get("location")).code).toBe("CONTACT_CHANNEL_ALREADY_USED_FOR_AUTH_BY_SOMEONE_ELSE");
  });

  it("refuses a switched-off connection before sending anyone to the IdP", async () => {
    const { project, teamId, domain, connectionId } = await ssoProject();
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connectionId}`, { creds: project.server, body: { enabled: false } });
    const byEmail = await callUntyped(t, "POST", "/auth/sso/discover", { creds: project.client, body: { email: `x@${domain}` } });
    expect(byEmail.json.code).toBe("SSO_NOT_AVAILABLE_FOR_EMAIL");
    const query = new URLSearchParams({
      client_id: project.projectId,
      client_secret: project.keys.publishableKey,
      redirect_uri: CLIENT_REDIRECT,
      state: "s",
      code_challenge: "x".repeat(43),
      code_challenge_method: "S256",
      connection_id: connectionId,
    });
    const res = await t.request(`/api/v1/auth/sso/authorize?${query}`);
    expect([res.status, (await res.json()).code]).toEqual([400, "SSO_CONNECTION_DISABLED"]);
    const both = await t.request(`/api/v1/auth/sso/authorize?${query}&email=${encodeURIComponent(`x@${domain}`)}`);
    expect((await both.json()).code).toBe("SCHEMA_ERROR");
  });
});

describe("SSO enforcement", () => {
  /** A project whose domain requires SSO, and a person there who signed up with a password and a passkey before it did. */
  async function enforcedWithExistingUser() {
    const setup = await ssoProject();
    const user = await signUpUser(t, setup.project.client, { email: `frank@${setup.domain}` });
    await callUntyped(t, "PATCH", `/users/${user.userId}`, { creds: setup.project.server, body: { primary_email_verified: true } });
    const authenticator = new SoftAuthenticator();
    const creds = { ...setup.project.client, accessToken: user.accessToken };
    const started = await callUntyped(t, "POST", "/auth/passkey/initiate-passkey-registration", { creds, body: {} });
    const registered = await callUntyped(t, "POST", "/auth/passkey/register", {
      creds,
      body: { credential: authenticator.register(started.json.options_json, { origin: ORIGIN }), code: started.json.code },
    });
    expect(registered.status, registered.text).toBe(200);
    const lookup = await t.deps.tenancies.lookup(setup.project.projectId);
    if (!lookup.found) throw new Error("no tenancy");
    const otp = await issueCode(t.db, lookup.tenancy, { purpose: "otp_sign_in", expiresInMs: 60_000, email: user.email, replacePrevious: false });
    const switched = await callUntyped(t, "PATCH", `/teams/${setup.teamId}/sso-domains/${setup.domainId}`, { creds: setup.project.server, body: { require_sso: true } });
    expect(switched.json.require_sso).toBe(true);
    return { ...setup, user, authenticator, otpCode: otp.code };
  }

  const expectSsoRequired = (res: { status: number; json: { code?: string } }) => expect([res.status, res.json?.code]).toEqual([403, "SSO_REQUIRED"]);

  it("refuses every other way in for an address on the domain: password, sign-up, e-mailed codes, passkeys and OAuth providers", async () => {
    const { project, domain, user, authenticator, otpCode } = await enforcedWithExistingUser();
    const client = project.client;
    expectSsoRequired(await callUntyped(t, "POST", "/auth/password/sign-in", { creds: client, body: { email: user.email, password: user.password } }));
    expectSsoRequired(await callUntyped(t, "POST", "/auth/password/sign-up", { creds: client, body: { email: `new@${domain}`, password: "correct horse battery" } }));
    expectSsoRequired(await callUntyped(t, "POST", "/auth/otp/send-sign-in-code", { creds: client, body: { email: user.email, callback_url: `${ORIGIN}/handler/magic-link-callback` } }));
    // A code issued before enforcement was switched on is refused where the sign-in finishes.
    expectSsoRequired(await callUntyped(t, "POST", "/auth/otp/sign-in", { creds: client, body: { code: otpCode } }));
    const passkeyStart = await callUntyped(t, "POST", "/auth/passkey/initiate-passkey-authentication", { creds: client, body: {} });
    const passkey = await callUntyped(t, "POST", "/auth/passkey/sign-in", {
      creds: client,
      body: { authentication_response: authenticator.authenticate(passkeyStart.json.options_json, { origin: ORIGIN }), code: passkeyStart.json.code },
    });
    expectSsoRequired(passkey);

    await configureOAuth(t, project, { corp: { type: "oidc", clientId: "corp-client", clientSecret: "corp-secret", issuerUrl: idp.issuer } });
    const corpAccount = idp.addAccount({ sub: `corp-${Date.now()}`, email: `gina@${domain}`, email_verified: true });
    const oauth = await runFlow(t, idp, project, { accountId: corpAccount.sub }, { provider: "corp" });
    expect(oauth.location.searchParams.get("errorCode")).toBe("SSO_REQUIRED");

    // The team's own connection still signs them in.
    const sso = await signInThroughOidc(project, user.email, idpAccount(user.email));
    const tokens = await tradeCallback(t, project, sso.callback.headers.get("location"), sso.start.pkce.verifier);
    expect([tokens.status, tokens.userId]).toEqual([200, user.userId]);
    const discovered = await callUntyped(t, "POST", "/auth/sso/discover", { creds: client, body: { email: user.email } });
    expect(discovered.json.required).toBe(true);
  });

  it("looks at every address of the user, not only the one signed in with", async () => {
    const { project, teamId, domainId, domain } = await ssoProject();
    const user = await signUpUser(t, project.client, { email: uniqueEmail("personal") });
    const added = await callUntyped(t, "POST", "/contact-channels", {
      creds: project.server,
      body: { user_id: user.userId, type: "email", value: `harry@${domain}`, used_for_auth: false, is_verified: true },
    });
    expect(added.status, added.text).toBe(201);
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-domains/${domainId}`, { creds: project.server, body: { require_sso: true } });
    expectSsoRequired(await callUntyped(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } }));
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-domains/${domainId}`, { creds: project.server, body: { require_sso: false } });
    const allowed = await callUntyped(t, "POST", "/auth/password/sign-in", { creds: project.client, body: { email: user.email, password: user.password } });
    expect(allowed.status).toBe(200);
  });

  it("accepts SSO only through a connection of the team that owns the domain", async () => {
    const { project, domain, teamId, domainId } = await ssoProject();
    // A second team with its own verified domain and connection requires SSO for its people.
    const otherTeam = await createTeam(t, project, "Other");
    const otherDomain = newDomain();
    const other = await verifiedDomain(t, project, dns, otherTeam, otherDomain, { requireSso: true });
    expect(other.id).toBeTruthy();
    const email = `ivy@${domain}`;
    const first = await signInThroughOidc(project, email);
    const tokens = await tradeCallback(t, project, first.callback.headers.get("location"), first.start.pkce.verifier);
    expect(tokens.status).toBe(200);
    // Ivy also has an address on the other team's domain: this team's connection is not enough.
    await callUntyped(t, "POST", "/contact-channels", {
      creds: project.server,
      body: { user_id: tokens.userId, type: "email", value: `ivy@${otherDomain}`, used_for_auth: false, is_verified: true },
    });
    const second = await signInThroughOidc(project, email);
    const refused = await tradeCallback(t, project, second.callback.headers.get("location"), second.start.pkce.verifier);
    expect([refused.status, refused.json.code]).toEqual([403, "SSO_REQUIRED"]);
    expect(teamId && domainId).toBeTruthy();
  });
});

const TEAM = "3a4b7a51-5a5d-4b6e-9a44-6f8f1f1c2d3e";
const ITEM = "6b1d7f2e-1c4a-4e7b-8f3d-2a9c5b6e7d8f";
describeSecurity({ operationId: "listSsoConnections", method: "GET", path: `/teams/${TEAM}/sso-connections`, access: ["server", "admin"] });
describeSecurity({ operationId: "createSsoConnection", method: "POST", path: `/teams/${TEAM}/sso-connections`, access: ["server", "admin"], body: OIDC_BODY("https://idp.example.com") });
describeSecurity({ operationId: "getSsoConnection", method: "GET", path: `/teams/${TEAM}/sso-connections/${ITEM}`, access: ["server", "admin"] });
describeSecurity({ operationId: "updateSsoConnection", method: "PATCH", path: `/teams/${TEAM}/sso-connections/${ITEM}`, access: ["server", "admin"], body: { enabled: false } });
describeSecurity({ operationId: "deleteSsoConnection", method: "DELETE", path: `/teams/${TEAM}/sso-connections/${ITEM}`, access: ["server", "admin"] });
describeSecurity({ operationId: "listSsoDomains", method: "GET", path: `/teams/${TEAM}/sso-domains`, access: ["server", "admin"] });
describeSecurity({ operationId: "addSsoDomain", method: "POST", path: `/teams/${TEAM}/sso-domains`, access: ["server", "admin"], body: { domain: "example.com" } });
describeSecurity({ operationId: "verifySsoDomain", method: "POST", path: `/teams/${TEAM}/sso-domains/${ITEM}/verify`, access: ["server", "admin"], body: {} });
describeSecurity({ operationId: "updateSsoDomain", method: "PATCH", path: `/teams/${TEAM}/sso-domains/${ITEM}`, access: ["server", "admin"], body: { auto_join: true } });
describeSecurity({ operationId: "removeSsoDomain", method: "DELETE", path: `/teams/${TEAM}/sso-domains/${ITEM}`, access: ["server", "admin"] });
describeSecurity({ operationId: "getSsoStatus", method: "GET", path: "/auth/sso/status", access: ["client", "server", "admin"] });
describeSecurity({ operationId: "discoverSso", method: "POST", path: "/auth/sso/discover", access: ["client", "server", "admin"], body: { email: "sec@example.com" } });
