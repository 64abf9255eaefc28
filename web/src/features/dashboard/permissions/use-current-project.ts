import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The project with its configuration, as its admin sees it (`GET /internal/projects/current`). */
export function useCurrentProject(projectId: string): api.AdminProject {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetCurrentProjectAdminQueryKey()),
    queryFn: ({ signal }) => api.getCurrentProjectAdmin(adminRequest(projectId, { signal })),
  });
  return data;
}

export function useUpdateCurrentProject(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateCurrentProjectAdmin({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getGetCurrentProjectAdminQueryKey()) },
  });
}
