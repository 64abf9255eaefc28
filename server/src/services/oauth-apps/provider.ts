/**
 * Each project as an OAuth 2.1 authorization server and OpenID provider, on `oidc-provider`
 * (OpenID Certified, maintained by the author of `jose` and `openid-client`, which the project
 * already trusts for the other side of the protocol). The library owns the protocol: discovery,
 * the authorization code flow with PKCE, tokens, refresh rotation and reuse detection,
 * userinfo, revocation, introspection, RP-initiated logout, dynamic registration, resource
 * indicators, the device flow. Gatehouse supplies what it is wired to:
 *
 * - storage (storage.ts): the project's database rows, the project's OAuth apps as clients;
 * - the signing key: one ES256 key per project of its own (sessions/signing-keys.ts);
 * - accounts: the project's users, with `profile`, `email` and `teams` claims;
 * - sign-in and consent: the web app's authorize page (`/oauth2/<project>/authorize/<uid>`),
 *   where the user signs in to the project with any of its methods (second factor included)
 *   and which reports back through the authorizations API (authorizations.ts);
 * - the Gatehouse session behind every OAuth sign-in (session-links.ts).
 *
 * One provider per project and process (servers.ts), built on first use; it reads the project's settings
 * (enabled, dynamic registration, resources) on each request, so it never needs rebuilding.
 */
import type * as OidcProvider from "oidc-provider";
import type Provider from "oidc-provider";
import type { ClientMetadata, Configuration, JWK as OidcJwk, KoaContextWithOIDC, ResourceServer } from "oidc-provider";
import { hashSecret, secretsEqual } from "../../crypto/secret-hash";
import { listTeams } from "../../db/queries/teams";
import { findUser } from "../../db/queries/users";
import { restrictionOf, restrictionRules } from "../users/restriction";
import type { Tenancy } from "../projects/tenancy";
import { countOAuthApps, findOAuthApp } from "../../db/queries/oauth-apps";
import { RateLimitedError } from "../../errors/rate-limited";
import { enforceRateLimits, RATE_LIMITS } from "../rate-limits/rate-limits";
import type { ServiceDeps } from "../deps";
import { DCR_ALLOWED_AUTH_METHODS, DCR_ALLOWED_GRANT_TYPES, DCR_MAX_REDIRECT_URIS, MAX_DYNAMIC_CLIENTS, newClientId, newClientSecret, redirectUriProblem } from "./app-rules";
import { deviceCodePage, deviceConfirmPage, deviceDonePage, errorPage, loggedOutPage, logoutPage, PAGE_HEADERS } from "./pages";
import { endLinkedSession, linkedSession, linkSession, liveSessionStart, type SessionLink } from "./session-links";
import { OAUTH_SERVER_SCOPES } from "./scopes";
import { oauthEndpoint } from "./endpoint-scope";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How long each thing the provider issues lives, in seconds. */
export const OAUTH_SERVER_TTL = {
  AccessToken: 3600,
  ClientCredentials: 3600,
  AuthorizationCode: 60,
  IdToken: 3600,
  RefreshToken: 30 * 24 * 3600,
  Interaction: 30 * 60,
  Session: 14 * 24 * 3600,
  Grant: 365 * 24 * 3600,
  DeviceCode: 10 * 60,
} as const;

export function oauthServerPath(projectId: string): string {
  return `/api/v1/projects/${encodeURIComponent(projectId)}/oauth2`;
}

export function oauthServerIssuer(publicUrl: string, projectId: string): string {
  return `${publicUrl}${oauthServerPath(projectId)}`;
}

/** The web app's authorize page for one interaction (web/src/features/oauth-authorize/). */
export function authorizePagePath(projectId: string, uid: string): string {
  return `/oauth2/${encodeURIComponent(projectId)}/authorize/${encodeURIComponent(uid)}`;
}

/**
 * RFC 9728 metadata for one of the project's resources, which an MCP server (or any API) can
 * point its 401 answers at (`WWW-Authenticate: Bearer resource_metadata="…"`) instead of
 * serving its own: the resource, its authorization server, the scopes it takes.
 */
