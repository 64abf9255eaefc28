/**
 * An application that signs its users in with a project, Gatehouse being its OAuth 2.1
 * authorization server and OpenID provider: db/queries/oauth-apps.ts maps its row to this once.
 */
export type OAuthAppAuthMethod = "client_secret_basic" | "client_secret_post" | "none";

export const OAUTH_APP_GRANT_TYPES = [
  "authorization_code",
  "refresh_token",
  "client_credentials",
  "urn:ietf:params:oauth:grant-type:device_code",
] as const;
export type OAuthAppGrantType = (typeof OAUTH_APP_GRANT_TYPES)[number];

export interface OAuthApp {
  clientId: string;
  displayName: string;
  /** `none` is a public client (a SPA, a native app, a CLI): it proves itself with PKCE alone. */
  tokenEndpointAuthMethod: OAuthAppAuthMethod;
  /** SHA-256 of the client secret, hex; null for a public client. */
  secretHash: string | null;
  secretCreatedAtMillis: number | null;
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: OAuthAppGrantType[];
  /** The scopes it may ask for, space-separated as OAuth writes them. */
  scope: string;
  logoUrl: string | null;
  homepageUrl: string | null;
  registeredBy: "admin" | "dynamic";
  createdAtMillis: number;
}

/** A token a user gave an app or agent, narrowed to some of their permissions in one team and to an expiry. */
export interface AgentCredential {
  id: string;
  userId: string;
  clientId: string;
  grantId: string;
  teamId: string;
  permissions: string[];
  description: string;
  resource: string | null;
  expiresAtMillis: number;
  createdAtMillis: number;
}
