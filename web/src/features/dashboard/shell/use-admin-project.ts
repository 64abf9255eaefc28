import { adminQueryKey, adminRequest, api } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The project with its config, as its admins see it (`GET /internal/projects/current`). */
export function useAdminProject(projectId: string): api.AdminProject {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetCurrentProjectAdminQueryKey()),
    queryFn: ({ signal }) => api.getCurrentProjectAdmin(adminRequest(projectId, { signal })),
  });
  return data;
}
