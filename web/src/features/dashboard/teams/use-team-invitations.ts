import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useSuspenseQuery } from "@tanstack/react-query";

/** The team's open invitations: not accepted, withdrawn or expired. */
export function useTeamInvitationList(projectId: string, teamId: string): api.TeamInvitation[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamInvitationsQueryKey(params)),
    queryFn: ({ signal }) => api.listTeamInvitations(params, adminRequest(projectId, { signal })),
  });
  return data.items;
}

function useInvitationsInvalidate(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return () => invalidate(api.getListTeamInvitationsQueryKey());
}

export function useSendTeamInvitation(projectId: string) {
  const onSuccess = useInvitationsInvalidate(projectId);
  return api.useSendTeamInvitation({ request: adminRequest(projectId), mutation: { onSuccess } });
}

export function useRevokeTeamInvitation(projectId: string) {
  const onSuccess = useInvitationsInvalidate(projectId);
  return api.useDeleteTeamInvitation({ request: adminRequest(projectId), mutation: { onSuccess } });
}
