/**
 * The OAuth flow between three parties (SPEC §4): our client (the SDK or our pages), us, and
 * the provider. Two PKCE pairs are in play:
 *
 * - the client's: it sends us `code_challenge` and `state`, keeps the verifier in its own
 *   cookie, and at the end trades our authorization code with that verifier at
 *   POST /auth/oauth/token. Our codes are single use, live five minutes, are stored as
 *   digests (verification codes, purpose `oauth_authorization_code`), and are bound to the
 *   redirect URI and the challenge: a code stolen from a URL is useless without the
 *   verifier, which never leaves the browser that started the flow.
 * - ours with the provider: a fresh state and verifier per flow. The flow row is found by the
 *   state's digest (the callback URL names no project) and holds everything else sealed, so a
 *   database dump shows no verifier. It lives an hour, and is used up by the first callback.
 *
 * A flow started by a browser redirect also sets an HttpOnly cookie named after the state
 * (3600 s), and its callback is refused without it: a provider answer carried into another
 * browser goes nowhere. The SDK's JSON mode starts the flow with a cross-origin fetch, which
 * cannot keep a cookie of ours; there the client's PKCE alone binds the result to the browser.
 *
 * Failures once the flow is known go back to the client's `error_redirect_url` with
 * `errorCode`, `message` and `details` in the query, as the SDK reads them; before that, or
 * without one, they are answered as known errors.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { hashSecret } from "../../crypto/secret-hash";
import { findOAuthFlow, insertOAuthFlow, takeOAuthFlow } from "../../db/queries/oauth";
import { KnownError, redirectUrlNotTrusted } from "../../errors";
import type { ClientInfo } from "../client-info";
import type { ServiceDeps } from "../deps";
import { isTrustedRedirect } from "../redirects";
import type { Tenancy } from "../tenancy";
import { finishSignIn } from "../auth/finish-sign-in";
import type { SignInResult } from "../auth/mfa-sign-in";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits";
import { issueCode, redeemCodeWithProof } from "../verification-codes";
import { linkProviderAccount, signInWithProviderAccount } from "./accounts";
import { tenancyForClient } from "./client-credentials";
import { clientForProvider } from "./provider-client";
import { ProviderAuthorizationError, type OAuthProviderClient } from "./provider-types";

export const OAUTH_FLOW_LIFETIME_SECONDS = 3600;
export const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60 * 1000;
/** The binding cookie's name is this prefix and the state we sent the provider. */
export const INNER_STATE_COOKIE_PREFIX = "stack-oauth-inner-";

interface FlowInfo {
  innerCodeVerifier: string;
  redirectUri: string;
  outerState: string;
  codeChallenge: string;
  type: "authenticate" | "link";
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
  codeChallenge: string;
  type: "authenticate" | "link";
  token?: string;
  providerScope?: string;
  errorRedirectUrl?: string;
  afterCallbackRedirectUrl?: string;
  /** False in JSON mode, where the browser cannot be given our cookie. */
  cookieBound: boolean;
}

const withoutHash = (url: string) => url.split("#")[0]!;

function providerOf(tenancy: Tenancy, providerId: string) {
  const providers = tenancy.config.auth.oauth.providers;
  return Object.hasOwn(providers, providerId) ? providers[providerId]! : null;
}

async function runnableClient(deps: ServiceDeps, tenancy: Tenancy, providerId: string, type: "authenticate" | "link"): Promise<OAuthProviderClient> {
  const config = providerOf(tenancy, providerId);
  const usable = config && (type === "authenticate" ? config.allowSignIn : config.allowSignIn || config.allowConnectedAccounts);
  if (!config || !usable) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  let client: OAuthProviderClient | null;
  try {
    client = await clientForProvider(deps.settings, providerId, config);
  } catch (error) {
    // Discovery of a generic provider failed: it is down or not an OpenID provider.
    deps.log.warn("OAuth provider discovery failed", { providerId, error: String(error) });
    throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
  }
  if (!client) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
  return client;
}

