import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export function useUserSessions(projectId: string, userId: string): api.Session[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.userSessions(userId), (request) => api.listSessions({ user_id: userId }, request)).items;
}

function useSessionChange(projectId: string, userId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, mutation: { onSuccess: () => invalidate(keys.userSessions(userId)) } };
}

export function useRevokeUserSession(projectId: string, userId: string) {
  return api.useRevokeSession(useSessionChange(projectId, userId));
}

/** `POST /auth/sessions` with `is_impersonation`: a new session of the user, whose tokens are the answer. */
export function useImpersonateUser(projectId: string, userId: string) {
  return api.useCreateSession(useSessionChange(projectId, userId));
}

/**
 * `POST /auth/sessions/impersonation-links`: a single-use link to the app's sign-in-link page that
 * opens an impersonation session when the app redeems it, so the sessions list changes only then.
 */
export function useImpersonationLink(projectId: string, userId: string) {
  return api.useCreateImpersonationLink(useSessionChange(projectId, userId));
}
