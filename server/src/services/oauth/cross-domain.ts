/**
 * The cross-domain hand-off (POST /auth/oauth/cross-domain/authorize): a user signed in on one
 * of the project's sites carries that session to another of its sites without signing in
 * again. The signed-in browser asks for a one-time authorization code for a trusted redirect
 * URI, bound to an S256 challenge whose verifier only the receiving page holds; the receiving
 * page trades it at POST /auth/oauth/token and gets the same session (authorization-codes.ts).
 *
 * Proving the session takes both tokens: the access token says who, and the refresh token,
 * which must be the one of that access token's session, shows the caller holds the session
 * itself and not only a short-lived access token.
 */
import { hashSecret } from "../../crypto/secret-hash";
import { useSessionByRefreshHash } from "../../db/queries/sessions";
import { KnownError } from "../../errors";
import type { AccessTokenClaims } from "../sessions/access-tokens";
import type { ClientInfo } from "../sessions/client-info";
import type { ServiceDeps } from "../deps";
import { RATE_LIMITS, enforceRateLimits } from "../rate-limits/rate-limits";
import { isTrustedRedirect } from "../projects/redirects";
import type { Tenancy } from "../projects/tenancy";
import { issueAuthorizationCode, redirectWithCode } from "./authorization-codes";

export interface CrossDomainInput {
  redirectUri: string;
  state: string;
  codeChallenge: string;
  afterCallbackRedirectUrl?: string;
}

/** The redirect URI with a one-time code for the caller's session and the client's state. */
export async function crossDomainRedirect(
  deps: ServiceDeps,
  tenancy: Tenancy,
  caller: { user: AccessTokenClaims | null; refreshToken: string | undefined },
  input: CrossDomainInput,
  client: ClientInfo,
): Promise<string> {
  const user = caller.user;
  if (!user) throw new KnownError("USER_AUTHENTICATION_REQUIRED");
  if (!caller.refreshToken) throw new KnownError("CROSS_DOMAIN_REFRESH_TOKEN_REQUIRED");
  await enforceRateLimits(deps, tenancy, [{ rule: RATE_LIMITS.signInPerIp, subject: client.ip }]);
  const session = await useSessionByRefreshHash(deps.db, tenancy, hashSecret(caller.refreshToken));
  if (!session || session.id !== user.refresh_token_id || session.userId !== user.sub) {
    throw new KnownError("CROSS_DOMAIN_REFRESH_TOKEN_MISMATCH");
  }
  for (const url of [input.redirectUri, input.afterCallbackRedirectUrl]) {
    if (url && !isTrustedRedirect(url, tenancy.config)) throw new KnownError("REDIRECT_URL_NOT_WHITELISTED");
  }
  const code = await issueAuthorizationCode(deps.db, tenancy, {
    userId: user.sub,
    redirectUri: input.redirectUri,
    codeChallenge: input.codeChallenge,
    codeChallengeMethod: "S256",
    isNewUser: false,
    afterCallbackRedirectUrl: input.afterCallbackRedirectUrl ?? null,
    scope: "legacy",
    session: { id: session.id, sealedRefreshToken: deps.oauthFlowSeal.seal(caller.refreshToken) },
  });
  return redirectWithCode(input.redirectUri, code, input.state);
}
