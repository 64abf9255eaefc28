/**
 * SAML 2.0 as a service provider, through @node-saml/node-saml (the maintained successor of
 * passport-saml, whose signature checking goes through xml-crypto's list of signed references).
 *
 * The threat is a forged or reused answer that names someone else. What is refused:
 * - anything unsigned: the Response or its one Assertion must carry a valid signature by one of
 *   the connection's IdP certificates (node-saml verifies exactly the signed element and then
 *   reads only what that signature covers; a second Assertion, signed or not, is refused);
 * - XML comments and DOCTYPEs anywhere in the answer: a comment splits a NameID's text without
 *   breaking the signature (the 2018 comment-injection attacks), and a DOCTYPE brings entities;
 * - another audience, another Destination or Recipient than this connection's ACS URL, another
 *   issuer than the IdP's entity id, and times outside NotBefore/NotOnOrAfter by more than the
 *   bounded clock skew (2 minutes);
 * - an InResponseTo other than the request this sign-in sent (flow.ts compares it), and an
 *   unsolicited answer unless the connection allows IdP-initiated sign-in;
 * - an assertion id seen before (sso_used_assertions, kept until the assertion expires), so a
 *   replay fails on every process sharing the database.
 *
 * Each connection has its own SP key pair: its certificate is in the SP metadata (for signed
 * requests and for IdPs that encrypt assertions), its private key sealed at rest.
 */
// @peculiar/x509 (the SP certificate's generation) resolves its providers through tsyringe, which needs this polyfill loaded first.
import "reflect-metadata";
import { randomBytes, webcrypto, X509Certificate } from "node:crypto";
import { SAML, ValidateInResponseTo, type Profile } from "@node-saml/node-saml";
import { DOMParser } from "@xmldom/xmldom";
import * as x509 from "@peculiar/x509";
import type { SamlSettings } from "../../domain/sso";
import { KnownError } from "../../errors";

const SAML_CLOCK_SKEW_MS = 2 * 60 * 1000;
/** An assertion without a stated end is remembered (and accepted) this long after it arrives. */
const DEFAULT_ASSERTION_LIFETIME_MS = 10 * 60 * 1000;
const MAX_RESPONSE_BYTES = 512 * 1024;

const SAML_PROTOCOL_NS = "urn:oasis:names:tc:SAML:2.0:protocol";
const SAML_ASSERTION_NS = "urn:oasis:names:tc:SAML:2.0:assertion";
const METADATA_NS = "urn:oasis:names:tc:SAML:2.0:metadata";
const DSIG_NS = "http://www.w3.org/2000/09/xmldsig#";
const REDIRECT_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";
const POST_BINDING = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST";

export interface SpEndpoints {
  entityId: string;
  acsUrl: string;
}

export function spEndpoints(publicUrl: string, projectId: string, connectionId: string): SpEndpoints {
  const base = `${publicUrl}/api/v1/auth/sso/saml/${encodeURIComponent(projectId)}/${connectionId}`;
  return { entityId: `${base}/metadata`, acsUrl: `${base}/acs` };
}

function refused(reason: string): KnownError {
  return new KnownError("SSO_IDP_RESPONSE_INVALID", { reason });
}

/** Parses XML we were given, refusing DTDs and treating any parser complaint as invalid. */
function parseXml(xml: string, invalid: (problem: string) => KnownError): Document {
  if (/<!DOCTYPE/i.test(xml)) throw invalid("a DOCTYPE is not accepted");
  let problem: string | null = null;
  const doc = new DOMParser({
    errorHandler: {
      warning: () => {},
      error: (message: string) => (problem ??= message),
      fatalError: (message: string) => (problem ??= message),
    },
  }).parseFromString(xml, "text/xml");
  if (problem || !doc?.documentElement) throw invalid("it is not well-formed XML");
  return doc as unknown as Document;
}

function children(parent: Element, ns: string, name: string): Element[] {
  const found: Element[] = [];
  for (let node = parent.firstChild; node; node = node.nextSibling) {
    if (node.nodeType === 1 && (node as Element).namespaceURI === ns && (node as Element).localName === name) found.push(node as Element);
  }
  return found;
}

function descendants(parent: Element | Document, ns: string, name: string): Element[] {
  return Array.from(parent.getElementsByTagNameNS(ns, name) as unknown as ArrayLike<Element>);
}

/** A certificate as bare base64 (what metadata holds) or PEM, normalised to PEM. */
export function certificatePem(certificate: string): string {
  const body = certificate
    .replace(/-----(BEGIN|END) CERTIFICATE-----/g, "")
    .replace(/\s+/g, "");
  if (!/^[A-Za-z0-9+/]+=*$/.test(body) || body.length < 100) throw new KnownError("SSO_CONNECTION_INVALID", { problem: "an IdP certificate is not a base64 X.509 certificate" });
  try {
    new X509Certificate(Buffer.from(body, "base64"));
  } catch {
    throw new KnownError("SSO_CONNECTION_INVALID", { problem: "an IdP certificate cannot be read as X.509" });
  }
  return `-----BEGIN CERTIFICATE-----\n${body.match(/.{1,64}/g)!.join("\n")}\n-----END CERTIFICATE-----`;
}

