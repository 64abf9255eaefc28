/**
 * Webhook endpoints as admins manage them. The endpoint itself is configuration (the
 * environment level's `webhooks.endpoints.<id>`, so it renders, layers and validates like every
 * other key); its signing secret is stored sealed beside it, written in the same transaction,
 * and shown once: when the endpoint is created and when the secret is rotated.
 */
import { newId } from "../../crypto/random";
import { deleteEndpointSecret, findEndpointSecrets, putEndpointSecret } from "../../db/queries/webhooks";
import { KnownError } from "../../errors";
import type { ServiceDeps } from "../deps";
import type { WebhookEndpointConfig } from "../project-config/document";
import { patchOverride } from "../project-config/overrides";
import type { Tenancy } from "../projects/tenancy";
import { eventNames, eventsRecord, newMessageId } from "./events";
import { postSigned } from "./signed-post";
import { newEndpointSecret } from "./signing";

export interface WebhookEndpoint {
  id: string;
  url: string;
  description: string | null;
  enabled: boolean;
  /** The events it takes; empty means every event. */
  events: string[];
  /** When its current secret was made; null until it has one. */
  secretCreatedAtMillis: number | null;
}

export interface EndpointChanges {
  url?: string;
  description?: string | null;
  enabled?: boolean;
  events?: string[];
}

function toEndpoint(id: string, config: WebhookEndpointConfig, secretCreatedAtMillis: number | null): WebhookEndpoint {
  return {
    id,
    url: config.url ?? "",
    description: config.description ?? null,
    enabled: config.enabled !== false,
    events: eventNames(config.events).sort(),
    secretCreatedAtMillis,
  };
}

function endpointConfig(tenancy: Tenancy, endpointId: string): WebhookEndpointConfig {
  const endpoint = Object.hasOwn(tenancy.config.webhooks.endpoints, endpointId) ? tenancy.config.webhooks.endpoints[endpointId] : undefined;
  if (!endpoint) throw new KnownError("WEBHOOK_ENDPOINT_NOT_FOUND", { endpoint_id: endpointId });
  return endpoint;
}

export async function listEndpoints(deps: ServiceDeps, tenancy: Tenancy): Promise<WebhookEndpoint[]> {
  const secrets = await findEndpointSecrets(deps.db, tenancy);
  return Object.entries(tenancy.config.webhooks.endpoints).map(([id, endpoint]) => toEndpoint(id, endpoint, secrets.get(id)?.createdAtMillis ?? null));
}

export async function getEndpoint(deps: ServiceDeps, tenancy: Tenancy, endpointId: string): Promise<WebhookEndpoint> {
  const endpoint = endpointConfig(tenancy, endpointId);
  const secrets = await findEndpointSecrets(deps.db, tenancy);
  return toEndpoint(endpointId, endpoint, secrets.get(endpointId)?.createdAtMillis ?? null);
}

/** The override keys for `changes`; `events` replaces the list whole. */
function changeKeys(endpointId: string, changes: EndpointChanges): Record<string, unknown> {
  const key = `webhooks.endpoints.${endpointId}`;
  const keys: Record<string, unknown> = {};
  if (changes.url !== undefined) keys[`${key}.url`] = changes.url;
  if (changes.description !== undefined) keys[`${key}.description`] = changes.description;
  if (changes.enabled !== undefined) keys[`${key}.enabled`] = changes.enabled;
  if (changes.events !== undefined) keys[`${key}.events`] = eventsRecord(changes.events);
  return keys;
}

const reload = (deps: ServiceDeps, tenancy: Tenancy) => deps.tenancies.load(tenancy.projectId, tenancy.branchId);

export async function createEndpoint(
  deps: ServiceDeps,
  tenancy: Tenancy,
  input: EndpointChanges & { url: string },
): Promise<{ endpoint: WebhookEndpoint; secret: string }> {
  const endpointId = newId();
  const secret = newEndpointSecret();
  // A new endpoint is written whole: dotted keys into an entry that does not exist yet would be ignored (render.ts).
  const entry = Object.fromEntries(
    Object.entries(changeKeys(endpointId, { enabled: true, events: [], ...input })).map(([key, value]) => [key.slice(`webhooks.endpoints.${endpointId}.`.length), value]),
  );
  await patchOverride(deps, tenancy, "environment", { [`webhooks.endpoints.${endpointId}`]: entry }, (tx) =>
    putEndpointSecret(tx, tenancy, endpointId, deps.webhookSecrets.seal(secret)),
  );
  return { endpoint: await getEndpoint(deps, await reload(deps, tenancy), endpointId), secret };
}

export async function updateEndpoint(deps: ServiceDeps, tenancy: Tenancy, endpointId: string, changes: EndpointChanges): Promise<WebhookEndpoint> {
  endpointConfig(tenancy, endpointId);
  const keys = changeKeys(endpointId, changes);
  if (Object.keys(keys).length > 0) await patchOverride(deps, tenancy, "environment", keys);
  return getEndpoint(deps, await reload(deps, tenancy), endpointId);
}

/** Removes the endpoint (whatever level declared it) and its secret; its pending deliveries fail as removed. */
export async function deleteEndpoint(deps: ServiceDeps, tenancy: Tenancy, endpointId: string): Promise<void> {
  endpointConfig(tenancy, endpointId);
  await patchOverride(deps, tenancy, "environment", { [`webhooks.endpoints.${endpointId}`]: null }, (tx) =>
    deleteEndpointSecret(tx, tenancy, endpointId),
  );
}

/** A new secret, shown this once; tries signed from now on use it. */
export async function rotateEndpointSecret(deps: ServiceDeps, tenancy: Tenancy, endpointId: string): Promise<string> {
  endpointConfig(tenancy, endpointId);
  const secret = newEndpointSecret();
  await putEndpointSecret(deps.db, tenancy, endpointId, deps.webhookSecrets.seal(secret));
  return secret;
}

export interface TestWebhookResult {
  success: boolean;
  statusCode: number | null;
  error: string | null;
}

/** Sends a signed `webhook.test` event to the endpoint now, outside the outbox, and reports the answer. */
export async function sendTestWebhook(deps: ServiceDeps, tenancy: Tenancy, endpointId: string): Promise<TestWebhookResult> {
  const endpoint = endpointConfig(tenancy, endpointId);
  if (!endpoint.url) throw new KnownError("WEBHOOK_ENDPOINT_NOT_FOUND", { endpoint_id: endpointId });
  const body = JSON.stringify({ type: "webhook.test", data: { endpoint_id: endpointId, project_id: tenancy.projectId } });
  const target = { endpointId, url: endpoint.url, allowPrivate: tenancy.config.domains.allowLocalhost };
  const result = await postSigned(deps, tenancy, target, { messageId: newMessageId(), body }, { timeoutMs: deps.settings.webhooks.timeoutMs });
  return { success: result.error === null, statusCode: result.statusCode, error: result.error };
}
