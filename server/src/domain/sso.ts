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
