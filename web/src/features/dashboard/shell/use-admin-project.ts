import { adminKeys, adminQuery, api } from "@gatehouse/clients/react";
import { queryOptions, useQuery, useSuspenseQuery } from "@tanstack/react-query";

const adminProjectQuery = (projectId: string) =>
  queryOptions({
    ...adminQuery(projectId, adminKeys(projectId).project(), (request) => api.getCurrentProjectAdmin(request)),
  });

/** The project with its config, as its admins see it (`GET /internal/projects/current`). */
export function useAdminProject(projectId: string): api.AdminProject {
  return useSuspenseQuery(adminProjectQuery(projectId)).data;
}

/**
 * Reads the project without waiting for it, and throws its failure to the nearest boundary: the
 * project's pages load beside it instead of after it.
 */
export function useAdminProjectCheck(projectId: string): void {
  const { error } = useQuery(adminProjectQuery(projectId));
  if (error) throw error;
}
