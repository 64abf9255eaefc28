import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";

/** Team permissions apply within one team; project permissions across the whole project. */
export type PermissionScope = "team" | "project";

const listOf = {
  team: { key: api.getListTeamPermissionDefinitionsQueryKey, list: api.listTeamPermissionDefinitions },
  project: { key: api.getListProjectPermissionDefinitionsQueryKey, list: api.listProjectPermissionDefinitions },
} as const;

/** The scope's definitions, in the server's order; team ones include the `$` system permissions. */
export function usePermissionDefinitions(projectId: string, scope: PermissionScope): api.PermissionDefinition[] {
  const { key, list } = listOf[scope];
  const { data } = useSuspenseQuery({ queryKey: adminQueryKey(projectId, key()), queryFn: ({ signal }) => list(undefined, adminRequest(projectId, { signal })) });
  return data.items;
}

/**
 * Changing a definition can change the others (a deleted one leaves their containment), the
 * project's default sets and the grants, so every read of all three is refreshed.
 */
function useDefinitionsInvalidate(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return () =>
    invalidate(
      api.getListTeamPermissionDefinitionsQueryKey(),
      api.getListProjectPermissionDefinitionsQueryKey(),
      api.getListTeamPermissionsQueryKey(),
      api.getGetCurrentProjectAdminQueryKey(),
    );
}

const mutationsOf = {
  team: { create: api.createTeamPermissionDefinition, update: api.updateTeamPermissionDefinition, remove: api.deleteTeamPermissionDefinition },
  project: { create: api.createProjectPermissionDefinition, update: api.updateProjectPermissionDefinition, remove: api.deleteProjectPermissionDefinition },
} as const;

export function useCreatePermissionDefinition(projectId: string, scope: PermissionScope) {
  const onSuccess = useDefinitionsInvalidate(projectId);
  return useMutation({ mutationFn: (data: api.PermissionDefinitionCreate) => mutationsOf[scope].create(data, adminRequest(projectId)), onSuccess });
}

export function useUpdatePermissionDefinition(projectId: string, scope: PermissionScope) {
  const onSuccess = useDefinitionsInvalidate(projectId);
  return useMutation({
    mutationFn: ({ id, data }: { id: string; data: api.PermissionDefinitionUpdate }) => mutationsOf[scope].update(id, data, adminRequest(projectId)),
    onSuccess,
  });
}

export function useDeletePermissionDefinition(projectId: string, scope: PermissionScope) {
  const onSuccess = useDefinitionsInvalidate(projectId);
  return useMutation({ mutationFn: (id: string) => mutationsOf[scope].remove(id, adminRequest(projectId)), onSuccess });
}
