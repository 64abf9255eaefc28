import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { findUser } from "./find-user";

// Admin access always answers the server shape of a team (with created_at_millis).
const asServerTeam = (team: api.AnyTeam) => team as api.ServerTeam;

/** Every team of the project, oldest first: `GET /teams` is not paginated. */
export function useProjectTeams(projectId: string): api.ServerTeam[] {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamsQueryKey()),
    queryFn: ({ signal }) => api.listTeams(undefined, adminRequest(projectId, { signal })),
  });
  return data.items.map(asServerTeam);
}

export function useProjectTeam(projectId: string, teamId: string): api.ServerTeam {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetTeamQueryKey(teamId)),
    queryFn: ({ signal }) => api.getTeam(teamId, adminRequest(projectId, { signal })),
  });
  return asServerTeam(data);
}

/** Creates a team; `creator` (a user id or e-mail, optional) becomes its first member. */
export function useCreateProjectTeam(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return useMutation({
    mutationFn: async ({ name, creator }: { name: string; creator: string }) => {
      const creatorUserId = creator ? (await findUser(projectId, creator)).id : undefined;
      return asServerTeam(await api.createTeam({ display_name: name, creator_user_id: creatorUserId }, adminRequest(projectId)));
    },
    onSuccess: () => invalidate(api.getListTeamsQueryKey(), api.getListTeamMemberProfilesQueryKey()),
  });
}

export function useUpdateProjectTeam(projectId: string, teamId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateTeam({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getListTeamsQueryKey(), api.getGetTeamQueryKey(teamId)) },
  });
}

export function useDeleteProjectTeam(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useDeleteTeam({ request: adminRequest(projectId), mutation: { onSuccess: () => invalidate(api.getListTeamsQueryKey()) } });
}
