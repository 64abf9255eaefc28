import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";

/**
 * One page of the project's users. It does not suspend: while the next page, sort or search
 * loads, the table keeps the rows it shows (`isPlaceholderData`) instead of blanking out.
 */
export function useProjectUsersPage(projectId: string, params: api.ListUsersParams) {
  return useQuery({
    queryKey: adminQueryKey(projectId, api.getListUsersQueryKey(params)),
    queryFn: ({ signal }) => api.listUsers(params, adminRequest(projectId, { signal })),
    placeholderData: keepPreviousData,
  });
}

export function useCreateProjectUser(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useCreateUser({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListUsersQueryKey()) } });
}
