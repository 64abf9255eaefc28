/**
 * The self-serve SSO set-up portal in Chromium: a project's owner makes a set-up link on the
 * dashboard's single sign-on page; the customer organisation's administrator, in another
 * browser with the link alone (no account, no dashboard), proves the domain through its TXT
 * record (a DNS server on loopback), connects its SAML identity provider by metadata XML, and
 * runs a test sign-in through the local SAML IdP (an HTTP page of this test that posts back a
 * Response signed with xml-crypto), which reports what the IdP asserted and signs no one in.
 * axe-core checks the set-up page; it is shot at desktop and phone width.
 */
import AxeBuilder from "@axe-core/playwright";
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSERTION_XPATH, assertionXml, createSamlIdp, encodeSamlResponse, freePort, readAuthnRequest, responseXml, signElement, startDnsStandIn, type DnsStandIn, type SamlIdp } from "../harness";
import { settled } from "./support/account-settings";
import { screenshots, useBrowserHarness } from "./support/browser-harness";
import { openProjectPage, signInWithProject } from "./support/dashboard-project";

let dns: DnsStandIn;
const harness = useBrowserHarness({
  env: async () => {
    dns = await startDnsStandIn();
    return { DNS_SERVERS: dns.address };
  },
});
let saml: SamlIdp;
let samlPage: Server;
/** The connection the IdP answers (the portal makes it during the test). */
let connection: { saml: { sp_entity_id: string; sp_acs_url: string } } | null = null;
const suffix = crypto.randomUUID().slice(0, 6);
const DOMAIN = `umbrella-${suffix}.test`;
const PERSON = `alice@${DOMAIN}`;

const WCAG_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

beforeAll(async () => {
  const port = await freePort();
  saml = await createSamlIdp({ entityId: `http://127.0.0.1:${port}/idp`, ssoUrl: `http://127.0.0.1:${port}/sso` });
  samlPage = createServer((req, res) => {
    const url = new URL(req.url ?? "/", `http://127.0.0.1:${port}`);
    if (url.pathname !== "/sso" || !connection) return void res.writeHead(404).end();
    const request = readAuthnRequest(url.href);
    const acs = connection.saml.sp_acs_url;
    const assertion = assertionXml({ issuer: saml.entityId, nameId: PERSON, audience: connection.saml.sp_entity_id, recipient: acs, inResponseTo: request.id, displayName: "Alice Umbrella" });
    const signed = signElement(responseXml({ issuer: saml.entityId, destination: acs, inResponseTo: request.id }, assertion), ASSERTION_XPATH, saml);
    const attr = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
    res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(
      `<!doctype html><html lang="en"><head><title>Umbrella IdP</title></head><body><main><h1>Umbrella sign-in</h1>` +
        `<form method="post" action="${attr(acs)}"><input type="hidden" name="SAMLResponse" value="${attr(encodeSamlResponse(signed))}">` +
        `<input type="hidden" name="RelayState" value="${attr(request.relayState ?? "")}"><button type="submit">Sign in as ${attr(PERSON)}</button></form></main></body></html>`,
    );
  });
  await new Promise<void>((resolve) => samlPage.listen(port, "127.0.0.1", resolve));
}, 60_000);

afterAll(async () => {
  await new Promise((resolve) => samlPage?.close(resolve));
  await dns?.close();
});

