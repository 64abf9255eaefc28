import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/**
 * Team permissions held in one team: granted directly (`recursive: false`), or everything in
 * effect, with what the granted ones contain (`recursive: true`). Without a user, every member's.
 */
export function useTeamPermissionGrants(projectId: string, params: { teamId: string; userId?: string; recursive: boolean }): api.TeamPermission[] {
  const query: api.ListTeamPermissionsParams = { team_id: params.teamId, user_id: params.userId, recursive: params.recursive ? "true" : "false" };
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamPermissions(query), (request) => api.listTeamPermissions(query, request)).items;
}

/** The team permissions a member can be granted, `$` system ones included (the permissions area edits them). */
export function useTeamPermissionDefinitions(projectId: string): api.PermissionDefinition[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.permissionDefinitions("team"), (request) => api.listTeamPermissionDefinitions(undefined, request)).items;
}

function useGrantChange(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, mutation: { onSuccess: () => invalidate(keys.teamPermissions()) } };
}

export function useGrantTeamPermission(projectId: string) {
  return api.useGrantTeamPermission(useGrantChange(projectId));
}

export function useRevokeTeamPermission(projectId: string) {
  return api.useRevokeTeamPermission(useGrantChange(projectId));
}