/** Where to send the browser to start signing in (or linking) with a provider. */
export async function startOAuth(deps: ServiceDeps, input: AuthorizeInput, caller: ClientInfo): Promise<{ location: string; innerState: string }> {
  const tenancy = await tenancyForClient(deps, input.clientId, input.clientSecret);
  // Each start writes a flow row: it counts as a sign-in attempt from its address.
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: caller.ip }]);
  if (!isTrustedRedirect(input.redirectUri, tenancy.config)) throw redirectUrlNotTrusted(input.redirectUri);
  // All three are where a browser is sent later, so each must be ours or a trusted domain's.
  for (const url of [input.errorRedirectUrl, input.afterCallbackRedirectUrl]) {
    if (url && !isTrustedRedirect(url, tenancy.config)) throw redirectUrlNotTrusted(url);
  }
  let userId: string | null = null;
  if (input.type === "link") {
    if (!input.token) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
    const claims = await deps.accessTokens.verify(tenancy.projectId, input.token);
    if (claims.branch_id !== tenancy.branchId) throw new KnownError("INVALID_PROJECT_FOR_ACCESS_TOKEN", { expected_project_id: tenancy.projectId, actual_project_id: claims.project_id });
    userId = claims.sub;
  }
  const client = await runnableClient(deps, tenancy, input.providerId, input.type);
  const extraScopes = (input.providerScope ?? "").split(/[\s,]+/).filter(Boolean);
  const innerState = randomBytes(32).toString("base64url");
  const innerCodeVerifier = randomBytes(32).toString("base64url");
  const info: FlowInfo = {
    innerCodeVerifier,
    redirectUri: withoutHash(input.redirectUri),
    outerState: input.state,
    codeChallenge: input.codeChallenge,
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
  /** The caller's country, for the sign-up rules (ClientInfo.countryCode). */
  countryCode?: string | null;
}

/** Where the provider's answer sends the browser: the client's redirect URI with our code, or its error URL. */
export async function finishOAuthCallback(deps: ServiceDeps, input: CallbackInput): Promise<{ location: string; innerState: string }> {
  const innerState = input.params.get("state") ?? "";
  const stateHash = hashSecret(innerState);
  const found = innerState ? await findOAuthFlow(deps.db, stateHash) : null;
  if (!found || found.expiresAt.getTime() <= Date.now()) throw new KnownError("OUTER_OAUTH_TIMEOUT");
  if (found.cookieBound && !input.hasBindingCookie(innerState)) throw new KnownError("OUTER_OAUTH_TIMEOUT");
  const flow = await takeOAuthFlow(deps.db, stateHash);
  if (!flow) throw new KnownError("OUTER_OAUTH_TIMEOUT");
  const info = JSON.parse(deps.oauthFlowSeal.open(flow.sealedInfo)) as FlowInfo;
  const lookup = await deps.tenancies.lookup(flow.projectId, flow.branchId);
  if (!lookup.found) throw new KnownError("OUTER_OAUTH_TIMEOUT");
  const tenancy = lookup.tenancy;
  try {
    if (flow.providerConfigId !== input.providerId) throw new KnownError("OAUTH_PROVIDER_NOT_FOUND_OR_NOT_ENABLED");
    const location = await completeFlow(deps, tenancy, flow.providerConfigId, info, innerState, input.params, input.countryCode);
    return { location, innerState };
  } catch (error) {
    if (error instanceof KnownError && info.errorRedirectUrl && isTrustedRedirect(info.errorRedirectUrl, tenancy.config)) {
      return { location: errorRedirect(info.errorRedirectUrl, error), innerState };
    }
    throw error;
  }
}

