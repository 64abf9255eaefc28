/**
 * A local SAML identity provider for tests: its own RSA key and certificate, its metadata, and
 * Responses built as IdPs send them (HTTP-POST binding), signed with xml-crypto on the
 * Assertion, the Response, both or neither, and optionally encrypted for the SP (xml-encryption,
 * as node-saml decrypts). The builders take overrides for every field the SP must check, so
 * tests can make the answers an attacker would.
 */
// @peculiar/x509 resolves its providers through tsyringe, which needs this polyfill loaded first.
import "reflect-metadata";
import { randomBytes, webcrypto, X509Certificate } from "node:crypto";
import { inflateRawSync } from "node:zlib";
import { SignedXml } from "xml-crypto";
import * as x509 from "@peculiar/x509";
import { encrypt } from "xml-encryption";

export interface IdpKeys {
  privateKeyPem: string;
  certificatePem: string;
}

export interface SamlIdp extends IdpKeys {
  entityId: string;
  ssoUrl: string;
  metadataXml: string;
}

const SIGNATURE_ALGORITHM = "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256";
const DIGEST_ALGORITHM = "http://www.w3.org/2001/04/xmlenc#sha256";
const EXC_C14N = "http://www.w3.org/2001/10/xml-exc-c14n#";
const ENVELOPED = "http://www.w3.org/2000/09/xmldsig#enveloped-signature";

export const certificateBody = (pem: string) => pem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s+/g, "");

const KEY_ALGORITHM = { name: "RSASSA-PKCS1-v1_5", hash: "SHA-256", publicExponent: new Uint8Array([1, 0, 1]), modulusLength: 2048 } as const;

/** An RSA key and a self-signed certificate for it (written here, not taken from the server, so the IdP is independent of it). */
export async function newIdpKeys(name = "Test IdP"): Promise<IdpKeys> {
  const keys = (await webcrypto.subtle.generateKey(KEY_ALGORITHM, true, ["sign", "verify"])) as CryptoKeyPair;
  const certificate = await x509.X509CertificateGenerator.createSelfSigned(
    {
      serialNumber: randomBytes(8).toString("hex"),
      name: `CN=${name}`,
      notBefore: new Date(Date.now() - 60_000),
      notAfter: new Date(Date.now() + 365 * 24 * 60 * 60 * 1000),
      signingAlgorithm: KEY_ALGORITHM,
      keys,
    },
    webcrypto as unknown as Crypto,
  );
  const der = Buffer.from(await webcrypto.subtle.exportKey("pkcs8", keys.privateKey)).toString("base64");
  return { privateKeyPem: `-----BEGIN PRIVATE KEY-----\n${der.match(/.{1,64}/g)!.join("\n")}\n-----END PRIVATE KEY-----\n`, certificatePem: certificate.toString("pem") };
}

export async function createSamlIdp(options: { entityId?: string; ssoUrl?: string } = {}): Promise<SamlIdp> {
  const keys = await newIdpKeys();
  const entityId = options.entityId ?? `https://idp.example.test/${randomBytes(4).toString("hex")}`;
  const ssoUrl = options.ssoUrl ?? `${entityId}/sso`;
  const metadataXml = `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${entityId}">
  <md:IDPSSODescriptor WantAuthnRequestsSigned="false" protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">
    <md:KeyDescriptor use="signing"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${certificateBody(keys.certificatePem)}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>
    <md:NameIDFormat>urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress</md:NameIDFormat>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect" Location="${ssoUrl}"/>
    <md:SingleSignOnService Binding="urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST" Location="${ssoUrl}"/>
  </md:IDPSSODescriptor>
</md:EntityDescriptor>`;
  return { ...keys, entityId, ssoUrl, metadataXml };
}

/** The AuthnRequest an SP sent over the HTTP-Redirect binding, read from the IdP URL. */
export function readAuthnRequest(location: string): { id: string; xml: string; relayState: string | null; signed: boolean } {
  const url = new URL(location);
  const xml = inflateRawSync(Buffer.from(url.searchParams.get("SAMLRequest") ?? "", "base64")).toString("utf8");
  const id = /\sID="([^"]+)"/.exec(xml)?.[1] ?? "";
  return { id, xml, relayState: url.searchParams.get("RelayState"), signed: url.searchParams.has("Signature") };
}

