/** SSO connections and verified domains of a team (issue 30): db/queries/sso.ts maps rows to these once. */

export type SsoProtocol = "oidc" | "saml";

export interface OidcSettings {
  issuer: string;
  clientId: string;
  scopes: string[];
}

export interface SamlSettings {
  idpEntityId: string;
  idpSsoUrl: string;
  /** The IdP's signing certificates (PEM or bare base64): any of them may sign. */
  idpCertificates: string[];
  /** Whether our AuthnRequests are signed with the SP key. */
  signRequests: boolean;
  /** Whether an assertion the IdP sends on its own (IdP-initiated) is followed. Off by default. */
  allowIdpInitiated: boolean;
  /** The SP's certificate (PEM), for signing requests and receiving encrypted assertions. */
  spCertificate: string;
}

interface ConnectionBase {
  id: string;
  teamId: string;
  displayName: string;
  enabled: boolean;
  /** Team permissions a user gets when signing in through the connection makes them a member. */
  defaultPermissions: string[];
  createdAtMillis: number;
  updatedAtMillis: number;
  /** The OIDC client secret or the SAML SP private key, sealed (services/sso/connections.ts opens it). */
  sealedSecret: string | null;
}

export type SsoConnection =
  | (ConnectionBase & { protocol: "oidc"; settings: OidcSettings })
  | (ConnectionBase & { protocol: "saml"; settings: SamlSettings });

export interface SsoDomain {
  id: string;
  teamId: string;
  domain: string;
  verificationToken: string;
  verifiedAtMillis: number | null;
  autoJoin: boolean;
  requireSso: boolean;
  createdAtMillis: number;
}

/** A connection about to be stored (the database sets its times). */
export type NewSsoConnection = SsoConnection extends infer C ? (C extends SsoConnection ? Omit<C, "createdAtMillis" | "updatedAtMillis"> : never) : never;

/** A self-serve set-up link (migration 0115): its token opens one team of one project branch. */
export interface SsoPortalLink {
  id: string;
  teamId: string;
  /** The token's last four characters, to tell links apart. */
  tokenHint: string;
  createdBy: { type: "user" | "admin" | "server"; id: string | null };
  expiresAtMillis: number;
  revokedAtMillis: number | null;
  lastUsedAtMillis: number | null;
  createdAtMillis: number;
}

/** What a test sign-in found: the IdP's assertion and whether it would sign in, or why it was refused. */
export type SsoTestOutcome =
  | {
      status: "asserted";
      subject: string;
      email: string | null;
      name: string | null;
      /** Null when a real sign-in would be accepted; else the known error it would get. */
      refusal: { code: string; message: string } | null;
    }
  | { status: "refused"; refusal: { code: string; message: string } };

export interface SsoTestSignIn {
  id: string;
  teamId: string;
  connectionId: string;
  portalLinkId: string;
  /** Null while the browser is at the identity provider. */
  outcome: SsoTestOutcome | null;
  createdAtMillis: number;
  expiresAtMillis: number;
}
