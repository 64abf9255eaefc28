/**
 * Single sign-on end to end in Chromium: two customer organisations (teams of the internal
 * project), each with a domain verified through a DNS server on loopback, one signing in through
 * a real OpenID provider (oidc-provider, its sign-in form filled in), the other through a local
 * SAML identity provider (an HTTP page of this test that takes the AuthnRequest and posts back a
 * Response signed with xml-crypto). Each person types their work address on the handler's
 * sign-in page, is sent to their organisation's IdP, and lands signed in, made just in time and
 * a member of the right team. axe-core checks the sign-in page with the SSO form open.
 */
import { createServer, type Server } from "node:http";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ASSERTION_XPATH,
  assertionXml,
  createSamlIdp,
  encodeSamlResponse,
  freePort,
  readAuthnRequest,
  responseXml,
  signElement,
  startDnsStandIn,
  type DnsStandIn,
  type SamlIdp,
} from "../harness";
import { startOidcStandIn, type OidcStandIn } from "../harness/oidc-stand-in";
import { settled } from "./support/account-settings";
import { axeViolations } from "./support/axe";
import { callInternal, expectSignedInAs, screenshots, useBrowserHarness } from "./support/browser-harness";
import { openProjectPage, pageScreenshots, signInWithProject } from "./support/dashboard-project";

let dns: DnsStandIn;
const harness = useBrowserHarness({
  env: async () => {
    dns = await startDnsStandIn();
    return { DNS_SERVERS: dns.address };
  },
});
let oidc: OidcStandIn;
let saml: SamlIdp;
let samlPage: Server;
/** The address the SAML IdP signs in next (its "user" picked on its page). */
let samlPerson = "";
const suffix = crypto.randomUUID().slice(0, 6);
const ACME = `acme-${suffix}.test`;
const GLOBEX = `globex-${suffix}.test`;
let acmeTeam: string;
let globexTeam: string;
let globexConnection: { saml: { sp_entity_id: string; sp_acs_url: string } };

async function teamWithDomain(name: string, domain: string): Promise<string> {
  const { server } = harness();
  const team = await callInternal(server, "server", "POST", "/teams", { display_name: name });
  expect(team.status).toBe(201);
  const added = await callInternal(server, "server", "POST", `/teams/${team.json.id}/sso-domains`, { domain });
  dns.txt.set(added.json.verification_record.name, [added.json.verification_record.value]);
  const verified = await callInternal(server, "server", "POST", `/teams/${team.json.id}/sso-domains/${added.json.id}/verify`, {});
  expect(verified.json.verified).toBe(true);
  return team.json.id;
}

beforeAll(async () => {
  const { server } = harness();
  oidc = await startOidcStandIn({ mode: "form", clients: [{ clientId: "acme-sso", clientSecret: "acme-secret", redirectUris: [`${server.url}/api/v1/auth/sso/oidc/callback`] }] });
  const port = await freePort();
  saml = await createSamlIdp({ entityId: `http://127.0.0.1:${port}/idp`, ssoUrl: `http://127.0.0.1:${port}/sso` });
  // The IdP's sign-in page: it reads the AuthnRequest and offers a button that posts the signed answer back to the ACS.
  samlPage = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname !== "/sso") return void res.writeHead(404).end();
    const request = readAuthnRequest(url.href);
    const acs = globexConnection.saml.sp_acs_url;
    const assertion = assertionXml({ issuer: saml.entityId, nameId: samlPerson, audience: globexConnection.saml.sp_entity_id, recipient: acs, inResponseTo: request.id, displayName: "Grace Globex" });
    const signed = signElement(responseXml({ issuer: saml.entityId, destination: acs, inResponseTo: request.id }, assertion), ASSERTION_XPATH, saml);
    const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><title>Globex IdP</title></head><body><main><h1>Globex sign-in</h1>` +
        `<form method="post" action="${attr(acs)}"><input type="hidden" name="SAMLResponse" value="${attr(encodeSamlResponse(signed))}">` +
        `<input type="hidden" name="RelayState" value="${attr(request.relayState ?? "")}"><button type="submit">Sign in as ${attr(samlPerson)}</button></form></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => samlPage.listen(port, "127.0.0.1", resolve));

  acmeTeam = await teamWithDomain("Acme", ACME);
  const acmeConnection = await callInternal(server, "server", "POST", `/teams/${acmeTeam}/sso-connections`, {
    protocol: "oidc",
    display_name: "Acme Entra",
    oidc: { issuer: oidc.issuer, client_id: "acme-sso", client_secret: "acme-secret" },
  });
  expect(acmeConnection.status).toBe(201);
  globexTeam = await teamWithDomain("Globex", GLOBEX);
  const created = await callInternal(server, "server", "POST", `/teams/${globexTeam}/sso-connections`, {
    protocol: "saml",
    display_name: "Globex Okta",
    saml: { metadata_xml: saml.metadataXml },
  });
  expect(created.status).toBe(201);
  globexConnection = created.json;
}, 120_000);

afterAll(async () => {
  await oidc?.close();
  await new Promise((resolve) => samlPage?.close(resolve));
  // The harness closes the server first (its afterAll is registered before this file's).
  await dns?.close();
});

async function startSso(page: Page, email: string) {
  await page.goto("/handler/sign-in");
  await page.getByRole("button", { name: "Continue with SSO" }).click();
  await page.getByRole("form", { name: "Continue with SSO" }).getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
}

async function teamsOf(userEmail: string): Promise<string[]> {
  const { server } = harness();
  const users = await callInternal(server, "server", "GET", `/users?query=${encodeURIComponent(userEmail)}`);
  expect(users.json.items).toHaveLength(1);
  const teams = await callInternal(server, "server", "GET", `/teams?user_id=${users.json.items[0].id}`);
  return teams.json.items.map((team: { id: string }) => team.id);
}

