/**
 * The twelve named providers as data: where their endpoints are, how they want the client
 * to authenticate, whether they take PKCE, what to ask for, and how to read the account's
 * id, e-mail, name and picture from what they answer. The protocol itself (authorization
 * URL, code exchange, state and PKCE checks, ID token claims, refresh) is openid-client's
 * (provider-client.ts). Every endpoint can be pointed elsewhere (OAUTH_PROVIDER_ENDPOINTS),
 * which is how the tests run these providers against a local OpenID provider.
 *
 * An e-mail counts as verified only where the provider says so for that address; elsewhere
 * it is kept unverified, so it never links an existing account by itself (services/oauth/accounts.ts).
 */
import type { OAuthEndpointOverrides } from "../../config/env";
import type { OAuthProviderConfig } from "../project-config/document";
import type { ProviderProfile } from "./provider-types";

export type NamedProviderType = "google" | "github" | "microsoft" | "spotify" | "facebook" | "discord" | "gitlab" | "bitbucket" | "linkedin" | "apple" | "x" | "twitch";

export interface ProviderEndpoints {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint?: string;
  /** The provider's REST API, for profiles that are not OpenID userinfo. */
  api_base_url?: string;
}

/** What a profile reader gets: the tokens' claims and a way to call the provider's API. */
export interface ProfileSource {
  endpoints: ProviderEndpoints;
  /** The ID token's claims, when the provider sent one. */
  idClaims: Record<string, unknown> | undefined;
  /** The OpenID userinfo answer (needs `userinfo_endpoint`), checked against the ID token's subject. */
  userinfo(): Promise<Record<string, unknown>>;
  /** GET a JSON resource of the provider with the access token. */
  getJson(url: string): Promise<unknown>;
}

export interface NamedProvider {
  endpoints(config: OAuthProviderConfig): ProviderEndpoints;
  clientAuth: "basic" | "post";
  scopes: string[];
  /** Parameters of the authorization URL beyond the standard ones. */
  extraAuthorizationParams?(config: OAuthProviderConfig): Record<string, string>;
  profile(source: ProfileSource): Promise<ProviderProfile>;
}

const str = (value: unknown): string | null => (typeof value === "string" && value.length > 0 ? value : null);
const idOf = (value: unknown): string | null => (typeof value === "number" ? String(value) : str(value));
const obj = (value: unknown): Record<string, unknown> => (typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {});

/** Reads an OpenID Connect provider: the ID token's claims, completed by its userinfo endpoint. */
export async function openIdProfile(source: ProfileSource): Promise<ProviderProfile> {
  const claims = { ...(source.idClaims ?? {}), ...(source.endpoints.userinfo_endpoint ? await source.userinfo() : {}) };
  return profileFromClaims(claims);
}

export function profileFromClaims(claims: Record<string, unknown>): ProviderProfile {
  const accountId = idOf(claims.sub);
  if (!accountId) throw new Error("the provider named no subject");
  const email = str(claims.email);
  return {
    accountId,
    email,
    emailVerified: email !== null && (claims.email_verified === true || claims.email_verified === "true"),
    displayName: str(claims.name) ?? str(claims.preferred_username) ?? str(claims.nickname),
    profileImageUrl: str(claims.picture),
  };
}

function required(id: string | null, provider: string): string {
  if (!id) throw new Error(`${provider} answered without an account id`);
  return id;
}

const api = (source: ProfileSource, fallback: string) => (source.endpoints.api_base_url ?? fallback).replace(/\/+$/, "");

