/**
 * Sessions. A session is one row; its refresh token is 32 random bytes handed out once and
 * stored only as a SHA-256 digest. The refresh token stays the same for the whole session
 * (the SDK keeps it), so revoking the row is what ends the session: the next refresh fails
 * at once, and outstanding access tokens lapse within their short lifetime.
 */
import { hashSecret } from "../../crypto/secret-hash";
import { newId, randomToken } from "../../crypto/random";
import type { Queryable } from "../../db/db";
import {
  deleteSession,
  deleteSessionById,
  insertSession,
  listLiveSessions,
  useSessionByRefreshHash,
} from "../../db/queries/sessions";
import { findUser, touchUserActivity } from "../../db/queries/users";
import { KnownError } from "../../errors";
import { issueAccessToken } from "./access-tokens";
import { recordTokenRefresh } from "../analytics/events";
import type { ClientInfo } from "./client-info";
import { recordAuditEvent } from "../audit-log/record";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";

export const DEFAULT_SESSION_LIFETIME_MS = 31_536_000_000;

export interface SignInTokens {
  access_token: string;
  refresh_token: string;
  user_id: string;
}

/** Inserts a session row (inside the caller's transaction) and returns its id and refresh token. */
export async function openSession(
  q: Queryable,
  tenancy: Tenancy,
  userId: string,
  client: ClientInfo,
  options: { isImpersonation?: boolean; expiresInMillis?: number } = {},
): Promise<{ sessionId: string; refreshToken: string; client: ClientInfo }> {
  const sessionId = newId();
  const refreshToken = randomToken(32);
  await insertSession(q, tenancy, {
    id: sessionId,
    userId,
    refreshTokenHash: hashSecret(refreshToken),
    isImpersonation: options.isImpersonation ?? false,
    expiresAt: new Date(Date.now() + (options.expiresInMillis ?? DEFAULT_SESSION_LIFETIME_MS)),
    ip: client.ip,
    userAgent: client.userAgent,
    countryCode: client.countryCode ?? null,
    cityName: client.cityName ?? null,
  });
  return { sessionId, refreshToken, client };
}

/**
 * A new access token for a session, at sign-in or on refresh: the user is active now (and, when
 * a trusted proxy or the GeoIP database said, in this country), and it is one $token-refresh event.
 */
export async function accessTokenFor(deps: ServiceDeps, tenancy: Tenancy, userId: string, sessionId: string, client: ClientInfo | null = null) {
  await touchUserActivity(deps.db, tenancy, userId, client?.countryCode ?? null);
  const user = await findUser(deps.db, tenancy, userId);
  if (!user) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  await recordTokenRefresh(deps, tenancy, { userId, sessionId, isAnonymous: user.isAnonymous, client });
  return issueAccessToken(
    deps.signingKeys,
    { publicUrl: deps.settings.publicUrl, ttlSeconds: deps.settings.accessTokenTtlSeconds },
    tenancy,
    user,
    sessionId,
  );
}

/** The tokens a sign-in answers with, for a session opened (and committed) just before. */
export async function tokensForSession(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  session: { sessionId: string; refreshToken: string; client?: ClientInfo },
): Promise<SignInTokens> {
  return {
    access_token: await accessTokenFor(deps, tenancy, userId, session.sessionId, session.client ?? null),
    refresh_token: session.refreshToken,
    user_id: userId,
  };
}

/** A fresh access token for a live session; the refresh token itself does not change. */
export async function refreshSession(deps: ServiceDeps, tenancy: Tenancy, refreshToken: string, client: ClientInfo | null = null) {
  const session = await useSessionByRefreshHash(deps.db, tenancy, hashSecret(refreshToken));
  if (!session) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  return { accessToken: await accessTokenFor(deps, tenancy, session.userId, session.id, client), sessionId: session.id };
}

