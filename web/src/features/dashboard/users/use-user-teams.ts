import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** The teams the user is a member of (`GET /teams?user_id=`), in the server's shape with admin access. */
export function useUserTeams(projectId: string, userId: string): api.AnyTeam[] {
  const params = { user_id: userId };
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamList(params), (request) => api.listTeams(params, request)).items;
}