const iso = (ms: number) => new Date(ms).toISOString();
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/"/g, "&quot;");

export interface AssertionFields {
  issuer: string;
  nameId: string;
  audience: string;
  recipient: string;
  inResponseTo?: string | null;
  email?: string | null;
  displayName?: string;
  id?: string;
  /** Offsets from now, in ms. */
  notBefore?: number;
  notOnOrAfter?: number;
}

export function assertionXml(fields: AssertionFields, now = Date.now()): string {
  const id = fields.id ?? `_a${randomBytes(16).toString("hex")}`;
  const inResponseTo = fields.inResponseTo ? ` InResponseTo="${fields.inResponseTo}"` : "";
  const until = iso(now + (fields.notOnOrAfter ?? 5 * 60 * 1000));
  const attributes = [
    fields.email !== null ? `<saml:Attribute Name="email"><saml:AttributeValue>${escape(fields.email ?? fields.nameId)}</saml:AttributeValue></saml:Attribute>` : "",
    fields.displayName ? `<saml:Attribute Name="displayName"><saml:AttributeValue>${escape(fields.displayName)}</saml:AttributeValue></saml:Attribute>` : "",
  ].join("");
  return (
    `<saml:Assertion xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${id}" Version="2.0" IssueInstant="${iso(now)}">` +
    `<saml:Issuer>${escape(fields.issuer)}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(fields.nameId)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData${inResponseTo} NotOnOrAfter="${until}" Recipient="${escape(fields.recipient)}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${iso(now + (fields.notBefore ?? -30_000))}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(fields.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s${randomBytes(8).toString("hex")}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    (attributes ? `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` : "") +
    `</saml:Assertion>`
  );
}

export function responseXml(fields: { issuer: string; destination?: string | null; inResponseTo?: string | null; id?: string }, inner: string, now = Date.now()): string {
  const destination = fields.destination ? ` Destination="${escape(fields.destination)}"` : "";
  const inResponseTo = fields.inResponseTo ? ` InResponseTo="${fields.inResponseTo}"` : "";
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${fields.id ?? `_r${randomBytes(16).toString("hex")}`}" Version="2.0" IssueInstant="${iso(now)}"${destination}${inResponseTo}>` +
    `<saml:Issuer>${escape(fields.issuer)}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    inner +
    `</samlp:Response>`
  );
}

/** Signs the element `xpath` selects, placing the signature after its Issuer (as the schema orders it). */
export function signElement(xml: string, xpath: string, keys: IdpKeys): string {
  const signer = new SignedXml({
    privateKey: keys.privateKeyPem,
    publicCert: keys.certificatePem,
    signatureAlgorithm: SIGNATURE_ALGORITHM,
    canonicalizationAlgorithm: EXC_C14N,
  });
  signer.addReference({ xpath, transforms: [ENVELOPED, EXC_C14N], digestAlgorithm: DIGEST_ALGORITHM });
  signer.computeSignature(xml, { prefix: "ds", location: { reference: `${xpath}/*[local-name(.)='Issuer']`, action: "after" } });
  return signer.getSignedXml();
}

export const ASSERTION_XPATH = "//*[local-name(.)='Assertion']";
export const RESPONSE_XPATH = "/*[local-name(.)='Response']";

export const encode = (xml: string) => Buffer.from(xml, "utf8").toString("base64");

/** An (already signed) Assertion encrypted for the SP's certificate, as `<saml:EncryptedAssertion>`. */
export async function encryptAssertion(assertion: string, spCertificatePem: string): Promise<string> {
  const publicKey = new X509Certificate(spCertificatePem).publicKey.export({ type: "spki", format: "pem" }).toString();
  const encrypted = await new Promise<string>((resolve, reject) =>
    encrypt(
      assertion,
      {
        rsa_pub: publicKey,
        pem: spCertificatePem,
        encryptionAlgorithm: "http://www.w3.org/2009/xmlenc11#aes256-gcm",
        keyEncryptionAlgorithm: "http://www.w3.org/2001/04/xmlenc#rsa-oaep-mgf1p",
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    ),
  );
  return `<saml:EncryptedAssertion>${encrypted}</saml:EncryptedAssertion>`;
}