function errorRedirect(errorRedirectUrl: string, error: KnownError): string {
  const url = new URL(errorRedirectUrl, "http://relative.invalid");
  url.searchParams.set("errorCode", error.code);
  url.searchParams.set("message", error.message);
  url.searchParams.set("details", JSON.stringify(error.details ?? {}));
  return url.origin === "http://relative.invalid" ? `${url.pathname}${url.search}` : url.href;
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
    if (error instanceof ProviderAuthorizationError) {
      if (error.error === "temporarily_unavailable" || error.error === "server_error") throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
      throw new KnownError("OAUTH_PROVIDER_ACCESS_DENIED");
    }
    deps.log.warn("OAuth provider answer refused", { providerConfigId, error: String(error) });
    throw new KnownError("OAUTH_PROVIDER_TEMPORARILY_UNAVAILABLE");
  }
  const identity = { providerConfigId, profile: result.profile, tokens: result.tokens };
  let userId: string;
  let isNewUser = false;
  if (info.type === "link") {
    userId = info.userId!;
    await linkProviderAccount(deps, tenancy, userId, identity);
  } else {
    ({ userId, isNewUser } = await signInWithProviderAccount(deps, tenancy, identity, countryCode));
  }
  const code = await issueCode(deps.db, tenancy, {
    purpose: "oauth_authorization_code",
    expiresInMs: AUTHORIZATION_CODE_LIFETIME_MS,
    userId,
    data: {
      redirect_uri: info.redirectUri,
      code_challenge: info.codeChallenge,
      is_new_user: isNewUser,
      after_callback_redirect_url: info.afterCallbackRedirectUrl,
    },
    replacePrevious: false,
  });
  const target = new URL(info.redirectUri, "http://relative.invalid");
  target.searchParams.set("code", code.code);
  target.searchParams.set("state", info.outerState);
  return target.origin === "http://relative.invalid" ? `${target.pathname}${target.search}` : target.href;
}

function s256(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const CODE_REFUSALS = new Set(["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"]);

/**
 * The `authorization_code` grant: our code, the redirect URI it was issued for and the PKCE
 * verifier of its challenge. A wrong verifier or URI counts against the code (verification
 * codes allow ten wrong attempts); a good one uses it. The sign-in then goes through
 * finishSignIn, so a user with a second factor gets MULTI_FACTOR_AUTHENTICATION_REQUIRED here.
 */
export async function exchangeAuthorizationCode(
  deps: ServiceDeps,
  input: { clientId: string; clientSecret: string; code: string; redirectUri: string; codeVerifier: string },
  client: ClientInfo,
): Promise<{ tenancy: Tenancy; result: SignInResult; afterCallbackRedirectUrl: string | null }> {
  const tenancy = await tenancyForClient(deps, input.clientId, input.clientSecret);
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  let redeemed: { userId: string; isNewUser: boolean; after: string | null };
  try {
    redeemed = await redeemCodeWithProof(
      deps.db,
      tenancy,
      "oauth_authorization_code",
      input.code,
      "INVALID_AUTHORIZATION_CODE",
      async (_tx, record) =>
        typeof record.data.code_challenge === "string" &&
        typeof record.data.redirect_uri === "string" &&
        sameText(s256(input.codeVerifier), record.data.code_challenge) &&
        record.data.redirect_uri === withoutHash(input.redirectUri),
      async (_tx, record) => ({
        userId: record.userId!,
        isNewUser: record.data.is_new_user === true,
        after: typeof record.data.after_callback_redirect_url === "string" ? record.data.after_callback_redirect_url : null,
      }),
    );
  } catch (error) {
    if (error instanceof KnownError && CODE_REFUSALS.has(error.code)) throw new KnownError("INVALID_AUTHORIZATION_CODE");
    throw error;
  }
  const result = await finishSignIn(deps, tenancy, redeemed.userId, client, { isNewUser: redeemed.isNewUser }, () => new KnownError("INVALID_AUTHORIZATION_CODE"));
  return { tenancy, result, afterCallbackRedirectUrl: redeemed.after };
}
