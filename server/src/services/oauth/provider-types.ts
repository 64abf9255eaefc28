/** What the rest of the server knows of a provider: the small interface tests can point anywhere. */

export interface ProviderProfile {
  /** The account's stable id at the provider (OpenID `sub`, or the provider's user id). */
  accountId: string;
  email: string | null;
  /** True only when the provider vouches for this address. */
  emailVerified: boolean;
  displayName: string | null;
  profileImageUrl: string | null;
}

export interface ProviderTokens {
  accessToken: string;
  refreshToken: string | null;
  expiresAt: Date | null;
  /** The scopes the provider granted (what it said, or else what was asked). */
  scopes: string[];
}

export interface OAuthProviderClient {
  /** The scopes every sign-in asks for. */
  readonly defaultScopes: readonly string[];
  /** The provider's authorization URL for one flow; `codeVerifier` is used only when the provider takes PKCE. */
  authorizationUrl(input: { state: string; codeVerifier: string; extraScopes: readonly string[] }): URL;
  /**
   * Checks the provider's answer at our callback (state, `iss`, errors), trades its code and
   * reads the account. `callbackUrl` is our callback URL with the answer's parameters.
   */
  finish(input: { callbackUrl: URL; state: string; codeVerifier: string; requestedScopes: readonly string[] }): Promise<{
    tokens: ProviderTokens;
    profile: ProviderProfile;
  }>;
  /** A fresh access token (and maybe a new refresh token) from a refresh token. */
  refresh(refreshToken: string, scopes: readonly string[]): Promise<ProviderTokens>;
  /**
   * Whether the provider still honours an access token (it may have been revoked before it
   * expires): asked of its userinfo endpoint; true where the provider has none to ask.
   */
  isAccessTokenLive(accessToken: string): Promise<boolean>;
}

/** The provider refused at the authorization step (the user said no, or it is down for now). */
export class ProviderAuthorizationError extends Error {
  constructor(
    readonly error: string,
    readonly description: string | null,
  ) {
    super(`the provider answered ${error}${description ? `: ${description}` : ""}`);
  }
}

/** The provider refused our authorization code at its token endpoint (`invalid_grant`). */
export class ProviderCodeRefusedError extends Error {
  constructor(readonly description: string | null) {
    super(`the provider refused the authorization code${description ? `: ${description}` : ""}`);
  }
}
