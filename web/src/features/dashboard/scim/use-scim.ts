import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export type ScimDirectory = api.ScimDirectory;
export type ScimDirectoryWithToken = api.ScimDirectoryWithToken;
export type ScimGroup = api.ScimGroup;

/** The project's SCIM directories, oldest first (`GET /internal/scim-directories`, admin). */
export function useScimDirectories(projectId: string): ScimDirectory[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.scimDirectoryList(), (request) => api.listScimDirectories(undefined, request)).items;
}

/** The team permissions a group can map to (the `$` system ones included). */
export function useTeamPermissionIds(projectId: string): string[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.permissionDefinitions("team"), (request) => api.listTeamPermissionDefinitions(undefined, request)).items.map((d) => d.id);
}

/** A directory's groups with their mapping. */
export function useScimGroups(projectId: string, directoryId: string): ScimGroup[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.scimDirectoryGroups(directoryId), (request) => api.listScimDirectoryGroups(directoryId, request)).items;
}

/** Makes a directory; the answer carries its token, shown once. */
export function useCreateScimDirectory(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useCreateScimDirectory({ request, mutation: { onSuccess: () => invalidate(keys.scimDirectoryList()) } });
}

/** A new token: the old one stops at once; the list shows the new token's hint. */
export function useRotateScimToken(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRotateScimDirectoryToken({ request, mutation: { onSuccess: () => invalidate(keys.scimDirectoryList()) } });
}

export function useRevokeScimToken(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useRevokeScimDirectoryToken({ request, mutation: { onSuccess: () => invalidate(keys.scimDirectoryList()) } });
}

/** Removes a directory with its groups; the team's users stay. */
export function useDeleteScimDirectory(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteScimDirectory({ request, mutation: { onSuccess: () => invalidate(keys.scim()) } });
}

/** Maps a group to team permissions; its members' grants change at once, so the teams' permission reads are stale too. */
export function useSetScimGroupPermissions(projectId: string, directoryId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useSetScimGroupPermissions({ request, mutation: { onSuccess: () => invalidate(keys.scimDirectoryGroups(directoryId), keys.teamPermissions()) } });
}