export function protectedResourceMetadata(publicUrl: string, tenancy: Tenancy, resourceId: string) {
  const resources = tenancy.config.oauthServer.resources;
  const resource = Object.hasOwn(resources, resourceId) ? resources[resourceId] : undefined;
  if (!resource?.uri) return null;
  const scopes = (resource.scopes ?? "").split(" ").filter(Boolean);
  return {
    resource: resource.uri,
    authorization_servers: [oauthServerIssuer(publicUrl, tenancy.projectId)],
    bearer_methods_supported: ["header"],
    ...(scopes.length > 0 ? { scopes_supported: scopes } : {}),
    ...(resource.displayName ? { resource_name: resource.displayName } : {}),
  };
}

export function protectedResourceMetadataPath(projectId: string, resourceId: string): string {
  return `${oauthServerPath(projectId)}/resources/${encodeURIComponent(resourceId)}/.well-known/oauth-protected-resource`;
}

/** What the authorize page reports back beside oidc-provider's own `login` and `consent`. */
export interface GatehouseInteractionResult {
  gatehouse?: SessionLink;
}

type OidcProviderLibrary = typeof OidcProvider;
let library: Promise<OidcProviderLibrary> | undefined;

/** The project's OAuth server, built on first use (oidc-provider itself loads with the first one). */
export function oauthServerFor(deps: ServiceDeps, projectId: string): Promise<Provider> {
  return deps.oauthServers.get(projectId, async () => buildProvider(deps, projectId, deps.oauthServers.cookieKey, await (library ??= import("oidc-provider"))));
}

async function tenancyOf(deps: ServiceDeps, projectId: string): Promise<Tenancy | null> {
  const lookup = await deps.tenancies.lookup(projectId);
  return lookup.found ? lookup.tenancy : null;
}

/** Why a client may not register itself now, or null. */
async function registrationRefusal(deps: ServiceDeps, tenancy: Tenancy): Promise<string | null> {
  if (!tenancy.config.oauthServer.dynamicClientRegistration) return "This project does not take client registrations; its admins create OAuth apps in the dashboard.";
  if ((await countOAuthApps(deps.db, tenancy.projectId, "dynamic")) >= MAX_DYNAMIC_CLIENTS) {
    return `This project has ${MAX_DYNAMIC_CLIENTS} registered clients, the most it keeps; ask its admins to remove unused ones.`;
  }
  return null;
}

