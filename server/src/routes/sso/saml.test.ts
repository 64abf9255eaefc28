import { createVerify } from "node:crypto";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callUntyped, createProjectFixture, type ProjectFixture } from "../../testing/fixtures";
import { startDnsStandIn, type DnsStandIn } from "../../testing/dns-stand-in";
import {
  ASSERTION_XPATH,
  assertionXml,
  createSamlIdp,
  encode,
  encryptAssertion,
  newIdpKeys,
  readAuthnRequest,
  RESPONSE_XPATH,
  responseXml,
  signElement,
  type AssertionFields,
  type SamlIdp,
} from "../../testing/saml-idp";
import { createTeam, postToAcs, redirectedError, startSsoSignIn, tradeCallback, verifiedDomain } from "../../testing/sso-flow";
import { createTestApp, type TestApp } from "../../testing/test-server";

let t: TestApp;
let dns: DnsStandIn;
let idp: SamlIdp;
let project: ProjectFixture;
let teamId: string;
let connection: { id: string; saml: { sp_entity_id: string; sp_acs_url: string; sp_certificate: string } };

beforeAll(async () => {
  dns = await startDnsStandIn();
  t = await createTestApp({ env: { DNS_SERVERS: dns.address } });
  idp = await createSamlIdp();
  project = await createProjectFixture(t);
  teamId = await createTeam(t, project);
  await verifiedDomain(t, project, dns, teamId, "acme.test");
  const created = await callUntyped(t, "POST", `/teams/${teamId}/sso-connections`, {
    creds: project.server,
    body: { protocol: "saml", display_name: "Acme Okta", saml: { metadata_xml: idp.metadataXml } },
  });
  expect(created.status, created.text).toBe(201);
  connection = created.json;
});

afterAll(async () => {
  await t?.close();
  await dns?.close();
});

let people = 0;
const person = () => `person${++people}-${Date.now()}@acme.test`;

/** A sign-in started at our authorize endpoint: the AuthnRequest's id and RelayState. */
async function started(email: string) {
  const start = await startSsoSignIn(t, project, { email });
  expect(start.location.startsWith(idp.ssoUrl)).toBe(true);
  const request = readAuthnRequest(start.location);
  return { ...start, requestId: request.id, relayState: request.relayState! };
}

function fields(email: string, requestId: string | null, overrides: Partial<AssertionFields> = {}): AssertionFields {
  return {
    issuer: idp.entityId,
    nameId: email,
    audience: connection.saml.sp_entity_id,
    recipient: connection.saml.sp_acs_url,
    inResponseTo: requestId,
    displayName: "Ada Acme",
    ...overrides,
  };
}

/** A Response with a signed Assertion, as most IdPs send. */
function signedAssertionResponse(email: string, requestId: string | null, overrides: Partial<AssertionFields> = {}, signer = idp): string {
  const xml = responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: requestId }, assertionXml(fields(email, requestId, overrides)));
  return signElement(xml, ASSERTION_XPATH, signer);
}

async function expectRefused(xml: string, relayState: string | null, reason?: RegExp) {
  const res = await postToAcs(t, connection.saml.sp_acs_url, encode(xml), relayState);
  const error = res.status === 307 ? redirectedError(res.headers.get("location")) : { code: (await res.json()).code as string, message: "" };
  expect(res.status === 307 || res.status === 400, `status ${res.status}`).toBe(true);
  expect(error.code).toBe("SSO_IDP_RESPONSE_INVALID");
  if (reason) expect(error.message).toMatch(reason);
}