describe("single sign-on from the handler's sign-in page", () => {
  it("offers SSO beside the other methods, accessibly, and says when an address has none", async () => {
    const { page } = harness();
    await page.goto("/handler/sign-in");
    await page.getByRole("button", { name: "Continue with SSO" }).click();
    const field = page.getByRole("form", { name: "Continue with SSO" }).getByLabel("E-mail");
    await field.waitFor();
    await settled(page);
    expect(await axeViolations(page, { name: "sso-sign-in-email" })).toEqual([]);
    await screenshots(page, "sso-sign-in-email");
    await field.fill("someone@no-sso.example.com");
    await page.getByRole("button", { name: "Continue", exact: true }).click();
    await page.getByText("Single sign-on is not set up for this e-mail address.").waitFor();
    expect(await axeViolations(page, { name: "sso-sign-in-not-available" })).toEqual([]);
    await screenshots(page, "sso-sign-in-not-available");
  }, 60_000);

  it("signs a person in through their organisation's OpenID provider, made just in time in its team", async () => {
    const { page, server } = harness();
    const email = `ada@${ACME}`;
    const account = oidc.addAccount({ sub: `ada-${suffix}`, email, email_verified: true, name: "Ada Acme" });
    await startSso(page, email);
    await page.waitForURL(`${oidc.issuer}/interaction/**`);
    await page.getByLabel(account.email!).check();
    await page.getByRole("button", { name: "Allow" }).click();
    await expectSignedInAs(page, server, email);
    const teams = await teamsOf(email);
    expect(teams).toContain(acmeTeam);
    expect(teams).not.toContain(globexTeam);
  }, 90_000);

  it("signs a person in through their organisation's SAML identity provider, made just in time in its team", async () => {
    const { page, server } = harness();
    samlPerson = `grace@${GLOBEX}`;
    await startSso(page, samlPerson);
    await page.waitForURL(`${saml.ssoUrl}?**`);
    await page.getByRole("heading", { name: "Globex sign-in" }).waitFor();
    await page.getByRole("button", { name: `Sign in as ${samlPerson}` }).click();
    await expectSignedInAs(page, server, samlPerson);
    const teams = await teamsOf(samlPerson);
    expect(teams).toContain(globexTeam);
    expect(teams).not.toContain(acmeTeam);
  }, 90_000);
});

describe("dashboard: single sign-on", () => {
  it("shows a team's domains and connections, verifies a domain through its TXT record, switches enforcement on and adds a SAML connection", async () => {
    const { page, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "sso-owner", { name: "Initech app" });
    // No team yet: SSO is set up per team, so the page sends the admin to make one.
    await openProjectPage(page, projectId, "sso", "Single sign-on");
    await page.getByText("No teams yet").waitFor();
    await settled(page);
    expect(await axeViolations(page, { name: "dashboard-sso-no-team" })).toEqual([]);
    await pageScreenshots(page, "dashboard-sso-no-team");
    const team = await admin("POST", "/teams", { display_name: "Initech" });
    expect(team.status).toBe(201);
    await openProjectPage(page, projectId, "sso", "Single sign-on");
    const domains = page.getByRole("region", { name: "Domains" });
    await domains.getByText("The team has no domains yet.").waitFor();
    await page.getByRole("region", { name: "Connections" }).getByText("The team has no connection yet.").waitFor();
    await settled(page);
    expect(await axeViolations(page, { name: "dashboard-sso-empty" })).toEqual([]);
    await pageScreenshots(page, "dashboard-sso-empty");

    const domain = `initech-${suffix}.test`;
    await domains.getByLabel("Domain").fill(domain);
    await domains.getByRole("button", { name: "Add domain" }).click();
    const card = page.getByTestId(`sso-domain-${domain}`);
    await card.getByText("Not verified").waitFor();
    await settled(page);
    expect(await axeViolations(page, { name: "dashboard-sso-domain-unverified" })).toEqual([]);
    await pageScreenshots(page, "dashboard-sso-domain-unverified");
    const value = await card.getByTestId("sso-txt-value").textContent();
    dns.txt.set(`_gatehouse-verification.${domain}`, [value!]);
    await card.getByRole("button", { name: "Verify" }).click();
    await card.getByText("Verified", { exact: true }).waitFor();
    await card.getByRole("switch", { name: /Require single sign-on/ }).click({ force: true });
    await expect.poll(async () => (await admin("GET", `/teams/${team.json.id}/sso-domains`)).json.items[0].require_sso).toBe(true);

    await page.getByRole("button", { name: "Add connection" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add connection" });
    await dialog.getByText("SAML 2.0").click();
    await dialog.getByLabel("Name").fill("Initech Okta");
    await dialog.getByLabel("Or the IdP metadata XML").fill(saml.metadataXml);
    expect(await axeViolations(page, { name: "dashboard-sso-add-connection", include: "[role=dialog]" })).toEqual([]);
    await dialog.getByRole("button", { name: "Add connection" }).click();
    await dialog.waitFor({ state: "detached" });
    const connection = page.getByTestId("sso-connection-Initech Okta");
    await connection.getByText("SAML 2.0").waitFor();
    await connection.getByText("ACS URL").waitFor();
    await settled(page);
    expect(await axeViolations(page, { name: "dashboard-sso-team" })).toEqual([]);
    await pageScreenshots(page, "dashboard-sso-team");
    const connections = await admin("GET", `/teams/${team.json.id}/sso-connections`);
    expect(connections.json.items).toEqual([expect.objectContaining({ protocol: "saml", display_name: "Initech Okta", enabled: true })]);
  }, 120_000);
});
