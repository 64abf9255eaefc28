import { adminKeys, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export type OAuthApp = api.OAuthApp;

/** The project's OAuth apps, oldest first (`GET /internal/oauth-apps`, admin). */
export function useOAuthApps(projectId: string): OAuthApp[] {
  return useAdminQuery(projectId, adminKeys(projectId).oauthAppList(), (request) => api.listOAuthApps(request)).items;
}

/** One app (`GET /internal/oauth-apps/{client_id}`); OAUTH_APP_NOT_FOUND when there is none. */
export function useOAuthApp(projectId: string, clientId: string): OAuthApp {
  return useAdminQuery(projectId, adminKeys(projectId).oauthApp(clientId), (request) => api.getOAuthApp(clientId, request));
}

/** Adds an app; the answer carries a confidential app's secret, shown once. */
export function useCreateOAuthApp(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateOAuthApp({ request, mutation: { onSuccess: () => invalidate(keys.oauthAppList()) } });
}

/** Changes an app: the list shows what changed, and the app's own read is the answer. */
export function useUpdateOAuthApp(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateOAuthApp({ request, mutation: { onSuccess: () => invalidate(keys.oauthApps()) } });
}

/** A new secret for a confidential app: the old one stops at once; the date the list shows changes. */
export function useRotateOAuthAppSecret(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRotateOAuthAppSecret({ request, mutation: { onSuccess: () => invalidate(keys.oauthApps()) } });
}

/**
 * Removes an app and everything it was given. The caller leaves the app's page first: its own
 * read would fail if it were read again while on screen. Every user's connected apps change too,
 * so their reads (under the users' key) are stale.
 */
export function useDeleteOAuthApp(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteOAuthApp({ request, mutation: { onSuccess: () => invalidate(keys.oauthAppList(), keys.users()) } });
}
