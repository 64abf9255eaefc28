/**
 * The OAuth flow between three parties (SPEC §4): our client (the SDK or our pages), us, and
 * the provider. Two PKCE pairs are in play:
 *
 * - the client's: it sends us `code_challenge` (S256, or plain: authorization-codes.ts) and
 *   `state`, keeps the verifier, and at the end trades our authorization code with that
 *   verifier at POST /auth/oauth/token.
 * - ours with the provider: a fresh state and verifier per flow, and always S256. The flow row
 *   is found by the state's digest (the callback URL names no project) and holds everything
 *   else sealed, so a database dump shows no verifier. It lives an hour, and is used up by the
 *   first callback.
 *
 * A flow started by a browser redirect also sets an HttpOnly cookie named after the state
 * (3600 s), and its callback is refused without it: a provider answer carried into another
 * browser goes nowhere. The SDK's JSON mode starts the flow with a cross-origin fetch, which
 * cannot keep a cookie of ours; there the client's PKCE alone binds the result to the browser.
 *
 * The client's redirect URI is where our code goes, so it must be trusted by the time a code
 * exists: it is judged at the callback, against the configuration of that moment, as Stack Auth
 * does. A refusal there (REDIRECT_URL_NOT_WHITELISTED), like every known error once the flow is
 * known, goes to the first trusted of the redirect URI and `error_redirect_url` as an OAuth
 * error (`error=server_error`, `error_description`) carrying `errorCode`, `message` and
 * `details`; with neither trusted it is answered as a known error. A provider that refuses our
 * code exchange, an unknown state and a missing cookie are answered in plain text.
 *
 * A sign-in that carries a user's access token (`token`) upgrades that user when they are
 * anonymous and the provider account is new (accounts.ts); with `type=link` the account is
 * added to that user.
 */
