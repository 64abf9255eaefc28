import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useQueryClient } from "@tanstack/react-query";

export function useProjectUser(projectId: string, userId: string): api.ServerUser {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.userDetail(userId), (request) => api.getUser(userId, request));
}

/** `PATCH /users/{id}`: the answer is the whole user, so it replaces the cached one; the list shows names and e-mails too. */
export function useUpdateProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateUser({
    request,
    mutation: {
      onSuccess: (user) => {
        queryClient.setQueryData(keys.userDetail(user.id), user);
        // Contact channels follow the primary e-mail and its verification.
        return invalidate(keys.userList(), keys.userEmails(user.id));
      },
    },
  });
}

export function useDeleteProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteUser({
    request,
    mutation: {
      onSuccess: (_result, { userId }) => {
        // Removed rather than read again: the user is gone, and reading it would answer USER_NOT_FOUND.
        queryClient.removeQueries({ queryKey: keys.user(userId) });
        return invalidate(keys.userList());
      },
    },
  });
}
