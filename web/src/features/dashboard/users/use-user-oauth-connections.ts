import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** The OAuth apps the user allowed, newest first (`GET /oauth-apps/connections?user_id=`, admin). */
export function useUserOAuthConnections(projectId: string, userId: string): api.OAuthConnection[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.userOAuthConnections(userId), (request) => api.listOAuthConnections({ user_id: userId }, request)).items;
}

/** Disconnects an app from the user: what it was given is revoked at once. */
export function useDisconnectOAuthApp(projectId: string, userId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRevokeOAuthConnection({ request, mutation: { onSuccess: () => invalidate(keys.userOAuthConnections(userId)) } });
}