import { randomBytes } from "node:crypto";
import { hashSecret } from "../../crypto/secret-hash";
import { findOAuthFlow, insertOAuthFlow, takeOAuthFlow } from "../../db/queries/oauth";
import { KnownError, redirectUrlNotTrusted } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { isTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { linkProviderAccount, signInWithProviderAccount } from "./accounts";
import { issueAuthorizationCode, redirectWithCode, redirectWithError, withoutHash, type PkceMethod } from "./authorization-codes";
import { tenancyForClient } from "./client-credentials";
import { runnableClient } from "./runnable-client";
import { ProviderAuthorizationError, ProviderCodeRefusedError, type OAuthProviderClient } from "./provider-types";

export const OAUTH_FLOW_LIFETIME_SECONDS = 3600;
/** The binding cookie's name is this prefix and the state we sent the provider. */
export const INNER_STATE_COOKIE_PREFIX = "stack-oauth-inner-";

interface FlowInfo {
  innerCodeVerifier: string;
  redirectUri: string;
  outerState: string;
  codeChallenge: string;
  /** Absent in flows started before `plain` was accepted: those were S256. */
  codeChallengeMethod?: PkceMethod;
  scope?: string;
  type: "authenticate" | "link";
  /** The user of the access token the flow was started with: linked to, or upgraded when anonymous. */
  userId: string | null;
  requestedScopes: string[];
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
}

export interface AuthorizeInput {
  providerId: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  state: string;
  scope: string | undefined;
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
  type: "authenticate" | "link";
  token?: string;
  providerScope?: string;
  errorRedirectUrl?: string;
  afterCallbackRedirectUrl?: string;
  /** False in JSON mode, where the browser cannot be given our cookie. */
  cookieBound: boolean;
}

function providerOf(tenancy: Tenancy, providerId: string) {
  const providers = tenancy.config.auth.oauth.providers;
  return Object.hasOwn(providers, providerId) ? providers[providerId]! : null;
}

/** The user an access token passed to authorize stands for (anonymous users too). */
async function tokenUser(deps: ServiceDeps, tenancy: Tenancy, token: string): Promise<string> {
  const claims = await deps.accessTokens.verify(tenancy.projectId, token);
  if (claims.branch_id !== tenancy.branchId) {
    throw new KnownError("INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: tenancy.projectId, actual_project_id: claims.project_id });
  }
  return claims.sub;
}

/** Where to send the browser to start signing in (or linking) with a provider. */
export async function startOAuth(deps: ServiceDeps, input: AuthorizeInput, caller: ClientInfo): Promise<{ location: string; innerState: string }> {
  const tenancy = await tenancyForClient(deps, input.clientId, input.clientSecret, "authorize");
  // Each start writes a flow row: it counts as a sign-in attempt from its address.
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: caller.ip }]);
  const config = providerOf(tenancy, input.providerId);
  if (!config) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  if (input.type === "link" && !input.token) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  if (input.afterCallbackRedirectUrl && !isTrustedRedirect(input.afterCallbackRedirectUrl, tenancy.config)) {
    throw new KnownError("REDIRECT_URL_NOT_WHITELISTED");
  }
  // Shared keys are ours, not the project's: nobody may ask for more than sign-in with them.
  if (input.providerScope && config.isShared) throw new KnownError("OAUTH_EXTRA_SCOPE_NOT_AVAILABLE_WITH_SHARED_OAUTH_KEYS");
  // Linking needs a valid token. Signing in only uses one to upgrade an anonymous user, so a
  // stale one (a signed-out session, a deleted user) is ignored rather than blocking sign-in.
  let userId: string | null = null;
  if (input.token && input.type === "link") userId = await tokenUser(deps, tenancy, input.token);
  else if (input.token) userId = await tokenUser(deps, tenancy, input.token).catch(() => null);
  const client = await runnableClient(deps, tenancy, input.providerId, input.type);
  const extraScopes = (input.providerScope ?? "").split(/[\s,]+/).filter(Boolean);
  const innerState = randomBytes(32).toString("base64url");
  const innerCodeVerifier = randomBytes(32).toString("base64url");
  const info: FlowInfo = {
    innerCodeVerifier,
    redirectUri: withoutHash(input.redirectUri),
    outerState: input.state,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: input.codeChallengeMethod,
    scope: input.scope ?? "legacy",
    type: input.type,
    userId,
    requestedScopes: [...new Set([...client.defaultScopes, ...extraScopes])],
    errorRedirectUrl: input.errorRedirectUrl ?? null,
    afterCallbackRedirectUrl: input.afterCallbackRedirectUrl ?? null,
  };
  await insertOAuthFlow(deps.db, hashSecret(innerState), {
    projectId: tenancy.projectId,
    branchId: tenancy.branchId,
    providerConfigId: input.providerId,
    sealedInfo: deps.oauthFlowSeal.seal(JSON.stringify(info)),
    cookieBound: input.cookieBound,
    expiresAt: new Date(Date.now() + OAUTH_FLOW_LIFETIME_SECONDS * 1000),
  });
  const location = client.authorizationUrl({ state: innerState, codeVerifier: innerCodeVerifier, extraScopes });
  return { location: location.href, innerState };
}

export interface CallbackInput {
  providerId: string;
  /** The provider's answer: the callback's query and, for form posts, its body. */
  params: URLSearchParams;
  /** Whether this browser holds the binding cookie for a state. */
  hasBindingCookie: (innerState: string) => boolean;
  /** Called once the flow is known: the browser's binding cookie has served its purpose. */
  forgetBindingCookie: (innerState: string) => void;
  /** The caller's country, for the sign-up rules (ClientInfo.countryCode). */
  countryCode?: string | null;
}

const CALLBACK_REFUSALS: ReadonlySet<string> = new Set(["OAUTH_CALLBACK_PROVIDER_MISMATCH", "OAUTH_PROVIDER_REFUSED_CODE"]);

/**
 * Where the provider's answer sends the browser: the client's redirect URI with our code (303),
 * or an error redirect (307) to the first trusted of the redirect URI and the error URL.
 */
