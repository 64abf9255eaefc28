/**
 * Sign-in with an OAuth provider, as the Stack SDKs drive it (CONTRACT "auth/oauth", SPEC §4):
 * the browser goes to the server's authorize URL with a PKCE challenge and a random state; the
 * code verifier waits in a cookie named after that state for an hour; the provider's answer
 * comes back through the server to the oauth-callback page with `code` and `state`, which
 * trades the code and the verifier for the session's tokens. The cookie is read once and
 * deleted, so a replayed callback URL finds nothing to trade.
 */
import { apiErrorFrom, PUBLIC_CLIENT_SECRET, readResponseBody, type Session } from "../../session";
import { codeChallengeOf, randomToken } from "./pkce";

const VERIFIER_COOKIE_PREFIX = "stack-oauth-outer-";
/** SPEC §9: the verifier cookie lives 3600 s. */
const VERIFIER_COOKIE_SECONDS = 3600;

export interface OAuthStart {
  provider: string;
  /** The oauth-callback page, absolute; the code is traded with exactly this URL. */
  redirectUrl: string;
  /** Where the server sends the browser when the provider refuses (the error page). */
  errorRedirectUrl: string;
  /** Where to land once signed in, carried through the flow. */
  afterCallbackRedirectUrl?: string;
  /** `link` connects the provider to the signed-in user (with `accessToken`) instead of signing in. */
  type?: "authenticate" | "link";
  accessToken?: string;
  providerScope?: string;
}

/** The authorize URL to send the browser to; its verifier is kept in a cookie first. */
export async function beginOAuth(session: Session, start: OAuthStart): Promise<string> {
  const state = randomToken();
  const codeVerifier = randomToken();
  const params = new URLSearchParams({
    client_id: clientId(session),
    client_secret: session.publishableClientKey ?? PUBLIC_CLIENT_SECRET,
    redirect_uri: start.redirectUrl,
    scope: "legacy",
    state,
    grant_type: "authorization_code",
    code_challenge: await codeChallengeOf(codeVerifier),
    code_challenge_method: "S256",
    response_type: "code",
    type: start.type ?? "authenticate",
    error_redirect_url: start.errorRedirectUrl,
  });
  if (start.afterCallbackRedirectUrl) params.set("after_callback_redirect_url", start.afterCallbackRedirectUrl);
  if (start.accessToken) params.set("token", start.accessToken);
  if (start.providerScope) params.set("provider_scope", start.providerScope);
  writeVerifierCookie(state, codeVerifier);
  return `${session.baseUrl}/auth/oauth/authorize/${encodeURIComponent(start.provider)}?${params.toString()}`;
}

export interface SsoStart {
  /** The person's address, whose verified domain names the connection (e-mail-first)... */
  email?: string;
  /** ...or the connection itself (a sign-in the identity provider started). */
  connectionId?: string;
  redirectUrl: string;
  errorRedirectUrl: string;
  afterCallbackRedirectUrl?: string;
}

/**
 * The URL that starts a sign-in through a team's SSO connection. It ends like an OAuth sign-in:
 * at the oauth-callback page, with a code traded with the verifier kept here (finishOAuth).
 */
export async function beginSso(session: Session, start: SsoStart): Promise<string> {
  const state = randomToken();
  const codeVerifier = randomToken();
  const params = new URLSearchParams({
    client_id: clientId(session),
    client_secret: session.publishableClientKey ?? PUBLIC_CLIENT_SECRET,
    redirect_uri: start.redirectUrl,
    scope: "legacy",
    state,
    code_challenge: await codeChallengeOf(codeVerifier),
    code_challenge_method: "S256",
    error_redirect_url: start.errorRedirectUrl,
  });
  if (start.email) params.set("email", start.email);
  if (start.connectionId) params.set("connection_id", start.connectionId);
  if (start.afterCallbackRedirectUrl) params.set("after_callback_redirect_url", start.afterCallbackRedirectUrl);
  writeVerifierCookie(state, codeVerifier);
  return `${session.baseUrl}/auth/sso/authorize?${params.toString()}`;
}

/**
 * Leaves the app for the authorize URL with a full page load: it is a server route (even on the
 * app's own origin, where client-side routing would only render the app's not-found page), and
 * the server's answer is a redirect that sets its cookie.
 */
export function leaveForAuthorize(url: string): void {
  window.location.assign(new URL(url, window.location.origin).href);
}

export interface OAuthTokens {
  access_token: string;
  refresh_token: string;
  is_new_user: boolean;
  after_callback_redirect_url?: string;
}

export type OAuthCallback =
  | { kind: "not-a-callback" }
  /** An OAuth error answer; `errorCode` (and `message`, `details`) when the server sent a known error this way. */
  | { kind: "provider-error"; error: string; description: string | null; errorCode: string | null; message: string | null; details: string | null }
  | { kind: "unknown-state" }
  | { kind: "signed-in"; tokens: OAuthTokens };

/**
 * Finishes the flow on the callback page: `search` is the page's query. Throws the server's
 * known error when the trade is refused.
 */
export async function finishOAuth(session: Session, search: string, redirectUrl: string): Promise<OAuthCallback> {
  const query = new URLSearchParams(search);
  const error = query.get("error");
  if (error) {
    return {
      kind: "provider-error",
      error,
      description: query.get("error_description"),
      errorCode: query.get("errorCode"),
      message: query.get("message"),
      details: query.get("details"),
    };
  }
  const code = query.get("code");
  const state = query.get("state");
  if (!code || !state) return { kind: "not-a-callback" };
  const codeVerifier = takeVerifierCookie(state);
  if (!codeVerifier) return { kind: "unknown-state" };

  const form = new URLSearchParams({
    grant_type: "authorization_code",
    code,
    redirect_uri: redirectUrl,
    code_verifier: codeVerifier,
    client_id: clientId(session),
    client_secret: session.publishableClientKey ?? PUBLIC_CLIENT_SECRET,
  });
  const response = await session.fetch(`${session.baseUrl}/auth/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-stack-project-id": session.projectId },
    body: form.toString(),
  });
  const body = await readResponseBody(response);
  if (!response.ok) throw apiErrorFrom(response, body);
  const tokens = body as Partial<OAuthTokens> | null;
  if (typeof tokens?.access_token !== "string" || typeof tokens.refresh_token !== "string") {
    throw new Error("The token endpoint answered without the session's tokens.");
  }
  return { kind: "signed-in", tokens: { ...tokens, is_new_user: tokens.is_new_user === true } as OAuthTokens };
}

function clientId(session: Session): string {
  return session.branchId ? `${session.projectId}#${session.branchId}` : session.projectId;
}

function writeVerifierCookie(state: string, codeVerifier: string): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${VERIFIER_COOKIE_PREFIX}${state}=${codeVerifier}; Max-Age=${VERIFIER_COOKIE_SECONDS}; Path=/; SameSite=Lax${secure}`;
}

function takeVerifierCookie(state: string): string | null {
  const name = `${VERIFIER_COOKIE_PREFIX}${state}`;
  const entry = document.cookie.split("; ").find((cookie) => cookie.startsWith(`${name}=`));
  if (!entry) return null;
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
  return entry.slice(name.length + 1) || null;
}
