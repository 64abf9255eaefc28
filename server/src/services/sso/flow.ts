/**
 * Signing in through a team's SSO connection, ended the way OAuth sign-in ends
 * (services/oauth/flow.ts): the client starts it with its PKCE challenge, state and redirect URI
 * (as for /auth/oauth/authorize), we send the browser to the identity provider, and its answer
 * (OIDC callback or SAML ACS) gives the client's redirect URI one of our authorization codes,
 * which the client trades at POST /auth/oauth/token with its verifier. So the handler's OAuth
 * callback page finishes an SSO sign-in too, and finishSignIn (second factor, SSO enforcement)
 * sees it like any other.
 *
 * The flow row is found by the digest of the state we gave the IdP (OIDC `state`, SAML
 * `RelayState`), lives ten minutes and is used up by the first answer. It holds, sealed: the
 * client's PKCE challenge and state, our PKCE verifier and nonce (OIDC), the AuthnRequest id
 * (SAML, compared with InResponseTo). An OIDC flow started by a browser redirect is also bound
 * to that browser by a cookie; a SAML answer arrives as a cross-site form post, which a cookie
 * cannot be relied on to ride along, so there the client's PKCE binds the result (a code
 * delivered to another browser cannot be traded without the verifier).
 *
 * Known errors after the flow is known go to the first trusted of the redirect URI and
 * `error_redirect_url`, as OAuth's do.
 */
import { randomBytes } from "node:crypto";
import * as oidc from "openid-client";
import { hashSecret } from "../../crypto/secret-hash";
import { findSsoConnection, findSsoFlow, findTeamSignInConnection, findVerifiedDomain, insertSsoFlow, rememberAssertion, takeSsoFlow } from "../../db/queries/sso";
import type { SsoConnection } from "../../domain/sso";
import { KnownError, redirectUrlNotTrusted } from "../../errors";
import { publicOnlyFetch } from "../../integrations/private-address";
import type { ServiceDeps } from "../deps";
import { issueAuthorizationCode, redirectWithCode, redirectWithError, withoutHash, type PkceMethod } from "../oauth/authorization-codes";
import { tenancyForClient } from "../oauth/client-credentials";
import { discover } from "../oauth/oidc-client";
import { isTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import type { ClientInfo } from "../sessions/client-info";
import { recordAuditEvent } from "../audit-log/record";
import { signInWithSsoIdentity, type SsoIdentity } from "./accounts";
import { finishTestSignIn, testOutcome } from "./test-sign-in";
import { idpFetchOptions, oidcRedirectUri } from "./connections";
import { emailDomain } from "./enforcement";
import { newSamlRequestId, readSamlResponse, samlAuthorizeUrl, spEndpoints, type SamlContext } from "./saml";

export const SSO_FLOW_LIFETIME_SECONDS = 600;
export const SSO_STATE_COOKIE_PREFIX = "gatehouse-sso-";

interface FlowInfo {
  redirectUri: string;
  outerState: string;
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
  scope: string;
  errorRedirectUrl: string | null;
  afterCallbackRedirectUrl: string | null;
  /** OIDC: our PKCE verifier and nonce. */
  codeVerifier?: string;
  nonce?: string;
  /** SAML: the AuthnRequest's id. */
  requestId?: string;
  /** A set-up link's test sign-in (startTestSignIn): its outcome is noted there, and no one is signed in. */
  testId?: string;
}

export interface SsoStartInput {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  state: string;
  scope?: string;
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
  errorRedirectUrl?: string;
  afterCallbackRedirectUrl?: string;
  /** The person's address (e-mail-first discovery) or the connection itself. */
  email?: string;
  connectionId?: string;
  cookieBound: boolean;
}

/** The connection the address's verified domain sends people to, and whether that domain requires SSO. */
async function connectionForEmail(deps: ServiceDeps, tenancy: Tenancy, email: string): Promise<{ connection: SsoConnection; required: boolean }> {
  const owner = email.includes("@") ? await findVerifiedDomain(deps.db, tenancy, emailDomain(email.trim())) : null;
  const connection = owner ? await findTeamSignInConnection(deps.db, tenancy, owner.teamId) : null;
  if (!owner || !connection) throw new KnownError("SSO_NOT_AVAILABLE_FOR_EMAIL");
  return { connection, required: owner.requireSso };
}

/** E-mail-first discovery: whether the address signs in through SSO, and whether it must. */
export async function discoverSso(
  deps: ServiceDeps,
  tenancy: Tenancy,
  email: string,
  caller: ClientInfo,
): Promise<{ connectionId: string; protocol: "oidc" | "saml"; displayName: string; required: boolean }> {
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: caller.ip }]);
  const { connection, required } = await connectionForEmail(deps, tenancy, email);
  return { connectionId: connection.id, protocol: connection.protocol, displayName: connection.displayName, required };
}

