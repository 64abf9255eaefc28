import { z } from "@hono/zod-openapi";
import { OAUTH_APP_GRANT_TYPES, type OAuthApp } from "../../domain/oauth-apps";
import { MAX_REDIRECT_URIS } from "../../services/oauth-apps/app-rules";

export const OAuthAppSchema = z
  .object({
    client_id: z.string(),
    display_name: z.string(),
    type: z.enum(["confidential", "public"]).openapi({ description: "A confidential app proves itself with its secret; a public one (SPA, native app, CLI) with PKCE alone." }),
    token_endpoint_auth_method: z.enum(["client_secret_basic", "client_secret_post", "none"]),
    redirect_uris: z.array(z.string()),
    post_logout_redirect_uris: z.array(z.string()),
    grant_types: z.array(z.enum(OAUTH_APP_GRANT_TYPES)),
    scope: z.string().openapi({ description: "The scopes it may ask for, space-separated; empty for every scope the server grants." }),
    logo_url: z.string().nullable(),
    homepage_url: z.string().nullable(),
    registered_by: z.enum(["admin", "dynamic"]).openapi({ description: "`dynamic`: the client registered itself (RFC 7591)." }),
    secret_created_at_millis: z.number().nullable(),
    created_at_millis: z.number(),
  })
  .openapi("OAuthApp");

export function oauthAppToWire(app: OAuthApp): z.infer<typeof OAuthAppSchema> {
  return {
    client_id: app.clientId,
    display_name: app.displayName,
    type: app.tokenEndpointAuthMethod === "none" ? "public" : "confidential",
    token_endpoint_auth_method: app.tokenEndpointAuthMethod,
    redirect_uris: app.redirectUris,
    post_logout_redirect_uris: app.postLogoutRedirectUris,
    grant_types: app.grantTypes,
    scope: app.scope,
    logo_url: app.logoUrl,
    homepage_url: app.homepageUrl,
    registered_by: app.registeredBy,
    secret_created_at_millis: app.secretCreatedAtMillis,
    created_at_millis: app.createdAtMillis,
  };
}

const uri = z.string().min(1).max(2048);
const httpsUrl = z.url({ protocol: /^https?$/ }).max(2048);

export const appFields = {
  display_name: z.string().trim().min(1).max(200),
  redirect_uris: z.array(uri).max(MAX_REDIRECT_URIS).openapi({ description: "Compared exactly. https, http on a loopback address, or a native app's reverse-domain scheme; no fragment, no wildcard." }),
  post_logout_redirect_uris: z.array(uri).max(MAX_REDIRECT_URIS),
  grant_types: z.array(z.enum(OAUTH_APP_GRANT_TYPES)).min(1).max(OAUTH_APP_GRANT_TYPES.length),
  scope: z.string().max(1024).regex(/^[\x21\x23-\x5B\x5D-\x7E ]*$/, "scopes are words separated by spaces"),
  logo_url: httpsUrl.nullable(),
  homepage_url: httpsUrl.nullable(),
};

/** A connected app as its user (or an admin) sees it. */
export const ConnectionSchema = z
  .object({
    client_id: z.string(),
    display_name: z.string(),
    logo_url: z.string().nullable(),
    homepage_url: z.string().nullable(),
    scopes: z.array(z.string()).openapi({ description: "What the user allowed it, across its grants (OpenID scopes and resource scopes)." }),
    connected_at_millis: z.number(),
  })
  .openapi("OAuthConnection");