async function buildProvider(deps: ServiceDeps, projectId: string, cookieKey: string, library: OidcProviderLibrary): Promise<Provider> {
  const { default: ProviderClass, interactionPolicy, errors } = library;
  const { storageAdapterFor } = await import("./storage");
  const tenant = { projectId, branchId: "main" };
  const issuer = oauthServerIssuer(deps.settings.publicUrl, projectId);
  const projectName = async () => (await tenancyOf(deps, projectId))?.project.displayName ?? projectId;

  const policy = interactionPolicy.base();
  // Every authorization stands on a live Gatehouse session, not only on oidc-provider's cookie.
  policy.get("login")!.checks.add(
    new interactionPolicy.Check("gatehouse_session", "The Gatehouse session behind this sign-in has ended", "login_required", async (ctx) => {
      const { session, result } = ctx.oidc;
      if (!session) return interactionPolicy.Check.REQUEST_PROMPT;
      const link = (result as GatehouseInteractionResult | undefined)?.gatehouse;
      if (link && result?.login) {
        await linkSession(deps, tenant, session.uid, link, OAUTH_SERVER_TTL.Session);
        return interactionPolicy.Check.NO_NEED_TO_PROMPT;
      }
      if (!session.accountId) return interactionPolicy.Check.REQUEST_PROMPT;
      const stored = await linkedSession(deps, session.uid, projectId);
      if (!stored || stored.userId !== session.accountId) return interactionPolicy.Check.REQUEST_PROMPT;
      return (await liveSessionStart(deps, tenant, stored)) ? interactionPolicy.Check.NO_NEED_TO_PROMPT : interactionPolicy.Check.REQUEST_PROMPT;
    }),
  );

  /**
   * A resource's token for one client: the resource's scopes, narrowed to the app's own list
   * when the app has one (an empty list leaves it every scope).
   */
  const resourceServer = async (indicator: string, clientId: string): Promise<ResourceServer | null> => {
    const tenancy = await tenancyOf(deps, projectId);
    const resource = Object.values(tenancy?.config.oauthServer.resources ?? {}).find((r) => r.uri === indicator);
    if (!resource) return null;
    const app = await findOAuthApp(deps.db, projectId, clientId);
    const allowed = app?.scope ? new Set(app.scope.split(" ")) : null;
    const scopes = (resource.scopes ?? "").split(" ").filter((scope) => scope && (!allowed || allowed.has(scope)));
    return {
      scope: scopes.join(" "),
      audience: indicator,
      accessTokenTTL: OAUTH_SERVER_TTL.AccessToken,
      ...(resource.accessTokenFormat === "jwt" ? { accessTokenFormat: "jwt", jwt: { sign: { alg: "ES256" } } } : { accessTokenFormat: "opaque" }),
    };
  };

  const configuration: Configuration = {
    adapter: storageAdapterFor(deps.db, projectId, deps.oauthFlowSeal),
    // jose's private JWK (kty EC, crv P-256, d, x, y, with kid, alg and use): the shape oidc-provider's JWK type names.
    jwks: { keys: [(await deps.signingKeys.oauthServerJwk(projectId)) as OidcJwk] },
    cookies: {
      keys: [cookieKey],
      // The provider's cookies are scoped to this project's OAuth server.
      long: { signed: true, httpOnly: true, sameSite: "lax", path: oauthServerPath(projectId) },
      short: { signed: true, httpOnly: true, sameSite: "lax", path: oauthServerPath(projectId) },
    },
    claims: {
      openid: ["sub"],
      profile: ["name", "picture"],
      email: ["email", "email_verified"],
      teams: ["teams"],
    },
    scopes: [...OAUTH_SERVER_SCOPES],
    responseTypes: ["code"],
    pkce: { required: () => true },
    clientDefaults: {
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_basic",
      id_token_signed_response_alg: "ES256",
    },
    enabledJWA: {
      idTokenSigningAlgValues: ["ES256"],
      userinfoSigningAlgValues: ["ES256"],
      introspectionSigningAlgValues: ["ES256"],
      authorizationSigningAlgValues: ["ES256"],
      requestObjectSigningAlgValues: ["ES256"],
      clientAuthSigningAlgValues: ["ES256"],
    },
    clientAuthMethods: ["client_secret_basic", "client_secret_post", "none"],
    ttl: { ...OAUTH_SERVER_TTL },
    // Refresh tokens rotate on every use; presenting a used one again revokes the whole grant.
    rotateRefreshToken: () => true,
    // Agent credentials (agent-credentials.ts) set theirs before saving; every other token has none.
    extraTokenClaims: async (_ctx, token) => (token as { extra?: Record<string, unknown> }).extra,
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
    allowOmittingSingleRegisteredRedirectUri: false,
    clientBasedCORS: (_ctx, origin, client) =>
      (client.redirectUris ?? []).some((uri) => {
        try {
          return new URL(uri).origin === origin;
        } catch {
          return false;
        }
      }),
    findAccount: async (_ctx, sub) => {
      if (!UUID.test(sub)) return undefined;
      const user = await findUser(deps.db, tenant, sub);
      // A user restricted since (by an admin, or unverified where the project now requires it)
      // is no longer an account apps may read or refresh for.
      if (!user) return undefined;
      const tenancy = await tenancyOf(deps, projectId);
      if (!tenancy || restrictionOf(user, restrictionRules(tenancy.config))) return undefined;
      return {
        accountId: sub,
        claims: async (_use, scope) => {
          const scopes = new Set(scope.split(" "));
          const teams = scopes.has("teams") ? await listTeams(deps.db, tenant, sub) : [];
          return {
            sub,
            name: user.displayName ?? undefined,
            picture: user.profileImageUrl ?? undefined,
            email: user.primaryEmail ?? undefined,
            email_verified: user.primaryEmail ? user.primaryEmailVerified : undefined,
            teams: teams.map((team) => ({ id: team.id, display_name: team.displayName })),
          };
        },
      };
    },
    interactions: {
      policy,
      url: (_ctx, interaction) => authorizePagePath(projectId, interaction.uid),
    },
    extraClientMetadata: {
      // software_id is RFC 7591's; its validator is where a dynamically registered client's
      // whole metadata is held to the limits (it runs for every registration).
      properties: ["software_id"],
      validator(ctx, key, _value, metadata: ClientMetadata) {
        if (key !== "software_id" || ctx?.oidc?.route !== "registration") return;
        const refuse = (description: string) => {
          throw new errors.InvalidClientMetadata(description);
        };
        for (const grant of metadata.grant_types ?? []) {
          if (!(DCR_ALLOWED_GRANT_TYPES as readonly string[]).includes(grant)) refuse(`a registered client may not use the ${grant} grant`);
        }
        if (!(DCR_ALLOWED_AUTH_METHODS as readonly string[]).includes(String(metadata.token_endpoint_auth_method))) {
          refuse(`token_endpoint_auth_method must be one of ${DCR_ALLOWED_AUTH_METHODS.join(", ")}`);
        }
        const uris = metadata.redirect_uris ?? [];
        if (uris.length > DCR_MAX_REDIRECT_URIS) refuse(`at most ${DCR_MAX_REDIRECT_URIS} redirect_uris`);
        for (const uri of uris) {
          const problem = redirectUriProblem(uri);
          if (problem) refuse(problem);
        }
        const tenancy = (ctx.state as { tenancy?: Tenancy }).tenancy;
        const resourceScopes = new Set(Object.values(tenancy?.config.oauthServer.resources ?? {}).flatMap((r) => (r.scopes ?? "").split(" ")));
        for (const scope of String(metadata.scope ?? "").split(" ").filter(Boolean)) {
          if (!(OAUTH_SERVER_SCOPES as readonly string[]).includes(scope) && !resourceScopes.has(scope)) refuse(`scope ${scope} is not one this server grants`);
        }
        if (typeof metadata.client_name === "string" && metadata.client_name.length > 200) refuse("client_name is at most 200 characters");
      },
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      introspection: {
        enabled: true,
        // A client may introspect its own tokens; an app an admin created with a secret (a resource
        // server, such as an MCP server) may introspect any token of the project. Clients that
        // registered themselves never see other clients' tokens.
        allowedPolicy: async (_ctx, client, token) => {
          if (token.clientId === client.clientId) return true;
          if (client.clientAuthMethod === "none") return false;
          return (await findOAuthApp(deps.db, projectId, client.clientId))?.registeredBy === "admin";
        },
      },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      registration: {
        enabled: true,
        initialAccessToken: false,
        idFactory: newClientId,
        secretFactory: newClientSecret,
      },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => undefined,
        useGrantedResource: () => true,
        getResourceServerInfo: async (_ctx, indicator, client) => {
          const server = await resourceServer(indicator, client.clientId);
          if (!server) throw new errors.InvalidTarget(`${indicator} is not a resource of this project`);
          return server;
        },
      },
      deviceFlow: {
        enabled: true,
        charset: "base-20",
        mask: "****-****",
        userCodeInputSource: async (ctx, form, out) => {
          const problem = out
            ? out.error === "NoCodeError"
              ? "Enter the code your device shows."
              : "That code is not valid or has expired. Check it and try again."
            : null;
          ctx.set(PAGE_HEADERS);
          ctx.body = deviceCodePage(await projectName(), form, problem);
        },
        userCodeConfirmSource: async (ctx, form, client, _deviceInfo, userCode) => {
          ctx.set(PAGE_HEADERS);
          ctx.body = deviceConfirmPage(await projectName(), client.clientName ?? client.clientId, userCode, form);
        },
        successSource: async (ctx) => {
          ctx.set(PAGE_HEADERS);
          ctx.body = deviceDonePage(await projectName(), ctx.oidc.client?.clientName ?? null);
        },
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => {
          ctx.set(PAGE_HEADERS);
          ctx.body = logoutPage(await projectName(), ctx.oidc.client?.clientName ?? null, form);
        },
        postLogoutSuccessSource: async (ctx) => {
          ctx.set(PAGE_HEADERS);
          ctx.body = loggedOutPage(await projectName());
        },
      },
    },
    renderError: async (ctx, out) => {
      ctx.set(PAGE_HEADERS);
      ctx.body = errorPage(await projectName(), String(out.error), typeof out.error_description === "string" ? out.error_description : undefined);
    },
  };

  const provider = new ProviderClass(issuer, configuration);
  provider.proxy = deps.settings.trustProxy;

  // A client's `scope` limits the server's own scopes only; resource scopes are the resource's
  // business (resourceServer above), so they are left out of it rather than refused, which lets
  // an MCP client register with the scopes of the resource it wants (RFC 7591 lets the server
  // adjust what a client asks to register).
  const serverScopes = new Set<string>(OAUTH_SERVER_SCOPES);
  // `Client.Schema` is the library's client metadata validator (lib/helpers/client_schema.js); its types leave it out.
  const schema = (provider.Client as unknown as { Schema: { prototype: { scopes(): void } } }).Schema;
  schema.prototype.scopes = function (this: { scope?: string }) {
    if (!this.scope) return;
    const kept = [...new Set(this.scope.split(" "))].filter((scope) => serverScopes.has(scope));
    if (kept.length > 0) this.scope = kept.join(" ");
    else delete this.scope;
  };

  // oidc-provider persists a touched session at the end of every request, and throws when the
  // session was never saved (its error paths on the device pages reach that with a new session):
  // the original answer (a 400) became a 500. A session never saved has nothing to persist.
  const sessionPrototype = provider.Session.prototype as unknown as { exp?: number; persist(): Promise<unknown> };
  const persist = sessionPrototype.persist;
  sessionPrototype.persist = async function (this: { exp?: number }) {
    if (typeof this.exp !== "number") return undefined;
    return persist.call(this);
  };

  // A client's stored secret is the digest of the real one (client-metadata.ts).
  provider.Client.prototype.compareClientSecret = function (this: { clientSecret?: string }, presented: string) {
    return Boolean(this.clientSecret) && secretsEqual(this.clientSecret!, hashSecret(presented));
  };

  provider.use(async (ctx, next) => oauthEndpoint.run(ctx.path, next));
  provider.use(async (ctx, next) => {
    const tenancy = await tenancyOf(deps, projectId);
    if (!tenancy) return;
    // For the registration validator, which must be synchronous.
    ctx.state.tenancy = tenancy;
    try {
      const registering = ctx.method === "POST" && ctx.path === "/reg";
      await enforceRateLimits(deps, tenancy, [
        { rule: RATE_LIMITS.oauthServerPerIp, subject: ctx.ip },
        ...(registering ? [{ rule: RATE_LIMITS.oauthClientRegistrationPerIp, subject: ctx.ip }] : []),
      ]);
      if (registering) {
        const refusal = await registrationRefusal(deps, tenancy);
        if (refusal) {
          ctx.status = 403;
          ctx.body = { error: "access_denied", error_description: refusal };
          return;
        }
      }
    } catch (error) {
      if (!(error instanceof RateLimitedError)) throw error;
      ctx.status = 429;
      ctx.set("retry-after", String(error.retryAfterSeconds));
      ctx.body = { error: "rate_limited", error_description: error.message };
      return;
    }
    await next();
    // Without dynamic registration the metadata must not offer it (MCP clients register when it is offered).
    if (ctx.path === "/.well-known/openid-configuration" && ctx.body && typeof ctx.body === "object" && !tenancy.config.oauthServer.dynamicClientRegistration) {
      delete (ctx.body as Record<string, unknown>).registration_endpoint;
    }
  });

  provider.on("end_session.success", (ctx: KoaContextWithOIDC) => {
    const uid = ctx.oidc.session?.uid;
    if (uid) void tenancyOf(deps, projectId).then((tenancy) => tenancy && endLinkedSession(deps, tenancy, uid)).catch((error: unknown) => deps.log.error("ending the session behind an OAuth sign-out failed", { error: String(error), projectId }));
  });
  provider.on("server_error", (_ctx: KoaContextWithOIDC, error: Error) => deps.log.error("OAuth server error", { error: String(error), stack: error.stack, projectId }));
  return provider;
}
