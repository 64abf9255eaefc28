import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useQueryClient, useSuspenseQuery } from "@tanstack/react-query";

const userKey = (projectId: string, userId: string) => adminQueryKey(projectId, api.getGetUserQueryKey(userId));

export function useProjectUser(projectId: string, userId: string): api.ServerUser {
  const { data } = useSuspenseQuery({ queryKey: userKey(projectId, userId), queryFn: ({ signal }) => api.getUser(userId, adminRequest(projectId, { signal })) });
  return data;
}

/** `PATCH /users/{id}`: the answer is the whole user, so it replaces the cached one; the list shows names and e-mails too. */
export function useUpdateProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateUser({
    request: adminRequest(projectId),
    mutation: {
      onSuccess: (user) => {
        queryClient.setQueryData(userKey(projectId, user.id), user);
        // Contact channels follow the primary e-mail and its verification.
        return invalidate(api.getListUsersQueryKey(), api.getListContactChannelsQueryKey({ user_id: user.id }));
      },
    },
  });
}

export function useDeleteProjectUser(projectId: string) {
  const queryClient = useQueryClient();
  const invalidate = useAdminInvalidate(projectId);
  return api.useDeleteUser({
    request: adminRequest(projectId),
    mutation: {
      onSuccess: (_result, { userId }) => {
        // Removed rather than read again: the user is gone, and reading it would answer USER_NOT_FOUND.
        queryClient.removeQueries({ queryKey: userKey(projectId, userId) });
        return invalidate(api.getListUsersQueryKey());
      },
    },
  });
}
