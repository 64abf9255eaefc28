import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export function useUserSessions(projectId: string, userId: string): api.Session[] {
  const params = { user_id: userId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListSessionsQueryKey(params)),
    queryFn: ({ signal }) => api.listSessions(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}

function useInvalidateSessions(projectId: string, userId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return () => invalidate(api.getListSessionsQueryKey({ user_id: userId }));
}

export function useRevokeUserSession(projectId: string, userId: string) {
  const onSuccess = useInvalidateSessions(projectId, userId);
  return api.useRevokeSession({ request: adminRequest(projectId), mutation: { onSuccess } });
}

/** `POST /auth/sessions` with `is_impersonation`: a new session of the user, whose tokens are the answer. */
export function useImpersonateUser(projectId: string, userId: string) {
  const onSuccess = useInvalidateSessions(projectId, userId);
  return api.useCreateSession({ request: adminRequest(projectId), mutation: { onSuccess } });
}
