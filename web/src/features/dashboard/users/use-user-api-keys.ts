import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export function useUserApiKeys(projectId: string, userId: string): api.UserApiKey[] {
  const params = { user_id: userId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListUserApiKeysQueryKey(params)),
    queryFn: ({ signal }) => api.listUserApiKeys(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}

export function useRevokeUserApiKey(projectId: string, userId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateUserApiKey({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getListUserApiKeysQueryKey({ user_id: userId })) },
  });
}
