import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";

/** The team's open invitations: not accepted, withdrawn or expired. */
export function useTeamInvitationList(projectId: string, teamId: string): api.TeamInvitation[] {
  const params = { team_id: teamId };
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamInvitations(params), (request) => api.listTeamInvitations(params, request)).items;
}

function useInvitationChange(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, mutation: { onSuccess: () => invalidate(keys.teamInvitations()) } };
}

export function useSendTeamInvitation(projectId: string) {
  return api.useSendTeamInvitation(useInvitationChange(projectId));
}

export function useRevokeTeamInvitation(projectId: string) {
  return api.useDeleteTeamInvitation(useInvitationChange(projectId));
}
