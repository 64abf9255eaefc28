import { api, useAdmin } from "@gatehouse/clients/react";

export function useUpdateCurrentProject(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateCurrentProjectAdmin({ request, mutation: { onSuccess: () => invalidate(keys.project()) } });
}
