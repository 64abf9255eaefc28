import { adminKeys, api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** The project's own key sets (`GET /internal/api-keys`, admin), newest first. */
export function useProjectApiKeySets(projectId: string): api.ProjectApiKeySet[] {
  return useAdminQuery(projectId, adminKeys(projectId).apiKeySets(), (request) => api.listProjectApiKeySets(request)).items.toSorted(
    (a, b) => b.created_at_millis - a.created_at_millis,
  );
}

export function useCreateProjectApiKeySet(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateProjectApiKeySet({ request, mutation: { onSuccess: () => invalidate(keys.apiKeySets()) } });
}

/** Renames or revokes a key set (`revoked: true`; a revoked set stays revoked). */
export function useUpdateProjectApiKeySet(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateProjectApiKeySet({ request, mutation: { onSuccess: () => invalidate(keys.apiKeySets()) } });
}
