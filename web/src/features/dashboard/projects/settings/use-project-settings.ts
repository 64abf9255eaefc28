import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useQueryClient } from "@tanstack/react-query";

/**
 * Saves part of the project (`PATCH /internal/projects/current`). The answer is the project as
 * saved, put straight into the cache; the projects list shows the name and mode, so it is read again.
 */
export function useUpdateAdminProject(projectId: string) {
  const queryClient = useQueryClient();
  return api.useUpdateCurrentProjectAdmin({
    request: adminRequest(projectId),
    mutation: {
      onSuccess: async (project) => {
        queryClient.setQueryData(adminQueryKey(projectId, api.getGetCurrentProjectAdminQueryKey()), project);
        await queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() });
      },
    },
  });
}

/** Moves the project to another of the user's teams: client access on `internal`, with the user's session. */
export function useTransferProject(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useAdminInvalidate(projectId);
  return api.useTransferProject({
    mutation: {
      onSuccess: async () => {
        await Promise.all([invalidate(api.getGetCurrentProjectAdminQueryKey()), queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() })]);
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
  const remove = api.useDeleteCurrentProject({ request: adminRequest(projectId) });
  const forget = () => {
    queryClient.removeQueries({ queryKey: adminQueryKey(projectId) });
    void queryClient.invalidateQueries({ queryKey: api.getListProjectsQueryKey() });
  };
  return { ...remove, forget };
}

export function useSendTestEmail(projectId: string) {
  return api.useSendTestEmail({ request: adminRequest(projectId) });
}