export async function finishOAuthCallback(deps: ServiceDeps, input: CallbackInput): Promise<{ location: string; status: 303 | 307 }> {
  const innerState = input.params.get("state") ?? "";
  const stateHash = hashSecret(innerState);
  const found = innerState ? await findOAuthFlow(deps.db, stateHash) : null;
  if (!found) throw new KnownError("OAUTH_FLOW_UNKNOWN");
  input.forgetBindingCookie(innerState);
  if (found.cookieBound && !input.hasBindingCookie(innerState)) {
    throw new KnownError("OAUTH_FLOW_COOKIE_MISSING");
  }
  const flow = await takeOAuthFlow(deps.db, stateHash);
  if (!flow) throw new KnownError("OAUTH_FLOW_UNKNOWN");
  const info = JSON.parse(deps.oauthFlowSeal.open(flow.sealedInfo)) as FlowInfo;
  const lookup = await deps.tenancies.lookup(flow.projectId, flow.branchId);
  if (!lookup.found) throw new KnownError("OAUTH_FLOW_PROJECT_GONE");
  const tenancy = lookup.tenancy;
  try {
    if (flow.expiresAt.getTime() <= Date.now()) throw new KnownError("OUTER_OAUTH_TIMEOUT");
    if (flow.providerConfigId !== input.providerId) {
      throw new KnownError("OAUTH_CALLBACK_PROVIDER_MISMATCH");
    }
    return { location: await completeFlow(deps, tenancy, flow.providerConfigId, info, innerState, input.params, input.countryCode), status: 303 };
  } catch (error) {
    // These two are the callback's own refusals, for the browser on it, not the app: not sent on.
    if (!(error instanceof KnownError) || CALLBACK_REFUSALS.has(error.code)) throw error;
    const target = [info.redirectUri, info.errorRedirectUrl].find((url) => url && isTrustedRedirect(url, tenancy.config));
    if (!target) throw error;
    return { location: redirectWithError(target, error), status: 307 };
  }
}

async function completeFlow(
  deps: ServiceDeps,
  tenancy: Tenancy,
  providerConfigId: string,
  info: FlowInfo,
  innerState: string,
  params: URLSearchParams,
  countryCode?: string | null,
): Promise<string> {
  const client = await runnableClient(deps, tenancy, providerConfigId, info.type);
  const callbackUrl = new URL(`${deps.settings.publicUrl}/api/v1/auth/oauth/callback/${encodeURIComponent(providerConfigId)}`);
  for (const [key, value] of params) callbackUrl.searchParams.append(key, value);
  let result: Awaited<ReturnType<OAuthProviderClient["finish"]>>;
  try {
    result = await client.finish({ callbackUrl, state: innerState, codeVerifier: info.innerCodeVerifier, requestedScopes: info.requestedScopes });
  } catch (error) {
    if (error instanceof ProviderCodeRefusedError) {
      throw new KnownError("OAUTH_PROVIDER_REFUSED_CODE");
    }
    if (error instanceof ProviderAuthorizationError) {
      if (error.error === "temporarily_unavailable" || error.error === "server_error") throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
      throw new KnownError("OAUTH_PROVIDER_ACCESS_DENIED");
    }
    deps.log.warn("OAuth provider answer refused", { providerConfigId, error: String(error) });
    throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
  }
  // The code goes to the redirect URI: it must be trusted now, whatever it was at the start.
  if (!isTrustedRedirect(info.redirectUri, tenancy.config)) throw redirectUrlNotTrusted(info.redirectUri);
  const identity = { providerConfigId, profile: result.profile, tokens: result.tokens };
  let userId: string;
  let isNewUser = false;
  if (info.type === "link") {
    userId = info.userId!;
    await linkProviderAccount(deps, tenancy, userId, identity);
  } else {
    ({ userId, isNewUser } = await signInWithProviderAccount(deps, tenancy, identity, { currentUserId: info.userId, countryCode }));
  }
  const code = await issueAuthorizationCode(deps.db, tenancy, {
    userId,
    redirectUri: info.redirectUri,
    codeChallenge: info.codeChallenge,
    codeChallengeMethod: info.codeChallengeMethod ?? "S256",
    isNewUser,
    afterCallbackRedirectUrl: info.afterCallbackRedirectUrl,
    scope: info.scope ?? "legacy",
  });
  return redirectWithCode(info.redirectUri, code, info.outerState);
}