export interface IdpMetadata {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
}

/** The IdP's entity id, its SSO URL (HTTP-Redirect, else HTTP-POST) and signing certificates. */
export function parseIdpMetadata(xml: string): IdpMetadata {
  const invalid = (problem: string) => new KnownError("SSO_METADATA_INVALID", { problem });
  if (xml.length > 1_000_000) throw invalid("it is larger than 1 MB");
  const doc = parseXml(xml, invalid);
  const entity = descendants(doc, METADATA_NS, "EntityDescriptor").find((e) => children(e, METADATA_NS, "IDPSSODescriptor").length > 0);
  if (!entity) throw invalid("it has no EntityDescriptor with an IDPSSODescriptor");
  const entityId = entity.getAttribute("entityID") ?? "";
  if (!entityId) throw invalid("the EntityDescriptor has no entityID");
  const idp = children(entity, METADATA_NS, "IDPSSODescriptor")[0]!;
  const services = children(idp, METADATA_NS, "SingleSignOnService");
  const service = services.find((s) => s.getAttribute("Binding") === REDIRECT_BINDING) ?? services.find((s) => s.getAttribute("Binding") === POST_BINDING);
  const ssoUrl = service?.getAttribute("Location") ?? "";
  if (!ssoUrl) throw invalid("it names no SingleSignOnService with the HTTP-Redirect or HTTP-POST binding");
  const certificates = children(idp, METADATA_NS, "KeyDescriptor")
    .filter((key) => (key.getAttribute("use") ?? "signing") === "signing")
    .flatMap((key) => descendants(key, DSIG_NS, "X509Certificate"))
    .map((element) => (element.textContent ?? "").replace(/\s+/g, ""))
    .filter(Boolean);
  if (certificates.length === 0) throw invalid("it has no signing certificate");
  return { entityId, ssoUrl, certificates: [...new Set(certificates)].map(certificatePem) };
}

const SP_KEY_ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

function pem(label: string, der: ArrayBuffer): string {
  return `-----BEGIN ${label}-----\n${Buffer.from(der).toString("base64").match(/.{1,64}/g)!.join("\n")}\n-----END ${label}-----\n`;
}

/** A fresh SP key pair for a connection: an RSA key and a self-signed certificate good for ten years. */
export async function generateSpKeyPair(commonName: string): Promise<{ privateKeyPem: string; certificatePem: string }> {
  const keys = (await webcrypto.subtle.generateKey(SP_KEY_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const now = Date.now();
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(8).toString("hex"),
      name: `CN=${commonName.replace(/[,+="<>#;\\]/g, " ").slice(0, 64)}`,
      notBefore: new Date(now - 60_000),
      notAfter: new Date(now + 10 * 365 * 24 * 60 * 60 * 1000),
      signingAlgorithm: SP_KEY_ALGORITHM,
      keys,
    },
    webcrypto as unknown as Crypto,
  );
  return {
    privateKeyPem: pem("PRIVATE KEY", await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)),
    certificatePem: certificate.toString("pem"),
  };
}

export interface SamlContext {
  settings: SamlSettings;
  sp: SpEndpoints;
  spPrivateKey: string;
}

function samlFor(context: SamlContext, requestId?: string): SAML {
  const { settings, sp } = context;
  return new SAML({
    issuer: sp.entityId,
    audience: sp.entityId,
    callbackUrl: sp.acsUrl,
    entryPoint: settings.idpSsoUrl,
    idpCert: settings.idpCertificates,
    // Either the Response or its Assertion must be signed: node-saml checks the Assertion
    // whenever the Response carries no valid signature.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: SAML_CLOCK_SKEW_MS,
    // flow.ts compares InResponseTo with the request it stored, in the database.
    validateInResponseTo: ValidateInResponseTo.never,
    decryptionPvk: context.spPrivateKey,
    ...(settings.signRequests ? { privateKey: context.spPrivateKey, signatureAlgorithm: "sha256" as const } : {}),
    identifierFormat: null,
    disableRequestedAuthnContext: true,
    generateUniqueId: () => requestId ?? `_${randomBytes(20).toString("hex")}`,
  });
}

export function newSamlRequestId(): string {
  return `_${randomBytes(20).toString("hex")}`;
}

/** The IdP URL (HTTP-Redirect binding) carrying an AuthnRequest with `requestId`, and `relayState`. */
export async function samlAuthorizeUrl(context: SamlContext, requestId: string, relayState: string): Promise<string> {
  return samlFor(context, requestId).getAuthorizeUrlAsync(relayState, undefined, {});
}

