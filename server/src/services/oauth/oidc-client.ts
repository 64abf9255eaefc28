/**
 * OAuth and OpenID Connect as openid-client does them, for any provider: the authorization URL
 * (always with PKCE S256: providers that do not know it ignore it), the checks on the
 * provider's answer (our state, RFC 9207 `iss`, an error answer), the code exchange with the
 * provider's client authentication, ID token claims validation (issuer, audience, expiry)
 * when one comes, profile reading, and token refresh; and discovery of an issuer, kept an hour.
 *
 * Plain HTTP is allowed only to loopback addresses (a provider stand-in or the development
 * provider on this machine); everything else must be HTTPS, which openid-client enforces.
 */
import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import type { AppConfig } from "../../config/env";
import { isLoopbackHost } from "../../integrations/private-address";
import type { ProfileSource, ProviderEndpoints } from "./named-providers";
import { ProviderAuthorizationError, ProviderCodeRefusedError, type OAuthProviderClient, type ProviderProfile, type ProviderTokens } from "./provider-types";

const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** Our callback URL for a provider, which the provider must have registered. */
export function callbackUrlFor(settings: AppConfig, providerConfigId: string): string {
  return `${settings.publicUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(providerConfigId)}`;
}

export function isLoopback(url: string): boolean {
  return isLoopbackHost(new URL(url).hostname);
}

export function allowLoopbackHttp(configuration: oidc.Configuration, urls: Array<string | undefined>): void {
  const plain = urls.filter((url): url is string => typeof url === "string" && url.startsWith("http:"));
  if (plain.length > 0 && plain.every(isLoopback)) oidc.allowInsecureRequests(configuration);
}

interface DiscoveredIssuer {
  configuration: oidc.Configuration;
  at: number;
}

/** Discovered configurations of generic providers, by issuer, client id and secret. */
const discovered = new Map<string, DiscoveredIssuer>();

/**
 * `options.fetch`, when given, makes every request of the configuration (discovery, and the
 * token, key set and userinfo endpoints the discovery document names): SSO's issuers are
 * checked request by request against private networks (integrations/private-address.ts).
 */
export async function discover(issuerUrl: string, clientId: string, clientSecret: string, options: { fetch?: oidc.CustomFetch } = {}): Promise<oidc.Configuration> {
  const key = JSON.stringify([issuerUrl, clientId, clientSecret, options.fetch ? "checked" : "plain"]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const configuration = await oidc.discovery(new URL(issuerUrl), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    execute: isLoopback(issuerUrl) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
    ...(options.fetch ? { [oidc.customFetch]: options.fetch } : {}),
  });
  if (discovered.size > 1000) discovered.clear();
  discovered.set(key, { configuration, at: Date.now() });
  return configuration;
}

function tokensFrom(response: oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers, asked: readonly string[]): ProviderTokens {
  const expiresIn = response.expiresIn();
  // Providers answer scopes space- or comma-separated; unstated, they granted what was asked.
  const granted = typeof response.scope === "string" && response.scope.trim() !== "" ? response.scope.split(/[\s,]+/).filter(Boolean) : [...asked];
  return {
    accessToken: response.access_token,
    refreshToken: typeof response.refresh_token === "string" ? response.refresh_token : null,
    expiresAt: expiresIn === undefined ? null : new Date(Date.now() + expiresIn * 1000),
    scopes: granted,
  };
}

function rethrowAuthorizationError(error: unknown): never {
  if (error instanceof oidc.AuthorizationResponseError) throw new ProviderAuthorizationError(error.error, error.error_description ?? null);
  if (error instanceof oidc.ResponseBodyError && error.error === "invalid_grant") throw new ProviderCodeRefusedError(error.error_description ?? null);
  throw error;
}

export interface ClientSpec {
  scopes: readonly string[];
  extraParams: Record<string, string>;
  endpoints: ProviderEndpoints;
  profile: (source: ProfileSource) => Promise<ProviderProfile>;
}

export class Client implements OAuthProviderClient {
  constructor(
    private readonly configuration: oidc.Configuration,
    private readonly redirectUri: string,
    private readonly spec: ClientSpec,
  ) {}

  get defaultScopes(): readonly string[] {
    return this.spec.scopes;
  }

  authorizationUrl(input: { state: string; codeVerifier: string; extraScopes: readonly string[] }): URL {
    const scopes = [...new Set([...this.spec.scopes, ...input.extraScopes])];
    // In the order Stack Auth's URLs have (openid-client sets client_id again, in place).
    return oidc.buildAuthorizationUrl(this.configuration, {
      client_id: this.configuration.clientMetadata().client_id,
      scope: scopes.join(" "),
      response_type: "code",
      redirect_uri: this.redirectUri,
      code_challenge_method: "S256",
      code_challenge: pkceChallenge(input.codeVerifier),
      state: input.state,
      ...this.spec.extraParams,
    });
  }

  async finish(input: { callbackUrl: URL; state: string; codeVerifier: string; requestedScopes: readonly string[] }) {
    const response = await oidc
      .authorizationCodeGrant(this.configuration, input.callbackUrl, {
        expectedState: input.state,
        pkceCodeVerifier: input.codeVerifier,
      })
      .catch(rethrowAuthorizationError);
    const tokens = tokensFrom(response, input.requestedScopes);
    const idClaims = response.claims() as Record<string, unknown> | undefined;
    const source: ProfileSource = {
      endpoints: this.spec.endpoints,
      idClaims,
      userinfo: async () =>
        (await oidc.fetchUserInfo(this.configuration, tokens.accessToken, typeof idClaims?.sub === "string" ? idClaims.sub : oidc.skipSubjectCheck)) as Record<
          string,
          unknown
        >,
      getJson: async (url) => {
        const answer = await oidc.fetchProtectedResource(
          this.configuration,
          tokens.accessToken,
          new URL(url),
          "GET",
          undefined,
          new Headers({ accept: "application/json", "user-agent": "Gatehouse" }),
        );
        if (!answer.ok) throw new Error(`the provider's API answered ${answer.status} for ${new URL(url).pathname}`);
        return answer.json();
      },
    };
    return { tokens, profile: await this.spec.profile(source) };
  }

  async isAccessTokenLive(accessToken: string): Promise<boolean> {
    if (!this.spec.endpoints.userinfo_endpoint) return true;
    try {
      await oidc.fetchUserInfo(this.configuration, accessToken, oidc.skipSubjectCheck);
      return true;
    } catch (error) {
      // The provider refused the token; anything else (it is down) says nothing about the token.
      const status = (error as { status?: unknown }).status ?? ((error as { cause?: unknown }).cause instanceof Response ? ((error as { cause: Response }).cause.status) : undefined);
      if (error instanceof oidc.WWWAuthenticateChallengeError || status === 401 || status === 403) return false;
      throw error;
    }
  }

  async refresh(refreshToken: string, scopes: readonly string[]): Promise<ProviderTokens> {
    const response = await oidc.refreshTokenGrant(this.configuration, refreshToken);
    const tokens = tokensFrom(response, scopes);
    return { ...tokens, refreshToken: tokens.refreshToken ?? refreshToken };
  }
}

function pkceChallenge(verifier: string): string {
  // openid-client's helper is async (WebCrypto); node:crypto gives the same digest at once.
  return createHash("sha256").update(verifier).digest("base64url");
}
