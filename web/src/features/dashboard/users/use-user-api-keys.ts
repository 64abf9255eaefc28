import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export function useUserApiKeys(projectId: string, userId: string): api.UserApiKey[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.userApiKeys(userId), (request) => api.listUserApiKeys({ user_id: userId }, request)).items;
}

export function useRevokeUserApiKey(projectId: string, userId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateUserApiKey({ request, mutation: { onSuccess: () => invalidate(keys.userApiKeys(userId)) } });
}
