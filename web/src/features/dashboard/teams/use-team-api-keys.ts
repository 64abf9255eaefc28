import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

export function useTeamApiKeys(projectId: string, teamId: string): api.TeamApiKey[] {
  const params = { team_id: teamId };
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamApiKeys(params), (request) => api.listTeamApiKeys(params, request)).items;
}

export function useRevokeTeamApiKey(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateTeamApiKey({ request, mutation: { onSuccess: () => invalidate(keys.teamApiKeys({ team_id: teamId })) } });
}
