/**
 * What an OAuth app may be: its redirect URIs (compared exactly, OAuth 2.1 §2.3.1), grants and
 * client authentication, for apps an admin creates and for clients that register themselves
 * (RFC 7591), which are held to less.
 */
import { randomBase62 } from "../../crypto/random";
import type { OAuthAppAuthMethod, OAuthAppGrantType } from "../../domain/oauth-apps";

export const MAX_REDIRECT_URIS = 20;
export const DCR_MAX_REDIRECT_URIS = 10;
/** A self-registered client signs users in; it never acts on its own (no client credentials). */
export const DCR_ALLOWED_GRANT_TYPES: readonly OAuthAppGrantType[] = ["authorization_code", "refresh_token"];
export const DCR_ALLOWED_AUTH_METHODS: readonly OAuthAppAuthMethod[] = ["client_secret_basic", "client_secret_post", "none"];
/** How many self-registered clients a project keeps; registration is refused past it. */
export const MAX_DYNAMIC_CLIENTS = 1000;

export const newClientId = () => `oa_${randomBase62(22)}`;
export const newClientSecret = () => `oas_${randomBase62(43)}`;

const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Why a redirect URI cannot be registered, or null: an absolute URI without a fragment or a
 * wildcard; https, http on a loopback address (RFC 8252 §7.3), or a native app's private-use
 * scheme with a dot in it (RFC 8252 §7.1, `com.example.app:/callback`).
 */
export function redirectUriProblem(uri: string): string | null {
  if (uri.length > 2048) return "redirect URIs are at most 2048 characters";
  if (!URL.canParse(uri)) return `${uri} is not an absolute URI`;
  const url = new URL(uri);
  if (url.hash || uri.includes("#")) return `${uri} has a fragment, which redirect URIs may not have`;
  if (uri.includes("*")) return `${uri} has a wildcard; redirect URIs are compared exactly`;
  if (url.protocol === "https:") return null;
  if (url.protocol === "http:") return LOOPBACK_HOSTS.has(url.hostname) ? null : `${uri} uses http, which only loopback addresses may`;
  if (/^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/i.test(url.protocol)) return null;
  return `${uri} uses the ${url.protocol} scheme; use https, http on a loopback address, or a reverse-domain scheme of a native app`;
}
