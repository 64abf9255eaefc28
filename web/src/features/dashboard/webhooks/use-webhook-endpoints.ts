import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

const listKey = api.getListWebhookEndpointsQueryKey();

/** The project's webhook endpoints (`GET /internal/webhooks/endpoints`, admin). */
export function useWebhookEndpoints(projectId: string): api.WebhookEndpoint[] {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, listKey),
    queryFn: ({ signal }) => api.listWebhookEndpoints(adminRequest(projectId, { signal })),
  });
  return data.items;
}

export function useCreateWebhookEndpoint(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useCreateWebhookEndpoint({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(listKey) } });
}

export function useUpdateWebhookEndpoint(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateWebhookEndpoint({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(listKey) } });
}

/** Removing an endpoint fails its waiting deliveries, so the log is read again too. */
export function useDeleteWebhookEndpoint(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useDeleteWebhookEndpoint({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(listKey, api.getListWebhookDeliveriesQueryKey()) },
  });
}

export function useRotateWebhookSecret(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useRotateWebhookEndpointSecret({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(listKey) } });
}

/** A test event goes straight to the endpoint, outside the outbox: the delivery log does not change. */
export function useSendTestWebhook(projectId: string) {
  return api.useSendTestWebhook({ request: adminRequest(projectId) });
}
