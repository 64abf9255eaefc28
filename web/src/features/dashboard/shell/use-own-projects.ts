import { api } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The projects owned by the signed-in user's teams (`GET /internal/projects`, client access on `internal`). */
export function useProjects(): api.AdminProject[] {
  const { data } = useSuspenseQuery({ queryKey: api.getListProjectsQueryKey(), queryFn: ({ signal }) => api.listProjects({ signal }) });
  return data.items;
}