function samlContext(deps: ServiceDeps, tenancy: Tenancy, connection: Extract<SsoConnection, { protocol: "saml" }>): SamlContext {
  return {
    settings: connection.settings,
    sp: spEndpoints(deps.settings.publicUrl, tenancy.projectId, connection.id),
    spPrivateKey: deps.ssoSeal.open(connection.sealedSecret!),
  };
}

async function oidcConfiguration(deps: ServiceDeps, connection: Extract<SsoConnection, { protocol: "oidc" }>): Promise<oidc.Configuration> {
  try {
    return await discover(connection.settings.issuer, connection.settings.clientId, deps.ssoSeal.open(connection.sealedSecret!), {
      fetch: publicOnlyFetch(idpFetchOptions(deps)),
    });
  } catch (error) {
    deps.log.warn("SSO OIDC discovery failed", { connectionId: connection.id, error: String(error) });
    throw new KnownError("SSO_IDP_UNAVAILABLE");
  }
}

/** Where to send the browser to sign in with the connection of `email` (or `connectionId`). */
export async function startSso(deps: ServiceDeps, input: SsoStartInput, caller: ClientInfo): Promise<{ location: string; innerState: string; cookieBound: boolean }> {
  const tenancy = await tenancyForClient(deps, input.clientId, input.clientSecret, "authorize");
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: caller.ip }]);
  let connection: SsoConnection | null;
  if (input.connectionId) connection = await findSsoConnection(deps.db, tenancy, null, input.connectionId);
  else ({ connection } = await connectionForEmail(deps, tenancy, input.email ?? ""));
  if (!connection) throw new KnownError("SSO_NOT_AVAILABLE_FOR_EMAIL");
  if (!connection.enabled) throw new KnownError("SSO_CONNECTION_DISABLED");
  if (input.afterCallbackRedirectUrl && !isTrustedRedirect(input.afterCallbackRedirectUrl, tenancy.config)) throw new KnownError("REDIRECT_URL_NOT_WHITELISTED");
  const info: FlowInfo = {
    redirectUri: withoutHash(input.redirectUri),
    outerState: input.state,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: input.codeChallengeMethod,
    scope: input.scope ?? "legacy",
    errorRedirectUrl: input.errorRedirectUrl ?? null,
    afterCallbackRedirectUrl: input.afterCallbackRedirectUrl ?? null,
  };
  return beginFlow(deps, tenancy, connection, info, input.email?.trim() ?? null, input.cookieBound);
}

/**
 * A test sign-in through `connection` (a set-up link's, services/sso/portal.ts): the same round
 * trip to the IdP, whose answer is checked as a sign-in's is, but which signs no one in: the
 * outcome is noted on the test `testId` and the browser goes back to `returnUrl`. Not bound to
 * a cookie (nothing it yields is worth stealing: only the link's holder reads the outcome), and
 * a switched-off connection may be tested before it is switched on.
 */
export async function startTestSignIn(deps: ServiceDeps, tenancy: Tenancy, connection: SsoConnection, testId: string, returnUrl: string): Promise<{ location: string }> {
  const info: FlowInfo = {
    redirectUri: withoutHash(returnUrl),
    outerState: "",
    codeChallenge: "",
    codeChallengeMethod: "S256",
    scope: "legacy",
    errorRedirectUrl: null,
    afterCallbackRedirectUrl: null,
    testId,
  };
  const { location } = await beginFlow(deps, tenancy, connection, info, null, false);
  return { location };
}

