import type { Tenant } from "../../db/queries/tenant";
import { ensureEndpointSecret } from "../../db/queries/webhooks";
import { postWebhook, type WebhookPost, type WebhookPostResult } from "../../integrations/webhook-sender";
import type { ServiceDeps } from "../deps";
import { newEndpointSecret, signatureHeaders } from "./signing";

export interface SignedPostTarget {
  endpointId: string;
  url: string;
  allowPrivate: boolean;
}

/**
 * Signs `body` as message `messageId` with the endpoint's secret and posts it. An endpoint
 * declared through the config API has no secret until its first message; it gets one then,
 * which rotate-secret reveals.
 */
export async function postSigned(
  deps: Pick<ServiceDeps, "db" | "webhookSecrets">,
  tenant: Tenant,
  target: SignedPostTarget,
  message: { messageId: string; body: string },
  options: { timeoutMs: number; post?: (post: WebhookPost) => Promise<WebhookPostResult> },
): Promise<WebhookPostResult> {
  const sealed = await ensureEndpointSecret(deps.db, tenant, target.endpointId, deps.webhookSecrets.seal(newEndpointSecret()));
  const headers = { ...signatureHeaders(deps.webhookSecrets.open(sealed), message.messageId, message.body), "user-agent": "Gatehouse-Webhooks/1" };
  return (options.post ?? postWebhook)({
    url: target.url,
    headers,
    body: message.body,
    timeoutMs: options.timeoutMs,
    allowPrivate: target.allowPrivate,
  });
}
