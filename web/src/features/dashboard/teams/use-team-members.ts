import { adminQueryKey, adminRequest, api, useAdminInvalidate } from "@gatehouse/clients/react";
import { useMutation, useSuspenseQuery } from "@tanstack/react-query";
import { findUser } from "./find-user";

// Admin access always answers the server shape of a profile, with the member's user.
const asServerProfile = (profile: api.AnyTeamMemberProfile) => profile as api.ServerTeamMemberProfile;

/** The team's members, each with their profile in the team and their user. */
export function useTeamMemberProfiles(projectId: string, teamId: string): api.ServerTeamMemberProfile[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getListTeamMemberProfilesQueryKey(params)),
    queryFn: ({ signal }) => api.listTeamMemberProfiles(params, adminRequest(projectId, { signal })),
  });
  return data.items.map(asServerProfile);
}

export function useTeamMemberProfile(projectId: string, teamId: string, userId: string): api.ServerTeamMemberProfile {
  const { data } = useSuspenseQuery({
    queryKey: adminQueryKey(projectId, api.getGetTeamMemberProfileQueryKey(teamId, userId)),
    queryFn: ({ signal }) => api.getTeamMemberProfile(teamId, userId, adminRequest(projectId, { signal })),
  });
  return asServerProfile(data);
}

/** Memberships change the member lists, the member's profile and the grants (a new member gets the default ones). */
function useMembershipInvalidate(projectId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return () => invalidate(api.getListTeamMemberProfilesQueryKey(), api.getListTeamPermissionsQueryKey());
}

/** Adds the user with this id or e-mail to the team, and answers who it was. */
export function useAddTeamMember(projectId: string, teamId: string) {
  const onSuccess = useMembershipInvalidate(projectId);
  return useMutation({
    mutationFn: async (who: string) => {
      const user = await findUser(projectId, who);
      await api.createTeamMembership(teamId, user.id, {}, adminRequest(projectId));
      return user;
    },
    onSuccess,
  });
}

export function useRemoveTeamMember(projectId: string) {
  const onSuccess = useMembershipInvalidate(projectId);
  return api.useDeleteTeamMembership({ request: adminRequest(projectId), mutation: { onSuccess } });
}

export function useUpdateTeamMemberProfile(projectId: string, teamId: string, userId: string) {
  const invalidate = useAdminInvalidate(projectId);
  return api.useUpdateTeamMemberProfile({
    request: adminRequest(projectId),
    mutation: { onSuccess: () => invalidate(api.getListTeamMemberProfilesQueryKey(), api.getGetTeamMemberProfileQueryKey(teamId, userId)) },
  });
}