async function beginFlow(
  deps: ServiceDeps,
  tenancy: Tenancy,
  connection: SsoConnection,
  info: FlowInfo,
  loginHint: string | null,
  cookieBoundAsked: boolean,
): Promise<{ location: string; innerState: string; cookieBound: boolean }> {
  const innerState = randomBytes(32).toString("base64url");
  let location: string;
  let cookieBound = cookieBoundAsked;
  if (connection.protocol === "oidc") {
    info.codeVerifier = randomBytes(32).toString("base64url");
    info.nonce = randomBytes(24).toString("base64url");
    const configuration = await oidcConfiguration(deps, connection);
    const parameters: Record<string, string> = {
      redirect_uri: oidcRedirectUri(deps.settings.publicUrl),
      scope: connection.settings.scopes.join(" "),
      response_type: "code",
      code_challenge: await oidc.calculatePKCECodeChallenge(info.codeVerifier),
      code_challenge_method: "S256",
      state: innerState,
      nonce: info.nonce,
    };
    if (loginHint) parameters.login_hint = loginHint;
    location = oidc.buildAuthorizationUrl(configuration, parameters).href;
  } else {
    info.requestId = newSamlRequestId();
    location = await samlAuthorizeUrl(samlContext(deps, tenancy, connection), info.requestId, innerState);
    cookieBound = false;
  }
  await insertSsoFlow(deps.db, hashSecret(innerState), {
    projectId: tenancy.projectId,
    branchId: tenancy.branchId,
    connectionId: connection.id,
    sealedInfo: deps.ssoSeal.seal(JSON.stringify(info)),
    cookieBound,
    expiresAt: new Date(Date.now() + SSO_FLOW_LIFETIME_SECONDS * 1000),
  });
  return { location, innerState, cookieBound };
}

export interface BrowserBinding {
  hasCookie: (innerState: string) => boolean;
  forgetCookie: (innerState: string) => void;
}

interface TakenFlow {
  tenancy: Tenancy;
  connection: SsoConnection;
  info: FlowInfo;
}

/** Finds and uses up the flow of `innerState`; null when there is none. */
async function takeFlow(deps: ServiceDeps, innerState: string, binding: BrowserBinding | null): Promise<TakenFlow | null> {
  if (!innerState) return null;
  const stateHash = hashSecret(innerState);
  const found = await findSsoFlow(deps.db, stateHash);
  if (!found) return null;
  binding?.forgetCookie(innerState);
  if (found.cookieBound && !binding?.hasCookie(innerState)) throw new KnownError("SSO_FLOW_COOKIE_MISSING");
  const flow = await takeSsoFlow(deps.db, stateHash);
  if (!flow || flow.expiresAt.getTime() <= Date.now()) throw new KnownError("SSO_FLOW_UNKNOWN");
  const lookup = await deps.tenancies.lookup(flow.projectId, flow.branchId);
  if (!lookup.found) throw new KnownError("SSO_FLOW_UNKNOWN");
  const connection = await findSsoConnection(deps.db, lookup.tenancy, null, flow.connectionId);
  if (!connection) throw new KnownError("SSO_FLOW_UNKNOWN");
  return { tenancy: lookup.tenancy, connection, info: JSON.parse(deps.ssoSeal.open(flow.sealedInfo)) as FlowInfo };
}

/** A refused sign-in through a connection, on record although the request fails (in a transaction of its own). */
async function recordFailure(deps: ServiceDeps, tenancy: Tenancy, connection: SsoConnection, error: KnownError, caller: ClientInfo | null): Promise<void> {
  try {
    await recordAuditEvent(deps, deps.db, {
      tenancy,
      action: "sso.sign_in.failed",
      actor: { type: "sso", id: connection.id },
      target: { type: "sso_connection", id: connection.id },
      teamId: connection.teamId,
      client: caller,
      details: { code: error.code, protocol: connection.protocol, ...(error.code === "SSO_IDP_RESPONSE_INVALID" ? { reason: (error.details as { reason?: string }).reason } : {}) },
    });
  } catch (failure) {
    // The refusal stands whether or not its record could be written; the log keeps the trace.
    deps.log.error("SSO sign-in failure could not be audited", { connectionId: connection.id, error: String(failure) });
  }
}

