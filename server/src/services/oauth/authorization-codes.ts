/**
 * Our authorization codes: what the OAuth callback (and the cross-domain hand-off) gives a
 * client, and what POST /auth/oauth/token trades for a session. A code is a verification code
 * (purpose `oauth_authorization_code`): single use, five minutes, stored as digests, bound to
 * the redirect URI it was issued for and to the client's PKCE challenge.
 *
 * PKCE (RFC 7636): `S256` is what our own clients send, and the only method the cross-domain
 * hand-off takes. `plain` is accepted at the authorize endpoint as well, because the RFC allows
 * it and Stack Auth's clients may send it; its verifier is the challenge itself, so it guards
 * the code only against someone who saw the code but not the authorize URL. A wrong verifier or
 * redirect URI counts as a wrong attempt against the code (ten kill it), so even a short plain
 * verifier cannot be found by trying.
 *
 * A cross-domain code stands for a session the user already has: trading it hands back that
 * session's refresh token (sealed in the code's data, as only its digest is stored with the
 * session) and a fresh access token, and fails once that session has ended.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { Queryable } from "../../db/db";
import { KnownError } from "../../errors";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { finishSignIn } from "../auth/finish-sign-in";
import type { SignInResult } from "../auth/mfa-sign-in";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { refreshSession } from "../sessions/sessions";
import type { Tenancy } from "../projects/tenancy";
import { issueCode, redeemCodeWithProof } from "../auth/verification-codes";
import { tenancyForClient } from "./client-credentials";

export const AUTHORIZATION_CODE_LIFETIME_MS = 5 * 60 * 1000;

export const PKCE_METHODS = ["S256", "plain"] as const;
export type PkceMethod = (typeof PKCE_METHODS)[number];

/** An S256 challenge: BASE64URL(SHA-256(verifier)), 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** A verifier, and so a plain challenge: RFC 7636's unreserved characters, at most 128. */
export const PKCE_VERIFIER = /^[A-Za-z0-9._~-]{1,128}$/;

export function isValidChallenge(method: PkceMethod, challenge: string): boolean {
  return method === "S256" ? S256_CHALLENGE.test(challenge) : PKCE_VERIFIER.test(challenge);
}

export function withoutHash(url: string): string {
  return url.split("#")[0]!;
}

export interface AuthorizationGrant {
  userId: string;
  redirectUri: string;
  codeChallenge: string;
  codeChallengeMethod: PkceMethod;
  isNewUser: boolean;
  afterCallbackRedirectUrl: string | null;
  /** Our own scope as the client asked for it (SDKs send `legacy`), handed back by the token endpoint. */
  scope: string;
  /** Cross-domain hand-off: the session the code stands for, and its refresh token sealed. */
  session?: { id: string; sealedRefreshToken: string };
  /** A sign-in through a team's SSO connection: that team, which SSO enforcement (services/sso/enforcement.ts) accepts. */
  ssoTeamId?: string;
}

/** Issues a code for `grant`; returns the code. */
export async function issueAuthorizationCode(q: Queryable, tenancy: Tenancy, grant: AuthorizationGrant): Promise<string> {
  const code = await issueCode(q, tenancy, {
    purpose: "oauth_authorization_code",
    expiresInMs: AUTHORIZATION_CODE_LIFETIME_MS,
    userId: grant.userId,
    data: {
      redirect_uri: withoutHash(grant.redirectUri),
      code_challenge: grant.codeChallenge,
      code_challenge_method: grant.codeChallengeMethod,
      is_new_user: grant.isNewUser,
      after_callback_redirect_url: grant.afterCallbackRedirectUrl,
      scope: grant.scope,
      ...(grant.session ? { session_id: grant.session.id, sealed_refresh_token: grant.session.sealedRefreshToken } : {}),
      ...(grant.ssoTeamId ? { sso_team_id: grant.ssoTeamId } : {}),
    },
    replacePrevious: false,
  });
  return code.code;
}

/** Adds `code` and `state` to the client's redirect URI (absolute or relative to the app). */
export function redirectWithCode(redirectUri: string, code: string, state: string): string {
  const target = new URL(redirectUri, "http://relative.invalid");
  target.searchParams.set("code", code);
  target.searchParams.set("state", state);
  return target.origin === "http://relative.invalid" ? `${target.pathname}${target.search}` : target.href;
}

