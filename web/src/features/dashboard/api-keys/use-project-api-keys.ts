import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The project's own key sets (`GET /internal/api-keys`, admin), newest first. */
export function useProjectApiKeySets(projectId: string): api.ProjectApiKeySet[] {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListProjectApiKeySetsQueryKey()),
    queryFn: ({ signal }) => api.listProjectApiKeySets(adminRequest(projectId, { signal })),
  });
  return data.items.toSorted((a, b) => b.created_at_millis - a.created_at_millis);
}

export function useCreateProjectApiKeySet(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useCreateProjectApiKeySet({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListProjectApiKeySetsQueryKey()) } });
}

/** Renames or revokes a key set (`revoked: true`; a revoked set stays revoked). */
export function useUpdateProjectApiKeySet(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateProjectApiKeySet({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListProjectApiKeySetsQueryKey()) } });
}
