import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useMutation } from "@tanstack/react-query";
import { asServerTeam } from "../shell/use-project-teams";
import { findUser } from "./find-user";

export function useProjectTeam(projectId: string, teamId: string): api.ServerTeam {
  const { keys } = useAdmin(projectId);
  return asServerTeam(useAdminQuery(projectId, keys.team(teamId), (request) => api.getTeam(teamId, request)));
}

/** Creates a team; `creator` (a user id or e-mail, optional) becomes its first member. */
export function useCreateProjectTeam(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return useMutation({
    mutationFn: async ({ name, creator }: { name: string; creator: string }) => {
      const creatorUserId = creator ? (await findUser(request, creator)).id : undefined;
      return asServerTeam(await api.createTeam({ display_name: name, creator_user_id: creatorUserId }, request));
    },
    onSuccess: () => invalidate(keys.teamList(), keys.teamMembers()),
  });
}

export function useUpdateProjectTeam(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateTeam({ request, mutation: { onSuccess: () => invalidate(keys.teamList(), keys.team(teamId)) } });
}

export function useDeleteProjectTeam(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useDeleteTeam({ request, mutation: { onSuccess: () => invalidate(keys.teamList()) } });
}
