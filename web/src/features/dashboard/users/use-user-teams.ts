import { adminQueryKey, adminRequest, api } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The teams the user is a member of (`GET /teams?user_id=`), in the server's shape with admin access. */
export function useUserTeams(projectId: string, userId: string): api.AnyTeam[] {
  const params = { user_id: userId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamsQueryKey(params)),
    queryFn: ({ signal }) => api.listTeams(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}
