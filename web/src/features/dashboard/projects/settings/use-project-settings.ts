import { api, useAdmin } from "@gatehouse/clients/react";
import { useQueryClient } from "@tanstack/react-query";

/**
 * Saves part of the project (`PATCH /internal/projects/current`). The answer is the project as
 * saved, put straight into the cache; the projects list shows the name and mode, so it is read again.
 */
export function useUpdateAdminProject(projectId: string) {
  const queryClient = useQueryClient();
  const { keys, request } = useAdmin(projectId);
  return api.useUpdateCurrentProjectAdmin({
    request,
    mutation: {
      onSuccess: async (project) => {
        queryClient.setQueryData(keys.project(), project);
        await queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() });
      },
    },
  });
}

/** Moves the project to another of the user's teams: client access on `internal`, with the user's session. */
export function useTransferProject(projectId: string) {
  const queryClient = useQueryClient();
  const { keys, invalidate } = useAdmin(projectId);
  return api.useTransferProject({
    mutation: {
      onSuccess: async () => {
        await Promise.all([invalidate(keys.project()), queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() })]);
      },
    },
  });
}

/**
 * Deletes the project. Its cached reads are dropped only once the caller has left its pages
 * (`forget`): dropped while they are on screen, they would be read again and fail.
 */
export function useDeleteAdminProject(projectId: string) {
  const queryClient = useQueryClient();
  const { keys, request } = useAdmin(projectId);
  const remove = api.useDeleteCurrentProject({ request });
  const forget = () => {
    queryClient.removeQueries({ queryKey: keys.all() });
    void queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() });
  };
  return { ...remove, forget };
}

export function useSendTestEmail(projectId: string) {
  return api.useSendTestEmail({ request: useAdmin(projectId).request });
}