export function samlServiceProviderMetadata(context: SamlContext): string {
  const certificate = context.settings.spCertificate;
  return samlFor(context).generateServiceProviderMetadata(certificate, certificate);
}

export interface SamlIdentity {
  subject: string;
  email: string | null;
  displayName: string | null;
  assertionId: string;
  /** Until when the assertion could be accepted: how long its id is remembered. */
  rememberUntil: Date;
  /** The request this answers, or null when the IdP sent it on its own. */
  inResponseTo: string | null;
}

const EMAIL_ATTRIBUTES = [
  "email",
  "mail",
  "emailAddress",
  "urn:oid:0.9.2342.19200300.100.1.3",
  "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress",
];
const NAME_ATTRIBUTES = ["displayName", "name", "http://schemas.xmlsoap.org/ws/2005/05/identity/claims/name", "urn:oid:2.16.840.1.113730.3.1.241"];

function firstString(profile: Profile, names: readonly string[]): string | null {
  for (const name of names) {
    const value = profile[name];
    const text = Array.isArray(value) ? value[0] : value;
    if (typeof text === "string" && text.trim() !== "") return text.trim();
  }
  return null;
}

function latest(values: Array<string | null>): number | null {
  const times = values.filter((v): v is string => v !== null).map((v) => Date.parse(v)).filter((t) => Number.isFinite(t));
  return times.length > 0 ? Math.max(...times) : null;
}

/** Reads a posted SAMLResponse: every check but InResponseTo and replay, which need the database (flow.ts). */
export async function readSamlResponse(context: SamlContext, samlResponse: string, now = Date.now()): Promise<SamlIdentity> {
  if (samlResponse.length > MAX_RESPONSE_BYTES * 1.4) throw refused("the answer is too large");
  const xml = Buffer.from(samlResponse, "base64").toString("utf8");
  if (xml.includes("<!--")) throw refused("XML comments are not accepted");
  const doc = parseXml(xml, () => refused("it is not well-formed XML"));
  const root = doc.documentElement;
  if (root.namespaceURI !== SAML_PROTOCOL_NS || root.localName !== "Response") throw refused("it is not a SAML Response");
  const destination = root.getAttribute("Destination");
  if (destination && destination !== context.sp.acsUrl) throw refused("it was sent to another Destination");
  let profile: Profile | null;
  try {
    ({ profile } = await samlFor(context).validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (error) {
    throw refused(describeNodeSamlError(error));
  }
  if (!profile) throw refused("it carries no assertion");
  if (profile.issuer !== context.settings.idpEntityId) throw refused("it was issued by another identity provider");
  const assertionXml = profile.getAssertionXml?.();
  if (!assertionXml) throw refused("it carries no assertion");
  const assertion = parseXml(assertionXml, () => refused("its assertion is not well-formed XML")).documentElement;
  const assertionId = assertion.getAttribute("ID") ?? "";
  if (!assertionId) throw refused("its assertion has no ID");
  const confirmations = descendants(assertion, SAML_ASSERTION_NS, "SubjectConfirmationData");
  if (confirmations.some((c) => c.getAttribute("Recipient") !== null && c.getAttribute("Recipient") !== context.sp.acsUrl)) {
    throw refused("it was meant for another Recipient");
  }
  const conditions = children(assertion, SAML_ASSERTION_NS, "Conditions")[0];
  const expiresAt = latest([conditions?.getAttribute("NotOnOrAfter") ?? null, ...confirmations.map((c) => c.getAttribute("NotOnOrAfter"))]);
  const subject = typeof profile.nameID === "string" ? profile.nameID.trim() : "";
  if (!subject) throw refused("its assertion names no subject");
  const inResponseTo = typeof profile.inResponseTo === "string" && profile.inResponseTo !== "" ? profile.inResponseTo : null;
  const email = firstString(profile, EMAIL_ATTRIBUTES) ?? (/^[^@\s]+@[^@\s]+$/.test(subject) ? subject : null);
  return {
    subject,
    email,
    displayName: firstString(profile, NAME_ATTRIBUTES),
    assertionId,
    rememberUntil: new Date((expiresAt ?? now + DEFAULT_ASSERTION_LIFETIME_MS) + SAML_CLOCK_SKEW_MS),
    inResponseTo,
  };
}

/** node-saml's reasons, in words for the person signing in (no internals). */
function describeNodeSamlError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  if (/multiple assertions/i.test(message)) return "it carries more than one assertion";
  if (/signature/i.test(message)) return "its signature is missing or not by the identity provider's key";
  if (/audience/i.test(message)) return "it was meant for another service provider";
  if (/NotBefore|NotOnOrAfter|expired|not yet valid/i.test(message)) return "it has expired or is not valid yet";
  if (/decrypt|EncryptedAssertion|decryption/i.test(message)) return "its encrypted assertion cannot be decrypted";
  if (/status/i.test(message)) return "the identity provider reported a failure";
  return "it is not a valid SAML answer";
}
