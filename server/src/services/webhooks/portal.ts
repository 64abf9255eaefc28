/**
 * Svix's API over the project's own webhooks. Stack Auth hands its webhooks to Svix, and its
 * dashboard and e2e helpers manage endpoints and read attempts through Svix's API with a token
 * from `POST /webhooks/svix-token`. Gatehouse sends webhooks itself; this serves the part of
 * Svix's API they use over the same endpoints, messages and tries, for the token's project only.
 */
import { randomToken } from "../../crypto/random";
import { hashSecret } from "../../crypto/secret-hash";
import { findMessage, findPortalToken, insertPortalToken, type AttemptRecord, type WebhookMessage } from "../../db/queries/webhooks";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import { isOwnerSessionLive } from "../projects/ownership";
import type { Tenancy } from "../projects/tenancy";
import { listDeliveryLog } from "./delivery-log";
import { getEndpoint, type WebhookEndpoint } from "./endpoints";

/** How long a token works; Stack's dashboard asks for a new one on every visit. */
const PORTAL_TOKEN_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * A token for the Svix-compatible API of `tenancy`'s project. Made with a project owner's
 * session, it works only while that session is signed in and the user still owns the project.
 */
export async function createPortalToken(deps: ServiceDeps, tenancy: Tenancy, owner: { userId: string; sessionId: string } | null): Promise<string> {
  const token = `whpt_${randomToken(32)}`;
  await insertPortalToken(deps.db, tenancy, { hash: hashSecret(token), owner, expiresAt: new Date(Date.now() + PORTAL_TOKEN_LIFETIME_MS) });
  return token;
}

/** The project a request's `Authorization: Bearer <token>` opens, which must be the app (project) its path names. */
export async function tenancyOfPortalToken(deps: ServiceDeps, authorization: string | undefined, appId: string): Promise<Tenancy> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? "")?.[1];
  const record = token ? await findPortalToken(deps.db, hashSecret(token)) : null;
  if (!record || record.projectId !== appId) throw new KnownError("WEBHOOK_PORTAL_TOKEN_INVALID");
  if (record.owner && !(await isOwnerSessionLive(deps, record.projectId, record.owner))) throw new KnownError("WEBHOOK_PORTAL_TOKEN_INVALID");
  return deps.tenancies.load(record.projectId, record.branchId);
}

export interface EndpointAttempt extends AttemptRecord {
  messageId: string;
}

/**
 * The endpoint's tries, newest first: those of up to `limit` messages per page (a message's tries
 * stay on one page), keyset-paged by message.
 */
export async function listEndpointAttempts(
  deps: ServiceDeps,
  tenancy: Tenancy,
  endpointId: string,
  page: { limit: number; cursor?: string },
): Promise<{ endpoint: WebhookEndpoint; attempts: EndpointAttempt[]; nextCursor: string | null }> {
  const endpoint = await getEndpoint(deps, tenancy, endpointId);
  const { deliveries, nextCursor } = await listDeliveryLog(deps, tenancy, { ...page, endpointId });
  const attempts = deliveries.flatMap((delivery) => delivery.tries.map((attempt) => ({ ...attempt, messageId: delivery.messageId })));
  attempts.sort((a, b) => b.attemptedAtMillis - a.attemptedAtMillis || b.attempt - a.attempt);
  return { endpoint, attempts, nextCursor };
}

export async function getMessage(deps: ServiceDeps, tenancy: Tenancy, messageId: string): Promise<WebhookMessage> {
  const message = await findMessage(deps.db, tenancy, messageId);
  if (!message) throw new KnownError("WEBHOOK_MESSAGE_NOT_FOUND", { message_id: messageId });
  return message;
}
