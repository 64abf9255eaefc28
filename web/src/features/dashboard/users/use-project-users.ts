import { adminQuery, api, useAdmin } from "@gatehouse/clients/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/**
 * One page of the project's users. It does not suspend: while the next page, sort or search
 * loads, the table keeps the rows it shows (`isPlaceholderData`) instead of blanking out.
 */
export function useProjectUsersPage(projectId: string, params: api.ListUsersParams) {
  const { keys } = useAdmin(projectId);
  return useQuery({ ...adminQuery(projectId, keys.userList(params), (request) => api.listUsers(params, request)), placeholderData: keepPreviousData });
}

export function useCreateProjectUser(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateUser({ request, mutation: { onSuccess: () => invalidate(keys.userList()) } });
}
