/**
 * Which Gatehouse session signed a browser in to a project's OAuth server. oidc-provider keeps
 * a session of its own (a cookie on the issuer's path); it is only as good as the Gatehouse
 * session the user signed in with on the authorize page, so every authorization checks that
 * session still lives (signing out, or an admin revoking it, ends the OAuth sign-in at once),
 * and RP-initiated logout ends it.
 */
import { hashSecret } from "../../crypto/secret-hash";
import { findOAuthServerRecord, upsertOAuthServerRecord } from "../../db/queries/oauth-server-records";
import { findLiveSessionStart } from "../../db/queries/sessions";
import type { Tenant } from "../../db/queries/tenant";
import type { ServiceDeps } from "../deps";
import type { Tenancy } from "../projects/tenancy";
import { revokeSession } from "../sessions/sessions";

const MODEL = "GatehouseSessionLink";

export interface SessionLink {
  userId: string;
  sessionId: string;
}

export async function linkSession(deps: ServiceDeps, tenant: Tenant, opSessionUid: string, link: SessionLink, ttlSeconds: number) {
  await upsertOAuthServerRecord(deps.db, tenant.projectId, {
    model: MODEL,
    idHash: hashSecret(opSessionUid),
    payload: { ...link },
    grantId: null,
    userCodeHash: null,
    uid: null,
    accountId: link.userId,
    clientId: null,
    expiresAt: new Date(Date.now() + ttlSeconds * 1000),
  });
}

export async function linkedSession(deps: ServiceDeps, opSessionUid: string, projectId: string): Promise<SessionLink | null> {
  const record = await findOAuthServerRecord(deps.db, projectId, MODEL, hashSecret(opSessionUid));
  const { userId, sessionId } = (record?.payload ?? {}) as Partial<SessionLink>;
  return typeof userId === "string" && typeof sessionId === "string" ? { userId, sessionId } : null;
}

/** The sign-in time of a Gatehouse session that still lives, or null. */
export async function liveSessionStart(deps: ServiceDeps, tenant: Tenant, link: SessionLink): Promise<Date | null> {
  if (deps.revokedSessions.revokedAt(link.sessionId) !== null) return null;
  return findLiveSessionStart(deps.db, tenant, link.sessionId, link.userId);
}

/** RP-initiated logout: the Gatehouse session behind the OAuth sign-in ends too (gone already is fine). */
export async function endLinkedSession(deps: ServiceDeps, tenancy: Tenancy, opSessionUid: string): Promise<void> {
  const link = await linkedSession(deps, opSessionUid, tenancy.projectId);
  if (link) await revokeSession(deps, tenancy, link.sessionId, { ownerId: link.userId, currentSessionId: null });
}
