import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

export function useTeamApiKeys(projectId: string, teamId: string): api.TeamApiKey[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamApiKeysQueryKey(params)),
    queryFn: ({ signal }) => api.listTeamApiKeys(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}

export function useRevokeTeamApiKey(projectId: string, teamId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateTeamApiKey({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getListTeamApiKeysQueryKey({ team_id: teamId })) },
  });
}