describe("the self-serve SSO set-up portal", () => {
  it("lets an organisation's administrator set up domain, SAML connection and a test sign-in with the link alone", async () => {
    const { page, context, server } = harness();
    const { projectId, admin } = await signInWithProject(page, server, "portal-owner", { name: "Umbrella app" });
    const team = await admin("POST", "/teams", { display_name: "Umbrella Corp" });
    expect(team.status).toBe(201);

    // The project's owner makes the link on the dashboard.
    await openProjectPage(page, projectId, "sso", "Single sign-on");
    await page.getByRole("button", { name: "Create set-up link" }).click();
    const url = (await page.getByTestId("sso-portal-url").textContent())!.trim();
    expect(url).toMatch(/\/sso-setup#token=ssop_/);

    // The organisation's administrator: another browser, no session, the link alone.
    const browser = context.browser()!;
    const portalContext = await browser.newContext({ baseURL: server.url, viewport: { width: 1024, height: 720 } });
    const portal = await portalContext.newPage();
    const errors: string[] = [];
    portal.on("pageerror", (error) => errors.push(error.message));
    try {
      await portal.goto(url);
      await portal.getByRole("heading", { name: "Set up single sign-on for Umbrella Corp", level: 1 }).waitFor();
      // The token leaves the address at once.
      expect(new URL(portal.url()).hash).toBe("");
      await settled(portal);
      expect((await new AxeBuilder({ page: portal }).withTags(WCAG_AA).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await screenshots(portal, "sso-setup-empty");

      // 1. The domain, through its TXT record.
      const domainStep = portal.getByRole("region", { name: "1. Prove your domain" });
      await domainStep.getByLabel("Domain").fill(DOMAIN);
      await domainStep.getByRole("button", { name: "Add domain" }).click();
      const card = portal.getByTestId(`sso-domain-${DOMAIN}`);
      await card.getByText("Not verified yet").waitFor();
      await card.getByRole("button", { name: `Verify ${DOMAIN}` }).click();
      await card.getByText(/No TXT record/).waitFor();
      const name = (await card.getByTestId("txt-record-name").textContent())!;
      const value = (await card.getByTestId("txt-record-value").textContent())!;
      dns.txt.set(name, [value]);
      await card.getByRole("button", { name: `Verify ${DOMAIN}` }).click();
      await card.getByText("Verified", { exact: true }).waitFor();

      // 2. The SAML connection, by the IdP's metadata XML; the page shows what to give the IdP.
      const connectionStep = portal.getByRole("region", { name: "2. Connect your identity provider" });
      await connectionStep.getByLabel("Connection name").fill("Umbrella Okta");
      await connectionStep.getByLabel("Or the IdP metadata XML").fill(saml.metadataXml);
      await connectionStep.getByRole("button", { name: "Save connection" }).click();
      const metadataUrl = (await connectionStep.getByTestId("sp-metadata-url").textContent())!;
      expect(metadataUrl).toContain(`/auth/sso/saml/${projectId}/`);
      connection = (await admin("GET", `/teams/${team.json.id}/sso-connections`)).json.items[0];

      // 3. The test sign-in: to the IdP and back, with what it asserted.
      await portal.getByRole("button", { name: "Test sign-in with Umbrella Okta" }).click();
      await portal.waitForURL(`${saml.ssoUrl}?**`);
      await portal.getByRole("button", { name: `Sign in as ${PERSON}` }).click();
      await portal.waitForURL(/\/sso-setup\?sso_test=/);
      const outcome = portal.getByTestId("sso-test-outcome");
      await outcome.getByText("The test sign-in worked").waitFor();
      await outcome.getByText(PERSON).first().waitFor();
      await outcome.getByText("Alice Umbrella").waitFor();
      await settled(portal);
      expect((await new AxeBuilder({ page: portal }).withTags(WCAG_AA).analyze()).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
      await screenshots(portal, "sso-setup-tested");

      // Nobody was signed in or made.
      const users = await admin("GET", `/users?query=${encodeURIComponent(PERSON)}`);
      expect(users.json.items).toEqual([]);

      // 4. SCIM: the base URL, and a token shown once.
      await portal.getByRole("button", { name: "Make a SCIM token" }).click();
      const token = (await portal.getByTestId("scim-token").textContent())!.trim();
      expect(token).toMatch(/^scim_/);
      await screenshots(portal, "sso-setup-scim-token");
    } finally {
      await portalContext.close();
    }
    expect(errors).toEqual([]);
  }, 180_000);
});
