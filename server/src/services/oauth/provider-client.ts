/**
 * One OAuth client per configured provider (oidc-client.ts does the protocol). A named
 * provider's server metadata comes from named-providers.ts; the generic OpenID Connect
 * provider's from discovery at its issuer URL; a shared provider's from shared-provider.ts.
 */
import * as oidc from "openid-client";
import type { AppConfig } from "../../config/env";
import type { OAuthProviderConfig } from "../project-config/document";
import { endpointsFor, isNamedProvider, NAMED_PROVIDERS, openIdProfile, type NamedProvider, type ProviderEndpoints } from "./named-providers";
import { allowLoopbackHttp, callbackUrlFor, Client, discover } from "./oidc-client";
import type { OAuthProviderClient } from "./provider-types";
import { sharedProviderClient } from "./shared-provider";

const GENERIC_SCOPES = ["openid", "email", "profile"];

function namedConfiguration(named: NamedProvider, endpoints: ProviderEndpoints, clientId: string, clientSecret: string): oidc.Configuration {
  const auth = named.clientAuth === "post" ? oidc.ClientSecretPost(clientSecret) : oidc.ClientSecretBasic(clientSecret);
  const configuration = new oidc.Configuration({ ...endpoints }, clientId, undefined, auth);
  configuration.timeout = 10;
  allowLoopbackHttp(configuration, [endpoints.authorization_endpoint, endpoints.token_endpoint, endpoints.userinfo_endpoint, endpoints.api_base_url]);
  return configuration;
}

/**
 * The client for a configured provider; null when it cannot run (a missing client id or
 * secret). A shared provider signs in at the shared issuer or the development provider
 * (shared-provider.ts), and answers OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED in production.
 */
export async function clientForProvider(
  settings: AppConfig,
  providerConfigId: string,
  config: OAuthProviderConfig,
): Promise<OAuthProviderClient | null> {
  if (config.isShared) return sharedProviderClient(settings, providerConfigId, config.type);
  if (!config.clientId || !config.clientSecret) return null;
  const redirectUri = callbackUrlFor(settings, providerConfigId);
  if (isNamedProvider(config.type)) {
    const named = NAMED_PROVIDERS[config.type];
    const endpoints = endpointsFor(config.type, config, settings.oauthEndpoints);
    return new Client(namedConfiguration(named, endpoints, config.clientId, config.clientSecret), redirectUri, {
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
    scopes: offline ? [...GENERIC_SCOPES, "offline_access"] : GENERIC_SCOPES,
    // OpenID providers grant offline_access only when consent is asked for.
    extraParams: offline ? { prompt: "consent" } : {},
    endpoints: { issuer: server.issuer, authorization_endpoint: server.authorization_endpoint ?? "", token_endpoint: server.token_endpoint ?? "", userinfo_endpoint: server.userinfo_endpoint },
    profile: openIdProfile,
  });
}