describe("SAML sign-in", () => {
  it("serves SP metadata with the entity id, ACS URL and the connection's certificate", async () => {
    const res = await t.request(new URL(connection.saml.sp_entity_id).pathname);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/samlmetadata+xml");
    const xml = await res.text();
    expect(xml).toContain(`entityID="${connection.saml.sp_entity_id}"`);
    expect(xml).toContain(`Location="${connection.saml.sp_acs_url}"`);
    expect(xml).toContain(connection.saml.sp_certificate.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "").slice(0, 40));
  });

  it("signs a new person in just in time into the connection's team, and the same subject again as the same user", async () => {
    const email = person();
    const start = await started(email);
    const res = await postToAcs(t, connection.saml.sp_acs_url, encode(signedAssertionResponse(email, start.requestId)), start.relayState);
    expect(res.status, await res.clone().text()).toBe(303);
    const tokens = await tradeCallback(t, project, res.headers.get("location"), start.pkce.verifier);
    expect(tokens.status).toBe(200);
    expect(tokens.json.is_new_user).toBe(true);
    const user = await callUntyped(t, "GET", `/users/${tokens.userId}`, { creds: project.server });
    expect(user.json).toMatchObject({ primary_email: email, primary_email_verified: true, display_name: "Ada Acme" });
    const teams = await callUntyped(t, "GET", `/teams?user_id=${tokens.userId}`, { creds: project.server });
    expect(teams.json.items.map((team: { id: string }) => team.id)).toContain(teamId);

    const again = await started(email);
    const second = await postToAcs(t, connection.saml.sp_acs_url, encode(signedAssertionResponse(email, again.requestId)), again.relayState);
    const tokens2 = await tradeCallback(t, project, second.headers.get("location"), again.pkce.verifier);
    expect(tokens2.userId).toBe(tokens.userId);
    expect(decodeJwt(tokens2.json.access_token).sub).toBe(tokens.userId);
  });

  it("accepts a Response signed as a whole instead of its Assertion", async () => {
    const email = person();
    const start = await started(email);
    const xml = signElement(
      responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: start.requestId }, assertionXml(fields(email, start.requestId))),
      RESPONSE_XPATH,
      idp,
    );
    const res = await postToAcs(t, connection.saml.sp_acs_url, encode(xml), start.relayState);
    expect(res.status).toBe(303);
  });

  it("tolerates two minutes of clock skew, and no more", async () => {
    const ok = await started(person());
    const withinSkew = signedAssertionResponse(person(), ok.requestId, { notOnOrAfter: -60_000 });
    expect((await postToAcs(t, connection.saml.sp_acs_url, encode(withinSkew), ok.relayState)).status).toBe(303);
    const late = await started(person());
    await expectRefused(signedAssertionResponse(person(), late.requestId, { notOnOrAfter: -3 * 60_000 }), late.relayState, /expired/);
    const early = await started(person());
    await expectRefused(signedAssertionResponse(person(), early.requestId, { notBefore: 3 * 60_000 }), early.relayState, /not valid yet|expired/);
  });
});

describe("SAML options", () => {
  it("decrypts an assertion encrypted for the connection's SP certificate, and still requires its signature", async () => {
    const email = person();
    const start = await started(email);
    const signedAssertion = signElement(assertionXml(fields(email, start.requestId)), "/*[local-name(.)='Assertion']", idp);
    const encrypted = await encryptAssertion(signedAssertion, connection.saml.sp_certificate);
    const xml = responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: start.requestId }, encrypted);
    const res = await postToAcs(t, connection.saml.sp_acs_url, encode(xml), start.relayState);
    expect(res.status, res.headers.get("location") ?? "").toBe(303);
    expect((await tradeCallback(t, project, res.headers.get("location"), start.pkce.verifier)).status).toBe(200);

    const unsigned = await started(email);
    const unsignedEncrypted = await encryptAssertion(assertionXml(fields(email, unsigned.requestId)), connection.saml.sp_certificate);
    await expectRefused(responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: unsigned.requestId }, unsignedEncrypted), unsigned.relayState, /signature/);
  });

  it("signs its AuthnRequests with the connection's SP key when asked to", async () => {
    const unsigned = await started(person());
    expect(readAuthnRequest(unsigned.location).signed).toBe(false);
    const on = await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { sign_requests: true } } });
    expect(on.status, on.text).toBe(200);
    try {
      const start = await startSsoSignIn(t, project, { email: person() });
      const query = start.location.slice(start.location.indexOf("?") + 1);
      const parts = Object.fromEntries(query.split("&").map((pair) => [pair.slice(0, pair.indexOf("=")), pair]));
      const signedText = [parts.SAMLRequest, parts.RelayState, parts.SigAlg].join("&");
      const signature = Buffer.from(decodeURIComponent(parts.Signature!.slice("Signature=".length)), "base64");
      expect(createVerify("RSA-SHA256").update(signedText).verify(connection.saml.sp_certificate, signature)).toBe(true);
    } finally {
      await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { sign_requests: false } } });
    }
  });
});

