/**
 * One OAuth client per configured provider, built on openid-client: the authorization URL
 * (with PKCE S256 where the provider takes it), the checks on the provider's answer (our
 * state, RFC 9207 `iss`, an error answer), the code exchange with the provider's client
 * authentication, ID token claims validation (issuer, audience, expiry) when one comes, and
 * token refresh. A named provider's server metadata comes from named-providers.ts; the
 * generic OpenID Connect provider's from discovery at its issuer URL, kept for an hour.
 *
 * Plain HTTP is allowed only to loopback addresses (a provider stand-in on this machine);
 * everything else must be HTTPS, which openid-client enforces.
 */
import { createHash } from "node:crypto";
import * as oidc from "openid-client";
import type { AppConfig } from "../../config/env";
import type { OAuthProviderConfig } from "../project-config/document";
import { endpointsFor, isNamedProvider, NAMED_PROVIDERS, openIdProfile, type NamedProvider, type ProfileSource, type ProviderEndpoints } from "./named-providers";
import { ProviderAuthorizationError, type OAuthProviderClient, type ProviderProfile, type ProviderTokens } from "./provider-types";

const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const GENERIC_SCOPES = ["openid", "email", "profile"];

/** Our callback URL for a provider, which the provider must have registered. */
export function callbackUrlFor(settings: AppConfig, providerConfigId: string): string {
  return `${settings.publicUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(providerConfigId)}`;
}

function isLoopback(url: string): boolean {
  const host = new URL(url).hostname;
  return host === "localhost" || host === "[::1]" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
}

function allowLoopbackHttp(configuration: oidc.Configuration, urls: Array<string | undefined>): void {
  const plain = urls.filter((url): url is string => typeof url === "string" && url.startsWith("http:"));
  if (plain.length > 0 && plain.every(isLoopback)) oidc.allowInsecureRequests(configuration);
}

interface DiscoveredIssuer {
  configuration: oidc.Configuration;
  at: number;
}

/** Discovered configurations of generic providers, by issuer, client id and secret. */
const discovered = new Map<string, DiscoveredIssuer>();

async function discover(issuerUrl: string, clientId: string, clientSecret: string): Promise<oidc.Configuration> {
  const key = JSON.stringify([issuerUrl, clientId, clientSecret]);
  const cached = discovered.get(key);
  if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.configuration;
  const configuration = await oidc.discovery(new URL(issuerUrl), clientId, undefined, oidc.ClientSecretBasic(clientSecret), {
    execute: isLoopback(issuerUrl) ? [oidc.allowInsecureRequests] : [],
    timeout: 10,
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
  throw error;
}

class Client implements OAuthProviderClient {
  constructor(
    private readonly configuration: oidc.Configuration,
    private readonly redirectUri: string,
    private readonly spec: {
      pkce: boolean;
      scopes: readonly string[];
      extraParams: Record<string, string>;
      endpoints: ProviderEndpoints;
      profile: (source: ProfileSource) => Promise<ProviderProfile>;
    },
  ) {}

  get defaultScopes(): readonly string[] {
    return this.spec.scopes;
  }

  authorizationUrl(input: { state: string; codeVerifier: string; extraScopes: readonly string[] }): URL {
    const scopes = [...new Set([...this.spec.scopes, ...input.extraScopes])];
    const params: Record<string, string> = {
      redirect_uri: this.redirectUri,
      response_type: "code",
      scope: scopes.join(" "),
      state: input.state,
      ...this.spec.extraParams,
    };
    if (this.spec.pkce) {
      params.code_challenge = pkceChallenge(input.codeVerifier);
      params.code_challenge_method = "S256";
    }
    return oidc.buildAuthorizationUrl(this.configuration, params);
  }

  async finish(input: { callbackUrl: URL; state: string; codeVerifier: string; requestedScopes: readonly string[] }) {
    const response = await oidc
      .authorizationCodeGrant(this.configuration, input.callbackUrl, {
        expectedState: input.state,
        pkceCodeVerifier: this.spec.pkce ? input.codeVerifier : undefined,
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


function namedConfiguration(named: NamedProvider, endpoints: ProviderEndpoints, clientId: string, clientSecret: string): oidc.Configuration {
  const auth = named.clientAuth === "post" ? oidc.ClientSecretPost(clientSecret) : oidc.ClientSecretBasic(clientSecret);
  const configuration = new oidc.Configuration({ ...endpoints }, clientId, undefined, auth);
  configuration.timeout = 10;
  allowLoopbackHttp(configuration, [endpoints.authorization_endpoint, endpoints.token_endpoint, endpoints.userinfo_endpoint, endpoints.api_base_url]);
  return configuration;
}

/**
 * The client for a configured provider; null when it cannot run (a shared provider, which
 * needs keys Gatehouse does not have, or a missing client id or secret).
 */
export async function clientForProvider(
  settings: AppConfig,
  providerConfigId: string,
  config: OAuthProviderConfig,
): Promise<OAuthProviderClient | null> {
  if (config.isShared || !config.clientId || !config.clientSecret) return null;
  const redirectUri = callbackUrlFor(settings, providerConfigId);
  if (isNamedProvider(config.type)) {
    const named = NAMED_PROVIDERS[config.type];
    const endpoints = endpointsFor(config.type, config, settings.oauthEndpoints);
    return new Client(namedConfiguration(named, endpoints, config.clientId, config.clientSecret), redirectUri, {
      pkce: named.pkce,
      scopes: named.scopes,
      extraParams: named.extraAuthorizationParams?.(config) ?? {},
      endpoints,
      profile: named.profile,
    });
  }
  if (config.type !== "oidc" || !config.issuerUrl) return null;
  const configuration = await discover(config.issuerUrl, config.clientId, config.clientSecret);
  const server = configuration.serverMetadata();
  const offline = server.scopes_supported?.includes("offline_access") === true;
  return new Client(configuration, redirectUri, {
    pkce: true,
    scopes: offline ? [...GENERIC_SCOPES, "offline_access"] : GENERIC_SCOPES,
    // OpenID providers grant offline_access only when consent is asked for.
    extraParams: offline ? { prompt: "consent" } : {},
    endpoints: { issuer: server.issuer, authorization_endpoint: server.authorization_endpoint ?? "", token_endpoint: server.token_endpoint ?? "", userinfo_endpoint: server.userinfo_endpoint },
    profile: openIdProfile,
  });
}
