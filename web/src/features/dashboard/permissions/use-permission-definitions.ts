import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useMutation } from "@tanstack/react-query";

/** Team permissions apply within one team; project permissions across the whole project. */
export type PermissionScope = "team" | "project";

const listOf = { team: api.listTeamPermissionDefinitions, project: api.listProjectPermissionDefinitions } as const;

/** The scope's definitions, in the server's order; team ones include the `$` system permissions. */
export function usePermissionDefinitions(projectId: string, scope: PermissionScope): api.PermissionDefinition[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.permissionDefinitions(scope), (request) => listOf[scope](undefined, request)).items;
}

/**
 * Changing a definition can change the others (a deleted one leaves their containment), the
 * project's default sets and the grants, so every read of all three is refreshed.
 */
function useDefinitionChange(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, onSuccess: () => invalidate(keys.permissionDefinitions(), keys.teamPermissions(), keys.project()) };
}

const mutationsOf = {
  team: { create: api.createTeamPermissionDefinition, update: api.updateTeamPermissionDefinition, remove: api.deleteTeamPermissionDefinition },
  project: { create: api.createProjectPermissionDefinition, update: api.updateProjectPermissionDefinition, remove: api.deleteProjectPermissionDefinition },
} as const;

export function useCreatePermissionDefinition(projectId: string, scope: PermissionScope) {
  const { request, onSuccess } = useDefinitionChange(projectId);
  return useMutation({ mutationFn: (data: api.PermissionDefinitionCreate) => mutationsOf[scope].create(data, request), onSuccess });
}

export function useUpdatePermissionDefinition(projectId: string, scope: PermissionScope) {
  const { request, onSuccess } = useDefinitionChange(projectId);
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: api.PermissionDefinitionUpdate }) => mutationsOf[scope].update(id, data, request),
    onSuccess,
  });
}

export function useDeletePermissionDefinition(projectId: string, scope: PermissionScope) {
  const { request, onSuccess } = useDefinitionChange(projectId);
  return useMutation({ mutationFn: (id: string) => mutationsOf[scope].remove(id, request), onSuccess });
}