export const NAMED_PROVIDERS: Record<NamedProviderType, NamedProvider> = {
  google: {
    endpoints: () => ({
      issuer: "https://accounts.google.com",
      authorization_endpoint: "https://accounts.google.com/o/oauth2/v2/auth",
      token_endpoint: "https://oauth2.googleapis.com/token",
      userinfo_endpoint: "https://openidconnect.googleapis.com/v1/userinfo",
    }),
    clientAuth: "basic",
    scopes: ["openid", "email", "profile"],
    // A refresh token only comes with offline access, and again only when consent is asked.
    extraAuthorizationParams: () => ({ access_type: "offline", prompt: "consent" }),
    profile: openIdProfile,
  },
  github: {
    endpoints: () => ({
      issuer: "https://github.com",
      authorization_endpoint: "https://github.com/login/oauth/authorize",
      token_endpoint: "https://github.com/login/oauth/access_token",
      api_base_url: "https://api.github.com",
    }),
    clientAuth: "basic",
    scopes: ["user:email"],
    async profile(source) {
      const base = api(source, "https://api.github.com");
      const user = obj(await source.getJson(`${base}/user`));
      const emails = await source.getJson(`${base}/user/emails`);
      const primary = Array.isArray(emails) ? emails.map(obj).find((e) => e.primary === true) : undefined;
      const email = str(primary?.email) ?? str(user.email);
      return {
        accountId: required(idOf(user.id), "GitHub"),
        email,
        emailVerified: primary?.verified === true && email === str(primary?.email),
        displayName: str(user.name) ?? str(user.login),
        profileImageUrl: str(user.avatar_url),
      };
    },
  },
  microsoft: {
    endpoints: (config) => {
      const tenant = encodeURIComponent(config.microsoftTenantId || "common");
      return {
        issuer: `https://login.microsoftonline.com/${tenant}/v2.0`,
        authorization_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/authorize`,
        token_endpoint: `https://login.microsoftonline.com/${tenant}/oauth2/v2.0/token`,
        api_base_url: "https://graph.microsoft.com/v1.0",
      };
    },
    clientAuth: "basic",
    // No `openid`: a multi-tenant app's ID tokens name each user's tenant as issuer, which no
    // fixed issuer matches; the profile comes from Microsoft Graph instead.
    scopes: ["User.Read", "offline_access"],
    async profile(source) {
      const me = obj(await source.getJson(`${api(source, "https://graph.microsoft.com/v1.0")}/me`));
      return {
        accountId: required(idOf(me.id), "Microsoft"),
        email: str(me.mail) ?? str(me.userPrincipalName),
        emailVerified: false,
        displayName: str(me.displayName),
        profileImageUrl: null,
      };
    },
  },
  spotify: {
    endpoints: () => ({
      issuer: "https://accounts.spotify.com",
      authorization_endpoint: "https://accounts.spotify.com/authorize",
      token_endpoint: "https://accounts.spotify.com/api/token",
      api_base_url: "https://api.spotify.com/v1",
    }),
    clientAuth: "basic",
    scopes: ["user-read-email", "user-read-private"],
    async profile(source) {
      const me = obj(await source.getJson(`${api(source, "https://api.spotify.com/v1")}/me`));
      const image = Array.isArray(me.images) ? obj(me.images[0]) : {};
      return {
        accountId: required(idOf(me.id), "Spotify"),
        email: str(me.email),
        emailVerified: false,
        displayName: str(me.display_name),
        profileImageUrl: str(image.url),
      };
    },
  },
  facebook: {
    endpoints: () => ({
      issuer: "https://www.facebook.com",
      authorization_endpoint: "https://www.facebook.com/v19.0/dialog/oauth",
      token_endpoint: "https://graph.facebook.com/v19.0/oauth/access_token",
      api_base_url: "https://graph.facebook.com/v19.0",
    }),
    clientAuth: "post",
    scopes: ["email", "public_profile"],
    extraAuthorizationParams: (config): Record<string, string> => (config.facebookConfigId ? { config_id: config.facebookConfigId } : {}),
    async profile(source) {
      const me = obj(await source.getJson(`${api(source, "https://graph.facebook.com/v19.0")}/me?fields=id,name,email,picture`));
      return {
        accountId: required(idOf(me.id), "Facebook"),
        email: str(me.email),
        emailVerified: false,
        displayName: str(me.name),
        profileImageUrl: str(obj(obj(me.picture).data).url),
      };
    },
  },
  discord: {
    endpoints: () => ({
      issuer: "https://discord.com",
      authorization_endpoint: "https://discord.com/oauth2/authorize",
      token_endpoint: "https://discord.com/api/oauth2/token",
      api_base_url: "https://discord.com/api",
    }),
    clientAuth: "basic",
    scopes: ["identify", "email"],
    async profile(source) {
      const me = obj(await source.getJson(`${api(source, "https://discord.com/api")}/users/@me`));
      const id = required(idOf(me.id), "Discord");
      const avatar = str(me.avatar);
      return {
        accountId: id,
        email: str(me.email),
        emailVerified: me.verified === true && str(me.email) !== null,
        displayName: str(me.global_name) ?? str(me.username),
        profileImageUrl: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
      };
    },
  },
  gitlab: {
    endpoints: () => ({
      issuer: "https://gitlab.com",
      authorization_endpoint: "https://gitlab.com/oauth/authorize",
      token_endpoint: "https://gitlab.com/oauth/token",
      userinfo_endpoint: "https://gitlab.com/oauth/userinfo",
    }),
    clientAuth: "basic",
    scopes: ["openid", "profile", "email"],
    profile: openIdProfile,
  },
  bitbucket: {
    endpoints: () => ({
      issuer: "https://bitbucket.org",
      authorization_endpoint: "https://bitbucket.org/site/oauth2/authorize",
      token_endpoint: "https://bitbucket.org/site/oauth2/access_token",
      api_base_url: "https://api.bitbucket.org/2.0",
    }),
    clientAuth: "basic",
    scopes: ["account", "email"],
    async profile(source) {
      const base = api(source, "https://api.bitbucket.org/2.0");
      const user = obj(await source.getJson(`${base}/user`));
      const emails = obj(await source.getJson(`${base}/user/emails`));
      const primary = Array.isArray(emails.values) ? emails.values.map(obj).find((e) => e.is_primary === true) : undefined;
      return {
        accountId: required(idOf(user.uuid) ?? idOf(user.account_id), "Bitbucket"),
        email: str(primary?.email),
        emailVerified: primary?.is_confirmed === true,
        displayName: str(user.display_name) ?? str(user.username),
        profileImageUrl: str(obj(obj(user.links).avatar).href),
      };
    },
  },
  linkedin: {
    endpoints: () => ({
      issuer: "https://www.linkedin.com/oauth",
      authorization_endpoint: "https://www.linkedin.com/oauth/v2/authorization",
      token_endpoint: "https://www.linkedin.com/oauth/v2/accessToken",
      userinfo_endpoint: "https://api.linkedin.com/v2/userinfo",
    }),
    clientAuth: "post",
    scopes: ["openid", "profile", "email"],
    profile: openIdProfile,
  },
  apple: {
    endpoints: () => ({
      issuer: "https://appleid.apple.com",
      authorization_endpoint: "https://appleid.apple.com/auth/authorize",
      token_endpoint: "https://appleid.apple.com/auth/token",
    }),
    // The client secret is the signed JWT Apple asks for, generated by the project's admin.
    clientAuth: "post",
    scopes: ["name", "email"],
    // Apple answers with a form POST whenever a name or e-mail is asked for.
    extraAuthorizationParams: () => ({ response_mode: "form_post" }),
    async profile(source) {
      if (!source.idClaims) throw new Error("Apple answered without an ID token");
      return profileFromClaims(source.idClaims);
    },
  },
  x: {
    endpoints: () => ({
      issuer: "https://x.com",
      authorization_endpoint: "https://x.com/i/oauth2/authorize",
      token_endpoint: "https://api.x.com/2/oauth2/token",
      api_base_url: "https://api.x.com/2",
    }),
    clientAuth: "basic",
    scopes: ["users.read", "tweet.read", "offline.access"],
    async profile(source) {
      const me = obj(obj(await source.getJson(`${api(source, "https://api.x.com/2")}/users/me?user.fields=profile_image_url`)).data);
      return {
        accountId: required(idOf(me.id), "X"),
        email: null,
        emailVerified: false,
        displayName: str(me.name) ?? str(me.username),
        profileImageUrl: str(me.profile_image_url),
      };
    },
  },
  twitch: {
    endpoints: () => ({
      issuer: "https://id.twitch.tv/oauth2",
      authorization_endpoint: "https://id.twitch.tv/oauth2/authorize",
      token_endpoint: "https://id.twitch.tv/oauth2/token",
      userinfo_endpoint: "https://id.twitch.tv/oauth2/userinfo",
    }),
    clientAuth: "post",
    scopes: ["openid", "user:read:email"],
    // Twitch's userinfo names the claims it returns only when they are asked for.
    extraAuthorizationParams: () => ({
      claims: JSON.stringify({ userinfo: { email: null, email_verified: null, picture: null, preferred_username: null } }),
    }),
    profile: openIdProfile,
  },
};

export function isNamedProvider(type: string): type is NamedProviderType {
  return Object.hasOwn(NAMED_PROVIDERS, type);
}

/** A named provider's endpoints, or where OAUTH_PROVIDER_ENDPOINTS points them instead. */
export function endpointsFor(type: NamedProviderType, config: OAuthProviderConfig, overrides: OAuthEndpointOverrides): ProviderEndpoints {
  const override = overrides[type];
  if (!override) return NAMED_PROVIDERS[type].endpoints(config);
  return { ...override, issuer: override.issuer ?? new URL(override.authorization_endpoint).origin };
}