/** Runs the end of a known flow; its known errors go to the client's pages when one is trusted. */
async function endFlow(deps: ServiceDeps, taken: TakenFlow, caller: ClientInfo | null, work: () => Promise<string>): Promise<{ location: string; status: 303 | 307 }> {
  try {
    return { location: await work(), status: 303 };
  } catch (error) {
    if (!(error instanceof KnownError)) throw error;
    if (taken.info.testId) {
      await finishTestSignIn(deps, taken.tenancy, taken.connection, taken.info.testId, { status: "refused", refusal: { code: error.code, message: error.message } });
      return { location: testReturnLocation(taken), status: 303 };
    }
    await recordFailure(deps, taken.tenancy, taken.connection, error, caller);
    const target = [taken.info.redirectUri, taken.info.errorRedirectUrl].find((url) => url && isTrustedRedirect(url, taken.tenancy.config));
    if (!target) throw error;
    return { location: redirectWithError(target, error), status: 307 };
  }
}

/** The identity is known: sign in (or up), and hand the client our code. */
async function completeSignIn(deps: ServiceDeps, taken: TakenFlow, identity: SsoIdentity, caller: ClientInfo | null): Promise<string> {
  const { tenancy, connection, info } = taken;
  if (info.testId) {
    await finishTestSignIn(deps, tenancy, connection, info.testId, await testOutcome(deps, tenancy, connection, identity));
    return testReturnLocation(taken);
  }
  if (!isTrustedRedirect(info.redirectUri, tenancy.config)) throw redirectUrlNotTrusted(info.redirectUri);
  if (!connection.enabled) throw new KnownError("SSO_CONNECTION_DISABLED");
  const { userId, isNewUser } = await signInWithSsoIdentity(deps, tenancy, connection, identity, { countryCode: caller?.countryCode });
  // The code and its record together: a sign-in on record is one the client can finish.
  const code = await deps.db.transaction(async (tx) => {
    const issued = await issueAuthorizationCode(tx, tenancy, {
      userId,
      redirectUri: info.redirectUri,
      codeChallenge: info.codeChallenge,
      codeChallengeMethod: info.codeChallengeMethod,
      isNewUser,
      afterCallbackRedirectUrl: info.afterCallbackRedirectUrl,
      scope: info.scope,
      ssoTeamId: connection.teamId,
    });
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "sso.sign_in.succeeded",
      actor: { type: "user", id: userId },
      target: { type: "user", id: userId },
      teamId: connection.teamId,
      client: caller,
      details: { connection_id: connection.id, protocol: connection.protocol, is_new_user: isNewUser, subject: identity.subject },
    });
    return issued;
  });
  return redirectWithCode(info.redirectUri, code, info.outerState);
}

/** Back to the set-up page that started a test sign-in, naming the test. */
function testReturnLocation(taken: TakenFlow): string {
  const url = new URL(taken.info.redirectUri);
  url.searchParams.set("sso_test", taken.info.testId!);
  return url.href;
}

/** The OpenID provider's answer at /auth/sso/oidc/callback. */
export async function finishOidcSso(
  deps: ServiceDeps,
  input: { params: URLSearchParams; binding: BrowserBinding; caller: ClientInfo },
): Promise<{ location: string; status: 303 | 307 }> {
  const innerState = input.params.get("state") ?? "";
  const taken = await takeFlow(deps, innerState, input.binding);
  if (!taken || taken.connection.protocol !== "oidc") throw new KnownError("SSO_FLOW_UNKNOWN");
  const connection = taken.connection;
  return endFlow(deps, taken, input.caller, async () => {
    const configuration = await oidcConfiguration(deps, connection);
    const callbackUrl = new URL(oidcRedirectUri(deps.settings.publicUrl));
    for (const [key, value] of input.params) callbackUrl.searchParams.append(key, value);
    let claims: Record<string, unknown>;
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: innerState,
        expectedNonce: taken.info.nonce!,
        pkceCodeVerifier: taken.info.codeVerifier!,
        idTokenExpected: true,
      });
      claims = { ...(tokens.claims() ?? {}) };
      if (typeof claims.email !== "string" && configuration.serverMetadata().userinfo_endpoint) {
        claims = { ...(await oidc.fetchUserInfo(configuration, tokens.access_token, String(claims.sub))), ...claims };
      }
    } catch (error) {
      if (error instanceof oidc.AuthorizationResponseError) {
        if (error.error === "temporarily_unavailable" || error.error === "server_error") throw new KnownError("SSO_IDP_UNAVAILABLE");
        throw new KnownError("SSO_IDP_DENIED");
      }
      if (error instanceof oidc.ResponseBodyError || error instanceof oidc.ClientError) {
        deps.log.info("SSO OIDC answer refused", { connectionId: connection.id, error: String(error) });
        throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "the identity provider's tokens did not pass the checks" });
      }
      deps.log.warn("SSO OIDC answer failed", { connectionId: connection.id, error: String(error) });
      throw new KnownError("SSO_IDP_UNAVAILABLE");
    }
    const subject = typeof claims.sub === "string" ? claims.sub : "";
    if (!subject) throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "the ID token names no subject" });
    const name = typeof claims.name === "string" ? claims.name : null;
    return completeSignIn(deps, taken, { subject, email: typeof claims.email === "string" ? claims.email : null, displayName: name }, input.caller);
  });
}

