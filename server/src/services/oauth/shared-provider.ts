/**
 * Shared OAuth keys (`isShared: true`): a project that has not registered its own OAuth app
 * still gets a working "Sign in with Spotify" while it is being developed. Gatehouse holds no
 * keys of the real providers, so outside production a shared provider signs in at an OpenID
 * provider standing in for all of them:
 *
 * - OAUTH_SHARED_ISSUER, when set: any OpenID provider, found by discovery, with the provider
 *   type as client id (`spotify`) and OAUTH_SHARED_CLIENT_SECRET as its secret (the Stack Auth
 *   e2e harness points it at Stack's mock OAuth server);
 * - otherwise Gatehouse's own development provider (integrations/dev-oauth-provider.ts),
 *   served at `<PUBLIC_URL>/dev-oauth`, whose page lets the developer pick or type an identity.
 *
 * Either way the account id is the identity's subject, and its e-mail counts as verified: the
 * stand-in vouches for what the developer typed, as a real provider vouches for its users. In
 * production a shared provider has nowhere to sign in: it answers
 * OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED (and the configuration refuses it, schema.ts).
 */
import * as oidc from "openid-client";
import type { AppConfig } from "../../config/env";
import type { ProjectConfig } from "../project-config/document";
import { KnownError } from "../../errors";
import { DEV_OAUTH_CLIENT_SECRET, devOAuthIssuer } from "../../integrations/dev-oauth-provider";
import type { ProfileSource, ProviderEndpoints } from "./named-providers";
import { allowLoopbackHttp, callbackUrlFor, Client, discover } from "./oidc-client";
import type { OAuthProviderClient, ProviderProfile } from "./provider-types";

/** What every shared sign-in asks for, and how (a refresh token needs consent and offline access). */
const SHARED_SCOPES = ["openid", "offline_access"];
const SHARED_PARAMS = { access_type: "offline", prompt: "consent" };

/** Whether shared providers can sign in on this server at all. */
export function sharedKeysAvailable(settings: AppConfig): boolean {
  return settings.nodeEnv !== "production";
}

/**
 * What a configuration may not hold on this server: in production, a shared provider (it could
 * never sign anyone in). Checked on every write of a project's configuration.
 */
export function sharedProviderProblems(config: ProjectConfig, settings: AppConfig): string[] {
  if (sharedKeysAvailable(settings)) return [];
  return Object.entries(config.auth.oauth.providers)
    .filter(([, provider]) => provider.isShared)
    .map(
      ([id]) =>
        `"auth.oauth.providers.${id}.isShared": shared OAuth keys exist only on development servers; give the provider its own clientId and clientSecret (isShared: false)`,
    );
}

/** Whether this server serves its own development provider (no shared issuer set, not production). */
export function devProviderServed(settings: AppConfig): boolean {
  return sharedKeysAvailable(settings) && !settings.oauthShared.issuer;
}

const str = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);

async function sharedProfile(source: ProfileSource): Promise<ProviderProfile> {
  const claims = { ...(source.idClaims ?? {}), ...(await source.userinfo()) };
  const accountId = str(claims.sub);
  if (!accountId) throw new Error("the shared provider named no subject");
  // A stand-in whose subject is the address typed (Stack's mock releases no e-mail claim).
  const email = str(claims.email) ?? (/^[^\s@]+@[^\s@]+$/.test(accountId) ? accountId : null);
  return { accountId, email, emailVerified: email !== null, displayName: str(claims.name), profileImageUrl: str(claims.picture) };
}

function devProviderConfiguration(settings: AppConfig, clientId: string): { configuration: oidc.Configuration; endpoints: ProviderEndpoints } {
  const issuer = devOAuthIssuer(settings.publicUrl);
  const endpoints = {
    issuer,
    authorization_endpoint: `${issuer}/auth`,
    token_endpoint: `${issuer}/token`,
    userinfo_endpoint: `${issuer}/me`,
  };
  const configuration = new oidc.Configuration({ ...endpoints }, clientId, undefined, oidc.ClientSecretBasic(DEV_OAUTH_CLIENT_SECRET));
  configuration.timeout = 10;
  allowLoopbackHttp(configuration, [endpoints.token_endpoint, endpoints.userinfo_endpoint]);
  return { configuration, endpoints };
}

/** The client a shared provider of `type` signs in with, under the config id `providerConfigId`. */
export async function sharedProviderClient(settings: AppConfig, providerConfigId: string, type: string): Promise<OAuthProviderClient> {
  if (!sharedKeysAvailable(settings) || type === "oidc") throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  const redirectUri = callbackUrlFor(settings, providerConfigId);
  const spec = { scopes: SHARED_SCOPES, extraParams: SHARED_PARAMS, profile: sharedProfile };
  const { issuer, clientSecret } = settings.oauthShared;
  if (issuer && clientSecret) {
    const configuration = await discover(issuer, type, clientSecret);
    const server = configuration.serverMetadata();
    const endpoints = { issuer: server.issuer, authorization_endpoint: server.authorization_endpoint ?? "", token_endpoint: server.token_endpoint ?? "", userinfo_endpoint: server.userinfo_endpoint };
    return new Client(configuration, redirectUri, { ...spec, endpoints });
  }
  const { configuration, endpoints } = devProviderConfiguration(settings, type);
  return new Client(configuration, redirectUri, { ...spec, endpoints });
}
