/**
 * OAuth apps as oidc-provider sees them (RFC 7591 client metadata), both ways: an app read
 * from the database becomes the metadata the provider validates; a client that registered
 * itself (RFC 7591) becomes an app, its secret kept as a digest only.
 *
 * The provider compares a presented secret with `client_secret`, which for our clients is
 * that digest: provider.ts makes it hash the presented secret first.
 */
import { errors, type AdapterPayload, type ClientMetadata } from "oidc-provider";
import { hashSecret } from "../../crypto/secret-hash";
import type { Db } from "../../db/db";
import { insertOAuthApp } from "../../db/queries/oauth-apps";
import { unstorable } from "./storable";
import { OAUTH_APP_GRANT_TYPES, type OAuthApp, type OAuthAppAuthMethod, type OAuthAppGrantType } from "../../domain/oauth-apps";

export function clientMetadataOf(app: OAuthApp): ClientMetadata {
  return {
    client_id: app.clientId,
    ...(app.secretHash ? { client_secret: app.secretHash } : {}),
    client_name: app.displayName,
    redirect_uris: app.redirectUris,
    post_logout_redirect_uris: app.postLogoutRedirectUris,
    grant_types: app.grantTypes,
    response_types: app.grantTypes.includes("authorization_code") ? ["code"] : [],
    token_endpoint_auth_method: app.tokenEndpointAuthMethod,
    // An empty scope leaves the app every scope the server grants (those of resources added later among them).
    ...(app.scope ? { scope: app.scope } : {}),
    ...(app.logoUrl ? { logo_uri: app.logoUrl } : {}),
    ...(app.homepageUrl ? { client_uri: app.homepageUrl } : {}),
  };
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : []);

/** Stores a client that registered itself; the provider has validated its metadata already. */
export async function registerDynamicClient(db: Db, projectId: string, payload: AdapterPayload): Promise<void> {
  if (unstorable(payload)) throw new errors.InvalidClientMetadata("the metadata holds characters that cannot be stored (NUL or a lone surrogate)");
  const secret = typeof payload.client_secret === "string" ? payload.client_secret : null;
  const method = (payload.token_endpoint_auth_method ?? "client_secret_basic") as OAuthAppAuthMethod;
  await insertOAuthApp(db, projectId, {
    clientId: String(payload.client_id),
    displayName: typeof payload.client_name === "string" ? payload.client_name : String(payload.client_id),
    tokenEndpointAuthMethod: method,
    secretHash: method === "none" || !secret ? null : hashSecret(secret),
    redirectUris: strings(payload.redirect_uris),
    postLogoutRedirectUris: strings(payload.post_logout_redirect_uris),
    grantTypes: strings(payload.grant_types).filter((g): g is OAuthAppGrantType => (OAUTH_APP_GRANT_TYPES as readonly string[]).includes(g)),
    scope: typeof payload.scope === "string" ? payload.scope : "",
    logoUrl: typeof payload.logo_uri === "string" ? payload.logo_uri : null,
    homepageUrl: typeof payload.client_uri === "string" ? payload.client_uri : null,
    registeredBy: "dynamic",
  });
}
