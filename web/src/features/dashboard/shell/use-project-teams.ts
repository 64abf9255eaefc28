import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** Admin access always answers the server shape of a team (with created_at_millis). */
export const asServerTeam = (team: api.AnyTeam) => team as api.ServerTeam;

/**
 * Every team of the project, oldest first (`GET /teams` is not paginated): the teams page lists
 * them, and the SCIM and SSO pages pick the team (a customer organisation) they set up.
 */
export function useProjectTeams(projectId: string): api.ServerTeam[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamList(), (request) => api.listTeams(undefined, request)).items.map(asServerTeam);
}
