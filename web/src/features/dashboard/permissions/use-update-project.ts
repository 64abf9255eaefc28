import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";

export function useUpdateCurrentProject(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateCurrentProjectAdmin({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getGetCurrentProjectAdminQueryKey()) },
  });
}
