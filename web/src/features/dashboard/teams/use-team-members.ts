import { api, useAdmin, useAdminQuery } from "@gatehouse/clients/react";
import { useMutation } from "@tanstack/react-query";
import { findUser } from "./find-user";

// Admin access always answers the server shape of a profile, with the member's user.
const asServerProfile = (profile: api.AnyTeamMemberProfile) => profile as api.ServerTeamMemberProfile;

/** The team's members, each with their profile in the team and their user. */
export function useTeamMemberProfiles(projectId: string, teamId: string): api.ServerTeamMemberProfile[] {
  const { keys } = useAdmin(projectId);
  return useAdminQuery(projectId, keys.teamMembers(teamId), (request) => api.listTeamMemberProfiles({ team_id: teamId }, request)).items.map(asServerProfile);
}

export function useTeamMemberProfile(projectId: string, teamId: string, userId: string): api.ServerTeamMemberProfile {
  const { keys } = useAdmin(projectId);
  return asServerProfile(useAdminQuery(projectId, keys.teamMember(teamId, userId), (request) => api.getTeamMemberProfile(teamId, userId, request)));
}

/** Memberships change the member lists, the member's profile and the grants (a new member gets the default ones). */
function useMembershipChange(projectId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return { request, onSuccess: () => invalidate(keys.teamMembers(), keys.teamPermissions()) };
}

/** Adds the user with this id or e-mail to the team, and answers who it was. */
export function useAddTeamMember(projectId: string, teamId: string) {
  const { request, onSuccess } = useMembershipChange(projectId);
  return useMutation({
    mutationFn: async (who: string) => {
      const user = await findUser(request, who);
      await api.createTeamMembership(teamId, user.id, {}, request);
      return user;
    },
    onSuccess,
  });
}

export function useRemoveTeamMember(projectId: string) {
  const { request, onSuccess } = useMembershipChange(projectId);
  return api.useDeleteTeamMembership({ request, mutation: { onSuccess } });
}

/** A profile change shows on the member's page and in the team's member list, both under the team's members. */
export function useUpdateTeamMemberProfile(projectId: string, teamId: string) {
  const { keys, request, invalidate } = useAdmin(projectId);
  return api.useUpdateTeamMemberProfile({ request, mutation: { onSuccess: () => invalidate(keys.teamMembers(teamId)) } });
}
