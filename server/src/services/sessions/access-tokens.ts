/**
 * Access tokens are short-lived ES256 JWTs signed with the project's key (anonymous users
 * with the project's separate anonymous key, under their own issuer and audience). Every
 * claim the Stack SDKs read is always present. Verification checks signature, issuer,
 * audience and expiry; a verified token is cached until it expires so hot paths skip the
 * signature check. The expiry error carries the token's ids only after the signature held.
 * A token whose session has ended (services/revoked-sessions.ts) is refused as expired at
 * the moment of revocation: the SDKs then refresh, which fails, and the session is over.
 */
import { decodeJwt, decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from "jose";
import type { UserRecord } from "../../db/queries/users";
import { KnownError } from "../../errors";
import type { RevokedSessions } from "./revoked-sessions";
import type { SigningKeyStore } from "./signing-keys";
import type { Tenancy } from "../projects/tenancy";
import { TtlCache } from "../../cache/ttl-cache";
import { restrictionOf, restrictionRules } from "../users/restriction";
import type { Logger } from "../../logger";

export interface AccessTokenClaims {
  sub: string;
  iat: number;
  exp: number;
  iss: string;
  aud: string;
  project_id: string;
  branch_id: string;
  refresh_token_id: string;
  role: "authenticated";
  name: string | null;
  email: string | null;
  email_verified: boolean;
  selected_team_id: string | null;
  signed_up_at: number;
  is_anonymous: boolean;
  is_restricted: boolean;
  restricted_reason: { type: string } | null;
  requires_totp_mfa: boolean;
}

export function issuerFor(publicUrl: string, projectId: string, anonymous: boolean): string {
  return anonymous
    ? `${publicUrl}/api/v1/projects-anonymous-users/${projectId}`
    : `${publicUrl}/api/v1/projects/${projectId}`;
}

export function audienceFor(projectId: string, anonymous: boolean): string {
  return anonymous ? `${projectId}:anon` : projectId;
}

export async function issueAccessToken(
  signingKeys: SigningKeyStore,
  options: { publicUrl: string; ttlSeconds: number },
  tenancy: Tenancy,
  user: UserRecord,
  sessionId: string,
): Promise<string> {
  const keys = await signingKeys.keysFor(tenancy.projectId);
  const key = user.isAnonymous ? keys.anonymous : keys.regular;
  const restriction = restrictionOf(user, restrictionRules(tenancy.config));
  const now = Math.floor(Date.now() / 1000);
  const claims: Omit<AccessTokenClaims, "iat" | "exp" | "iss" | "aud" | "sub"> = {
    project_id: tenancy.projectId,
    branch_id: tenancy.branchId,
    refresh_token_id: sessionId,
    role: "authenticated",
    name: user.displayName,
    email: user.primaryEmail,
    email_verified: user.primaryEmailVerified,
    selected_team_id: user.selectedTeam?.id ?? null,
    signed_up_at: Math.floor(user.signedUpAtMillis / 1000),
    is_anonymous: user.isAnonymous,
    is_restricted: restriction !== null,
    restricted_reason: restriction,
    requires_totp_mfa: user.requiresTotpMfa,
  };
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" })
    .setSubject(user.id)
    .setIssuer(issuerFor(options.publicUrl, tenancy.projectId, user.isAnonymous))
    .setAudience(audienceFor(tenancy.projectId, user.isAnonymous))
    .setIssuedAt(now)
    .setExpirationTime(now + options.ttlSeconds)
    .sign(key.privateKey);
}

export class AccessTokenVerifier {
  private readonly verified = new TtlCache<AccessTokenClaims>(10 * 60_000, 20_000);

  /** Issuers already reported as foreign, so a stream of such tokens logs each once. */
  private readonly reportedIssuers = new Set<string>();

  constructor(
    private readonly signingKeys: SigningKeyStore,
    private readonly publicUrl: string,
    private readonly revokedSessions: RevokedSessions,
    private readonly log?: Pick<Logger, "warn">,
  ) {}

  /**
   * A token this project's key signed for another issuer was minted by a process with another
   * PUBLIC_URL: the caller only hears UNPARSABLE_ACCESS_TOKEN, so the operator is told why.
   */
  private reportForeignIssuer(error: unknown, expected: string): void {
    if (!(error instanceof joseErrors.JWTClaimValidationFailed) || error.claim !== "iss") return;
    const issuer = String(error.payload.iss);
    if (this.reportedIssuers.has(issuer) || this.reportedIssuers.size >= 100) return;
    this.reportedIssuers.add(issuer);
    this.log?.warn("Refused an access token issued under another PUBLIC_URL: every process of one deployment must share PUBLIC_URL (and STACK_SERVER_SECRET)", {
      token_issuer: issuer,
      expected_issuer: expected,
    });
  }

  /** Verifies a user's access token for `projectId`, throwing the contract's errors. */
  async verify(projectId: string, token: string): Promise<AccessTokenClaims> {
    const claims = await this.verifySignature(projectId, token);
    const revokedAt = this.revokedSessions.revokedAt(claims.refresh_token_id);
    if (revokedAt !== null) {
      throw new KnownError("ACCESS_TOKEN_EXPIRED", {
        expired_at_millis: revokedAt,
        project_id: claims.project_id,
        user_id: claims.sub,
        refresh_token_id: claims.refresh_token_id,
      });
    }
    return claims;
  }

  private async verifySignature(projectId: string, token: string): Promise<AccessTokenClaims> {
    const cacheKey = `${projectId}\u0000${token}`;
    const cached = this.verified.get(cacheKey);
    if (cached) return cached;

    let kid: string | undefined;
    let audience: unknown;
    try {
      kid = decodeProtectedHeader(token).kid;
      audience = decodeJwt(token).aud;
    } catch {
      throw new KnownError("UNPARSABLE_ACCESS_TOKEN");
    }
    if (typeof audience !== "string" || !kid) throw new KnownError("UNPARSABLE_ACCESS_TOKEN");
    const anonymous = audience.endsWith(":anon");
    const tokenProjectId = anonymous ? audience.slice(0, -":anon".length) : audience;
    if (tokenProjectId !== projectId) {
      throw new KnownError("INVALID_PROJECT_FOR_ACCESS_TOKEN", {
        expected_project_id: projectId,
        actual_project_id: tokenProjectId,
      });
    }

    const keys = await this.signingKeys.keysFor(projectId);
    const key = anonymous ? keys.anonymous : keys.regular;
    if (key.kid !== kid) throw new KnownError("UNPARSABLE_ACCESS_TOKEN");
    try {
      const { payload } = await jwtVerify<AccessTokenClaims>(token, key.publicKey, {
        algorithms: ["ES256"],
        issuer: issuerFor(this.publicUrl, projectId, anonymous),
        audience: audienceFor(projectId, anonymous),
      });
      this.verified.set(cacheKey, payload, payload.exp * 1000);
      return payload;
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) {
        const payload = error.payload as Partial<AccessTokenClaims>;
        throw new KnownError("ACCESS_TOKEN_EXPIRED", {
          expired_at_millis: typeof payload.exp === "number" ? payload.exp * 1000 : null,
          project_id: payload.project_id ?? null,
          user_id: payload.sub ?? null,
          refresh_token_id: payload.refresh_token_id ?? null,
        });
      }
      this.reportForeignIssuer(error, issuerFor(this.publicUrl, projectId, anonymous));
      throw new KnownError("UNPARSABLE_ACCESS_TOKEN");
    }
  }
}
