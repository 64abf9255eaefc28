/**
 * An authorization request in progress (oidc-provider's "interaction"), as the web app's
 * authorize page reads and answers it. The user is signed in to the project (their access
 * token is the request's); the answer signs them in to the OAuth server with that session and,
 * if they allow, gives the app a grant for the scopes it asked for. A grant is remembered per
 * user and app: when it already covers the request, the page answers without asking.
 */
import type Provider from "oidc-provider";
import type { Grant, Interaction } from "oidc-provider";
import { findOAuthApp } from "../../db/queries/oauth-apps";
import { findGrantIdsOf } from "../../db/queries/oauth-server-records";
import { findLiveSessionStart } from "../../db/queries/sessions";
import { findUser } from "../../db/queries/users";
import { restrictionOf, restrictionRules } from "../users/restriction";
import type { OAuthApp } from "../../domain/oauth-apps";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { oauthServerFor, type GatehouseInteractionResult } from "./provider";
import { isOAuthServerScope } from "./scopes";

export interface AuthorizationRequest {
  app: OAuthApp;
  /** The scopes the app will get if the user allows. */
  scopes: string[];
  /** The APIs the token is for (RFC 8707), with their scopes. */
  resources: Array<{ uri: string; displayName: string | null; scopes: string[] }>;
  /** True when the user must choose: a scope not allowed before, or the app asks to be asked. */
  needsDecision: boolean;
  /** True when the app wants a sign-in made now (prompt=login, or max_age exceeded). */
  requiresFreshSignIn: boolean;
}

export interface SignedInUser {
  userId: string;
  sessionId: string;
}

const words = (value: unknown): string[] => (typeof value === "string" ? value.split(" ").filter(Boolean) : []);
const list = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : typeof value === "string" ? [value] : []);

/**
 * The user answering must be a full account as they are now (not as their access token was
 * issued): an anonymous or restricted user (unverified where the project requires it, or
 * restricted by an admin) signs in to no other app, whatever the request says it accepts.
 */
async function requireFullAccount(deps: ServiceDeps, tenancy: Tenancy, userId: string): Promise<void> {
  const user = await findUser(deps.db, tenancy, userId);
  if (!user) throw new KnownError("USER_NOT_FOUND");
  const restriction = restrictionOf(user, restrictionRules(tenancy.config));
  if (restriction) throw new KnownError("RESTRICTED_USER_NOT_ALLOWED", { restricted_reason: restriction });
}

async function providerOf(deps: ServiceDeps, tenancy: Tenancy): Promise<Provider> {
  if (!tenancy.config.oauthServer.enabled) throw new KnownError("OAUTH_SERVER_NOT_ENABLED");
  return oauthServerFor(deps, tenancy.projectId);
}

async function openInteraction(provider: Provider, tenancy: Tenancy, deps: ServiceDeps, uid: string) {
  const interaction = uid.length <= 64 ? await provider.Interaction.find(uid) : undefined;
  if (!interaction || interaction.result) throw new KnownError("OAUTH_AUTHORIZATION_NOT_FOUND");
  const app = await findOAuthApp(deps.db, tenancy.projectId, String(interaction.params.client_id));
  if (!app) throw new KnownError("OAUTH_AUTHORIZATION_NOT_FOUND");
  return { interaction, app };
}

/** What the app asks for: OpenID scopes, and per resource the scopes that resource takes. */
function requested(tenancy: Tenancy, interaction: Interaction) {
  const asked = words(interaction.params.scope);
  const oidcScopes = asked.filter(isOAuthServerScope);
  const configured = Object.values(tenancy.config.oauthServer.resources);
  const resources = list(interaction.params.resource).map((uri) => {
    const resource = configured.find((r) => r.uri === uri);
    const allowed = new Set(words(resource?.scopes));
    return { uri, displayName: resource?.displayName ?? null, scopes: asked.filter((scope) => allowed.has(scope)) };
  });
  return { oidcScopes, resources };
}

