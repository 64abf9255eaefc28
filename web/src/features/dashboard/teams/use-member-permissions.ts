import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/**
 * Team permissions held in one team: granted directly (`recursive: false`), or everything in
 * effect, with what the granted ones contain (`recursive: true`). Without a user, every member's.
 */
export function useTeamPermissionGrants(projectId: string, params: { teamId: string; userId?: string; recursive: boolean }): api.TeamPermission[] {
  const query: api.ListTeamPermissionsParams = { team_id: params.teamId, user_id: params.userId, recursive: params.recursive ? "true" : "false" };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamPermissionsQueryKey(query)),
    queryFn: ({ signal }) => api.listTeamPermissions(query, adminRequest(projectId, { signal })),
  });
  return data.items;
}

export function useGrantTeamPermission(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useGrantTeamPermission({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListTeamPermissionsQueryKey()) } });
}

export function useRevokeTeamPermission(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useRevokeTeamPermission({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListTeamPermissionsQueryKey()) } });
}