/** Signs out: deletes the session named by the access token's `refresh_token_id`. */
export async function endSession(deps: ServiceDeps, tenancy: Tenancy, userId: string, sessionId: string) {
  const deleted = await deps.db.transaction(async (tx) => {
    if (!(await deleteSession(tx, tenancy, sessionId, userId))) return false;
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: "auth.sign_out",
      actor: { type: "user", id: userId },
      target: { type: "user", id: userId },
      details: { session_id: sessionId },
    });
    return true;
  });
  if (!deleted) throw new KnownError("REFRESH_TOKEN_NOT_FOUND_OR_EXPIRED");
  // Other processes learn it by notification (services/cache-sync.ts); this one at once.
  deps.revokedSessions.add(sessionId);
}

export interface SessionView {
  id: string;
  user_id: string;
  created_at: number;
  is_impersonation: boolean;
  last_used_at: number;
  is_current_session: boolean;
  last_used_at_end_user_ip_info?: { ip: string; countryCode: string | null; cityName?: string };
  user_agent: string | null;
}

/** A user's live sessions; `currentSessionId` marks the caller's own. USER_NOT_FOUND for an unknown user. */
export async function listSessions(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  currentSessionId: string | null,
  options: { includeImpersonation: boolean } = { includeImpersonation: true },
): Promise<SessionView[]> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_NOT_FOUND");
  const rows = (await listLiveSessions(deps.db, tenancy, userId)).filter((row) => options.includeImpersonation || !row.isImpersonation);
  return rows.map((row) => ({
    id: row.id,
    user_id: row.userId,
    created_at: row.createdAt.getTime(),
    is_impersonation: row.isImpersonation,
    last_used_at: row.lastUsedAt.getTime(),
    is_current_session: row.id === currentSessionId,
    ...(row.ip ? { last_used_at_end_user_ip_info: { ip: row.ip, countryCode: row.countryCode, ...(row.cityName ? { cityName: row.cityName } : {}) } } : {}),
    user_agent: row.userAgent,
  }));
}

/**
 * Revokes one session. With `ownerId` only that user's session qualifies (anyone else's reads
 * as absent); the caller's own current session is refused (sign-out is DELETE /current).
 * Returns false when no such session exists.
 */
export async function revokeSession(
  deps: ServiceDeps,
  tenancy: Tenancy,
  sessionId: string,
  scope: { ownerId: string | null; currentSessionId: string | null },
): Promise<boolean> {
  if (sessionId === scope.currentSessionId) throw new KnownError("CANNOT_DELETE_CURRENT_SESSION");
  const deleted = await deps.db.transaction(async (tx) => {
    const userId = scope.ownerId
      ? ((await deleteSession(tx, tenancy, sessionId, scope.ownerId)) ? scope.ownerId : null)
      : await deleteSessionById(tx, tenancy, sessionId);
    if (userId) await recordAuditEvent(deps, tx, { tenancy, action: "session.revoked", target: { type: "user", id: userId }, details: { session_id: sessionId } });
    return userId !== null;
  });
  if (deleted) deps.revokedSessions.add(sessionId);
  return deleted;
}

/** Server-side session creation (e.g. impersonation). USER_ID_DOES_NOT_EXIST for an unknown user. */
export async function createSessionForUser(
  deps: ServiceDeps,
  tenancy: Tenancy,
  userId: string,
  options: { expiresInMillis?: number; isImpersonation?: boolean },
  client: ClientInfo,
): Promise<{ refresh_token: string; access_token: string }> {
  if (!(await findUser(deps.db, tenancy, userId))) throw new KnownError("USER_ID_DOES_NOT_EXIST", { user_id: userId });
  const session = await deps.db.transaction(async (tx) => {
    const opened = await openSession(tx, tenancy, userId, client, options);
    await recordAuditEvent(deps, tx, {
      tenancy,
      action: options.isImpersonation ? "session.impersonation.created" : "auth.sign_in.succeeded",
      target: { type: "user", id: userId },
      client,
      details: { method: "server", session_id: opened.sessionId },
    });
    return opened;
  });
  const tokens = await tokensForSession(deps, tenancy, userId, session);
  return { refresh_token: tokens.refresh_token, access_token: tokens.access_token };
}