/** An OAuth error answer (RFC 6749 §4.1.2.1) at `target` that also carries the known error, as the SDKs read it. */
export function redirectWithError(target: string, error: KnownError): string {
  const url = new URL(target, "http://relative.invalid");
  url.searchParams.set("error", "server_error");
  url.searchParams.set("error_description", error.message);
  url.searchParams.set("errorCode", error.code);
  url.searchParams.set("message", error.message);
  url.searchParams.set("details", JSON.stringify(error.details ?? {}));
  return url.origin === "http://relative.invalid" ? `${url.pathname}${url.search}` : url.href;
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Whether `verifier` answers `challenge` under `method`. */
export function pkceMatches(method: unknown, challenge: unknown, verifier: string): boolean {
  if (typeof challenge !== "string") return false;
  if (method === "plain") return sameText(verifier, challenge);
  // Codes issued before the method was recorded were all S256.
  if (method !== undefined && method !== "S256") return false;
  return sameText(createHash("sha256").update(verifier).digest("base64url"), challenge);
}

const CODE_REFUSALS = new Set(["VERIFICATION_CODE_NOT_FOUND", "VERIFICATION_CODE_EXPIRED", "VERIFICATION_CODE_ALREADY_USED", "VERIFICATION_CODE_MAX_ATTEMPTS_REACHED"]);

export interface ExchangeInput {
  clientId: string;
  clientSecret: string | undefined;
  code: string;
  redirectUri: string;
  codeVerifier: string;
}

export interface ExchangeResult {
  tenancy: Tenancy;
  result: SignInResult;
  afterCallbackRedirectUrl: string | null;
  scope: string;
}

interface Redeemed {
  userId: string;
  isNewUser: boolean;
  after: string | null;
  scope: string;
  session: { id: string; sealedRefreshToken: string } | null;
  ssoTeamId: string | null;
}

const str = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * The `authorization_code` grant: our code, the redirect URI it was issued for and the PKCE
 * verifier of its challenge. The sign-in then goes through finishSignIn, so a user with a
 * second factor gets MULTI_FACTOR_AUTHENTICATION_REQUIRED here; a cross-domain code hands back
 * its session instead.
 */
export async function exchangeAuthorizationCode(deps: ServiceDeps, input: ExchangeInput, client: ClientInfo): Promise<ExchangeResult> {
  const tenancy = await tenancyForClient(deps, input.clientId, input.clientSecret, "token");
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.codeCheckPerIp, subject: client.ip }]);
  let wrongRedirect = false;
  let redeemed: Redeemed;
  try {
    redeemed = await redeemCodeWithProof(
      deps.db,
      tenancy,
      "oauth_authorization_code",
      input.code,
      "INVALID_AUTHORIZATION_CODE",
      async (_tx, record) => {
        wrongRedirect = record.data.redirect_uri !== withoutHash(input.redirectUri);
        return !wrongRedirect && pkceMatches(record.data.code_challenge_method, record.data.code_challenge, input.codeVerifier);
      },
      async (_tx, record) => ({
        userId: record.userId!,
        isNewUser: record.data.is_new_user === true,
        after: str(record.data.after_callback_redirect_url),
        scope: str(record.data.scope) ?? "legacy",
        session:
          typeof record.data.session_id === "string" && typeof record.data.sealed_refresh_token === "string"
            ? { id: record.data.session_id, sealedRefreshToken: record.data.sealed_refresh_token }
            : null,
        ssoTeamId: str(record.data.sso_team_id),
      }),
    );
  } catch (error) {
    if (wrongRedirect) {
      throw new KnownError("OAUTH_REDIRECT_URI_MISMATCH");
    }
    if (error instanceof KnownError && CODE_REFUSALS.has(error.code)) throw new KnownError("INVALID_AUTHORIZATION_CODE");
    throw error;
  }
  if (redeemed.session) {
    const refreshToken = deps.oauthFlowSeal.open(redeemed.session.sealedRefreshToken);
    // The session the code stands for must still be live (and be the one it named).
    const refreshed = await refreshSession(deps, tenancy, refreshToken).catch(() => null);
    if (!refreshed || refreshed.sessionId !== redeemed.session.id) throw new KnownError("INVALID_AUTHORIZATION_CODE");
    const result = { access_token: refreshed.accessToken, refresh_token: refreshToken, user_id: redeemed.userId, is_new_user: false };
    return { tenancy, result, afterCallbackRedirectUrl: redeemed.after, scope: redeemed.scope };
  }
  const result = await finishSignIn(
    deps,
    tenancy,
    redeemed.userId,
    client,
    { isNewUser: redeemed.isNewUser, method: redeemed.ssoTeamId ? "sso" : "oauth", ssoTeamId: redeemed.ssoTeamId },
    () => new KnownError("INVALID_AUTHORIZATION_CODE"),
  );
  return { tenancy, result, afterCallbackRedirectUrl: redeemed.after, scope: redeemed.scope };
}