describe("SAML answers an attacker would send", () => {
  it("refuses an unsigned assertion", async () => {
    const email = person();
    const start = await started(email);
    const xml = responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: start.requestId }, assertionXml(fields(email, start.requestId)));
    await expectRefused(xml, start.relayState, /signature/);
  });

  it("refuses an assertion signed by another key", async () => {
    const email = person();
    const start = await started(email);
    const other = { ...idp, ...(await newIdpKeys("Mallory")) };
    await expectRefused(signedAssertionResponse(email, start.requestId, {}, other), start.relayState, /signature/);
  });

  it("refuses another audience, Destination, Recipient, issuer or InResponseTo", async () => {
    const email = person();
    for (const overrides of [{ audience: "https://other-sp.example/metadata" }, { recipient: "https://other-sp.example/acs" }, { issuer: "https://evil-idp.example" }]) {
      const start = await started(email);
      await expectRefused(signedAssertionResponse(email, start.requestId, overrides), start.relayState);
    }
    const start = await started(email);
    const elsewhere = signElement(
      responseXml({ issuer: idp.entityId, destination: "https://other-sp.example/acs", inResponseTo: start.requestId }, assertionXml(fields(email, start.requestId))),
      ASSERTION_XPATH,
      idp,
    );
    await expectRefused(elsewhere, start.relayState, /Destination/);
    const other = await started(email);
    await expectRefused(signedAssertionResponse(email, "_not-our-request"), other.relayState, /request/);
  });

  it("refuses a second, unsigned Assertion beside the signed one (XSW)", async () => {
    const start = await started(person());
    const signed = signedAssertionResponse(person(), start.requestId);
    const evil = assertionXml(fields("ceo@acme.test", start.requestId));
    await expectRefused(signed.replace("</samlp:Response>", `${evil}</samlp:Response>`), start.relayState);
    const before = await started(person());
    const signedBefore = signedAssertionResponse(person(), before.requestId);
    await expectRefused(signedBefore.replace("<samlp:Status>", `${assertionXml(fields("ceo@acme.test", before.requestId))}<samlp:Status>`), before.relayState);
  });

  it("refuses a signed Response with an extra Assertion injected into it", async () => {
    const email = person();
    const start = await started(email);
    const xml = signElement(
      responseXml({ issuer: idp.entityId, destination: connection.saml.sp_acs_url, inResponseTo: start.requestId }, assertionXml(fields(email, start.requestId))),
      RESPONSE_XPATH,
      idp,
    );
    await expectRefused(xml.replace("</samlp:Response>", `${assertionXml(fields("ceo@acme.test", start.requestId))}</samlp:Response>`), start.relayState);
  });

  it("refuses the signed Assertion moved into Extensions, with an unsigned one in its place (XSW)", async () => {
    const start = await started(person());
    const signed = signedAssertionResponse(person(), start.requestId);
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const evil = assertionXml(fields("ceo@acme.test", start.requestId));
    const wrapped = signed.replace(original, `<samlp:Extensions>${original}</samlp:Extensions>${evil}`);
    await expectRefused(wrapped, start.relayState);
  });

  it("refuses the signed Assertion moved into the evil Assertion's Signature Object, keeping its signature (XSW)", async () => {
    const start = await started(person());
    const signed = signedAssertionResponse(person(), start.requestId);
    const original = /<saml:Assertion[\s\S]*<\/saml:Assertion>/.exec(signed)![0];
    const signature = /<ds:Signature[\s\S]*<\/ds:Signature>/.exec(original)![0];
    const originalId = /ID="([^"]+)"/.exec(original)![1]!;
    const evil = assertionXml(fields("ceo@acme.test", start.requestId, { id: originalId })).replace(
      "</saml:Issuer>",
      `</saml:Issuer>${signature.replace("</ds:Signature>", `<ds:Object>${original.replace(signature, "")}</ds:Object></ds:Signature>`)}`,
    );
    await expectRefused(signed.replace(original, evil), start.relayState);
  });

  it("refuses a comment injected into the NameID (user@evil.com<!---->.acme.test)", async () => {
    const start = await started(person());
    const signed = signedAssertionResponse("user@evil.com.acme.test", start.requestId, { email: null });
    const injected = signed.replace("user@evil.com.acme.test</saml:NameID>", "user@evil.com<!---->.acme.test</saml:NameID>");
    expect(injected).not.toBe(signed);
    await expectRefused(injected, start.relayState, /comment/);
  });

  it("refuses an answer posted again (the flow is used up) and, IdP-initiated, an assertion seen before", async () => {
    const email = person();
    const start = await started(email);
    const xml = encode(signedAssertionResponse(email, start.requestId));
    expect((await postToAcs(t, connection.saml.sp_acs_url, xml, start.relayState)).status).toBe(303);
    const replay = await postToAcs(t, connection.saml.sp_acs_url, xml, start.relayState);
    expect(replay.status).toBe(400);
    expect((await replay.json()).code).toBe("SSO_FLOW_UNKNOWN");

    // Unsolicited answers are refused while IdP-initiated sign-in is off (the default)...
    const unsolicited = encode(signedAssertionResponse(email, null));
    const off = await postToAcs(t, connection.saml.sp_acs_url, unsolicited, null);
    expect(off.status).toBe(400);
    expect((await off.json()).code).toBe("SSO_FLOW_UNKNOWN");
    // ...and once on, each assertion is taken once: its id is remembered in the database.
    const on = await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { allow_idp_initiated: true } } });
    expect(on.status, on.text).toBe(200);
    const first = await postToAcs(t, connection.saml.sp_acs_url, unsolicited, null);
    expect(first.status).toBe(303);
    expect(first.headers.get("location")).toContain(`sso_connection=${connection.id}`);
    const again = await postToAcs(t, connection.saml.sp_acs_url, unsolicited, null);
    expect(again.status).toBe(400);
    expect((await again.json()).code).toBe("SSO_IDP_RESPONSE_INVALID");
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { allow_idp_initiated: false } } });
  });

  it("of one answer posted twice at the same moment, one signs in and the other is a known refusal", async () => {
    const email = person();
    const start = await started(email);
    const xml = encode(signedAssertionResponse(email, start.requestId));
    const both = await Promise.all([1, 2].map(() => postToAcs(t, connection.saml.sp_acs_url, xml, start.relayState)));
    const answers = await Promise.all(both.map(async (res) => [res.status, res.status === 400 ? (await res.json()).code : null]));
    expect(answers.sort()).toEqual([
      [303, null],
      [400, "SSO_FLOW_UNKNOWN"],
    ]);

    // IdP-initiated, where only the remembered assertion id stands between the two.
    await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { allow_idp_initiated: true } } });
    try {
      const unsolicited = encode(signedAssertionResponse(email, null));
      const racing = await Promise.all([1, 2].map(() => postToAcs(t, connection.saml.sp_acs_url, unsolicited, null)));
      const outcomes = await Promise.all(racing.map(async (res) => [res.status, res.status === 400 ? (await res.json()).code : null]));
      expect(outcomes.sort()).toEqual([
        [303, null],
        [400, "SSO_IDP_RESPONSE_INVALID"],
      ]);
    } finally {
      await callUntyped(t, "PATCH", `/teams/${teamId}/sso-connections/${connection.id}`, { creds: project.server, body: { saml: { allow_idp_initiated: false } } });
    }
  });

  it("refuses an e-mail outside the team's verified domains", async () => {
    const start = await started(person());
    const res = await postToAcs(t, connection.saml.sp_acs_url, encode(signedAssertionResponse("ceo@other-company.test", start.requestId)), start.relayState);
    expect(res.status).toBe(307);
    expect(redirectedError(res.headers.get("location")).code).toBe("SSO_EMAIL_DOMAIN_NOT_ALLOWED");
  });

  it("puts each refused answer on the audit log with its reason", async () => {
    const events = await t.db.query<{ details: { code: string; reason?: string } }>(
      "SELECT details FROM audit_events WHERE project_id = $1 AND action = 'sso.sign_in.failed' ORDER BY seq",
      [project.projectId],
    );
    const reasons = events.map((e) => e.details.reason);
    expect(reasons).toContain("XML comments are not accepted");
    expect(reasons).toContain("it carries more than one assertion");
    expect(reasons).toContain("this assertion was used before");
  });

  it("refuses garbage as a known error, never a 500", async () => {
    for (const body of ["not base64 at all", encode("<notxml"), encode("<!DOCTYPE x [<!ENTITY a 'b'>]><samlp:Response/>")]) {
      const start = await started(person());
      const res = await postToAcs(t, connection.saml.sp_acs_url, body, start.relayState);
      expect(res.status).toBeLessThan(500);
    }
  });
});