async function rememberedGrant(provider: Provider, deps: ServiceDeps, tenancy: Tenancy, userId: string, clientId: string): Promise<Grant | undefined> {
  const [grantId] = await findGrantIdsOf(deps.db, tenancy.projectId, userId, clientId);
  return grantId ? provider.Grant.find(grantId) : undefined;
}

function covers(grant: Grant | undefined, wanted: ReturnType<typeof requested>): boolean {
  if (!grant) return false;
  const granted = new Set(words(grant.getOIDCScope()));
  if (!wanted.oidcScopes.every((scope) => granted.has(scope))) return false;
  return wanted.resources.every((resource) => {
    const scopes = new Set(words(grant.getResourceScope(resource.uri)));
    return grant.resources?.[resource.uri] !== undefined && resource.scopes.every((scope) => scopes.has(scope));
  });
}

async function freshSignInRequired(deps: ServiceDeps, tenancy: Tenancy, interaction: Interaction, user: SignedInUser): Promise<boolean> {
  const prompts = words(interaction.params.prompt);
  const maxAge = interaction.params.max_age === undefined ? undefined : Number(interaction.params.max_age);
  if (!prompts.includes("login") && maxAge === undefined) return false;
  const started = await findLiveSessionStart(deps.db, tenancy, user.sessionId, user.userId);
  if (!started) return true;
  // A sign-in after the request was made is fresh by any measure.
  if (started.getTime() >= interaction.iat * 1000) return false;
  if (prompts.includes("login")) return true;
  return maxAge !== undefined && Date.now() - started.getTime() > maxAge * 1000;
}

export async function getAuthorization(deps: ServiceDeps, tenancy: Tenancy, uid: string, user: SignedInUser): Promise<AuthorizationRequest> {
  const provider = await providerOf(deps, tenancy);
  await requireFullAccount(deps, tenancy, user.userId);
  const { interaction, app } = await openInteraction(provider, tenancy, deps, uid);
  const wanted = requested(tenancy, interaction);
  const grant = await rememberedGrant(provider, deps, tenancy, user.userId, app.clientId);
  return {
    app,
    scopes: wanted.oidcScopes,
    resources: wanted.resources,
    needsDecision: !covers(grant, wanted) || words(interaction.params.prompt).includes("consent"),
    requiresFreshSignIn: await freshSignInRequired(deps, tenancy, interaction, user),
  };
}

/** Answers the request; returns where the browser goes next (back into the OAuth server). */
export async function decideAuthorization(
  deps: ServiceDeps,
  tenancy: Tenancy,
  uid: string,
  user: SignedInUser,
  allow: boolean,
): Promise<{ redirectTo: string }> {
  const provider = await providerOf(deps, tenancy);
  const { interaction, app } = await openInteraction(provider, tenancy, deps, uid);
  const remaining = Math.max(1, interaction.exp - Math.floor(Date.now() / 1000));
  if (!allow) {
    interaction.result = { error: "access_denied", error_description: "The user did not allow the app." };
    await interaction.save(remaining);
    return { redirectTo: interaction.returnTo };
  }
  await requireFullAccount(deps, tenancy, user.userId);
  if (await freshSignInRequired(deps, tenancy, interaction, user)) throw new KnownError("OAUTH_FRESH_SIGN_IN_REQUIRED");
  const started = await findLiveSessionStart(deps.db, tenancy, user.sessionId, user.userId);
  if (!started) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");

  const wanted = requested(tenancy, interaction);
  const grant =
    (await rememberedGrant(provider, deps, tenancy, user.userId, app.clientId)) ??
    new provider.Grant({ accountId: user.userId, clientId: app.clientId });
  if (wanted.oidcScopes.length > 0) grant.addOIDCScope(wanted.oidcScopes);
  for (const resource of wanted.resources) grant.addResourceScope(resource.uri, resource.scopes);
  const grantId = await grant.save();

  const result: GatehouseInteractionResult & Interaction["result"] = {
    login: { accountId: user.userId, ts: Math.floor(started.getTime() / 1000), remember: true },
    consent: { grantId },
    gatehouse: { userId: user.userId, sessionId: user.sessionId },
  };
  interaction.result = result;
  await interaction.save(remaining);
  return { redirectTo: interaction.returnTo };
}
