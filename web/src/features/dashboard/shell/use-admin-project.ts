import { adminKeys, adminQuery, api } from "@gatehouse/clients/react";
import { queryOptions, usePrefetchQuery, useQuery, useSuspenseQuery } from "@tanstack/react-query";

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
 * project's pages load beside it instead of after it. The read starts as this renders: useQuery
 * alone would start it only once the page under it had stopped waiting for its own reads.
 */
export function useAdminProjectCheck(projectId: string): void {
  usePrefetchQuery(adminProjectQuery(projectId));
  // Mounted once the page commits, by when the read above has usually answered: not again.
  const { error } = useQuery({ ...adminProjectQuery(projectId), refetchOnMount: false });
  if (error) throw error;
}