/**
 * A SAML answer posted to a connection's ACS. With a RelayState of ours it answers that request
 * (InResponseTo must name it). Without one it is IdP-initiated: refused unless the connection
 * allows it, and then, checked like any answer, it is not trusted to sign in by itself but sends
 * the browser to the app's sign-in page to start an SP-initiated sign-in with this connection
 * (`idpInitiatedLocation`), which the IdP's session answers at once.
 */
export async function finishSamlSso(
  deps: ServiceDeps,
  input: { projectId: string; connectionId: string; samlResponse: string; relayState: string; caller: ClientInfo },
): Promise<{ location: string; status: 303 | 307 }> {
  const lookup = await deps.tenancies.lookup(input.projectId);
  if (!lookup.found) throw new KnownError("SSO_FLOW_UNKNOWN");
  const tenancy = lookup.tenancy;
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: input.caller.ip }]);
  const taken = input.relayState ? await takeFlow(deps, input.relayState, null) : null;
  if (taken) {
    if (taken.tenancy.projectId !== tenancy.projectId || taken.connection.id !== input.connectionId || taken.connection.protocol !== "saml") {
      throw new KnownError("SSO_FLOW_UNKNOWN");
    }
    const connection = taken.connection;
    return endFlow(deps, taken, input.caller, async () => {
      const identity = await readSamlResponse(samlContext(deps, tenancy, connection), input.samlResponse);
      if (identity.inResponseTo !== taken.info.requestId) throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "it does not answer this sign-in's request" });
      if (!(await rememberAssertion(deps.db, tenancy, connection.id, identity.assertionId, identity.rememberUntil))) {
        throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "this assertion was used before" });
      }
      return completeSignIn(deps, taken, identity, input.caller);
    });
  }
  const connection = await findSsoConnection(deps.db, tenancy, null, input.connectionId);
  if (!connection || connection.protocol !== "saml") throw new KnownError("SSO_FLOW_UNKNOWN");
  try {
    if (!connection.settings.allowIdpInitiated) throw new KnownError("SSO_FLOW_UNKNOWN");
    const identity = await readSamlResponse(samlContext(deps, tenancy, connection), input.samlResponse);
    if (identity.inResponseTo !== null) throw new KnownError("SSO_FLOW_UNKNOWN");
    if (!(await rememberAssertion(deps.db, tenancy, connection.id, identity.assertionId, identity.rememberUntil))) {
      throw new KnownError("SSO_IDP_RESPONSE_INVALID", { reason: "this assertion was used before" });
    }
  } catch (error) {
    if (error instanceof KnownError) await recordFailure(deps, tenancy, connection, error, input.caller);
    throw error;
  }
  return { location: idpInitiatedLocation(tenancy, connection.id), status: 303 };
}

/** The app's sign-in page, asked to start SSO with a connection (IdP-initiated sign-in). */
function idpInitiatedLocation(tenancy: Tenancy, connectionId: string): string {
  const app = Object.values(tenancy.config.domains.trustedDomains).find((d) => d.baseUrl);
  return `${(app?.baseUrl ?? "").replace(/\/+$/, "")}${app?.handlerPath ?? "/handler"}/sign-in?sso_connection=${encodeURIComponent(connectionId)}`;
}
