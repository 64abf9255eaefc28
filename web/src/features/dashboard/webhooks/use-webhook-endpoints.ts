import { adminKeys, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** The project's webhook endpoints (`GET /internal/webhooks/endpoints`, admin). */
export function useWebhookEndpoints(projectId: string): api.WebhookEndpoint[] {
  return useAdminQuery(projectId, adminKeys(projectId).webhookEndpoints(), (request) => api.listWebhookEndpoints(request)).items;
}

export function useCreateWebhookEndpoint(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateWebhookEndpoint({ request, mutation: { onSuccess: () => invalidate(keys.webhookEndpoints()) } });
}

export function useUpdateWebhookEndpoint(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateWebhookEndpoint({ request, mutation: { onSuccess: () => invalidate(keys.webhookEndpoints()) } });
}

/** Removing an endpoint fails its waiting deliveries, so the log is read again too. */
export function useDeleteWebhookEndpoint(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteWebhookEndpoint({
    request,
    mutation: { onSuccess: () => invalidate(keys.webhookEndpoints(), keys.webhookDeliveries()) },
  });
}

export function useRotateWebhookSecret(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRotateWebhookEndpointSecret({ request, mutation: { onSuccess: () => invalidate(keys.webhookEndpoints()) } });
}

/** A test event goes straight to the endpoint, outside the outbox: the delivery log does not change. */
export function useSendTestWebhook(projectId: string) {
  return api.useSendTestWebhook({ request: useAdmin(projectId).request });
}
