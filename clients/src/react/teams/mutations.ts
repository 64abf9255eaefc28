import { useMutation } from "@tanstack/react-query";
import {
  createTeam,
  updateCurrentUser,
  useAcceptTeamInvitation as useGeneratedAcceptTeamInvitation,
  useAcceptTeamInvitationById as useGeneratedAcceptTeamInvitationById,
  useDeleteTeam as useGeneratedDeleteTeam,
  useDeleteTeamInvitation as useGeneratedDeleteTeamInvitation,
  useDeleteTeamMembership as useGeneratedDeleteTeamMembership,
  useSendTeamInvitation as useGeneratedSendTeamInvitation,
  useUpdateTeam as useGeneratedUpdateTeam,
  useUpdateTeamMemberProfile as useGeneratedUpdateTeamMemberProfile,
} from "../../react-query";
import { useInvalidate } from "../invalidate";
import { areaKeys } from "../keys";

/**
 * Creates a team with the user as its first member, then makes it their selected team (SPEC
 * §4). The server leaves the selection alone on creation, as Stack Auth's does, so the
 * selection is this second request, as in Stack's SDKs.
 */
export function useCreateTeam() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser);
  return useMutation({
    mutationKey: ["createTeam"],
    mutationFn: async ({ data }: { data: Parameters<typeof createTeam>[0] }) => {
      const team = await createTeam(data);
      await updateCurrentUser({ selected_team_id: team.id });
      return team;
    },
    onSuccess,
  });
}

/** Renames a team or changes its image (needs `$update_team`). */
export function useUpdateTeam() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser, areaKeys.teamInvitations, areaKeys.teamActivity);
  return useGeneratedUpdateTeam({ mutation: { onSuccess } });
}

export function useDeleteTeam() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser, areaKeys.teamMemberProfiles, areaKeys.teamApiKeys);
  return useGeneratedDeleteTeam({ mutation: { onSuccess } });
}

/** Removes a membership: `me` to leave a team, another member with `$remove_members`. */
export function useRemoveTeamMember() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser, areaKeys.teamMemberProfiles, areaKeys.teamActivity);
  return useGeneratedDeleteTeamMembership({ mutation: { onSuccess } });
}

/** Mails an invitation whose link leads to the team-invitation page (needs `$invite_members`). */
export function useInviteToTeam() {
  const onSuccess = useInvalidate(areaKeys.teamInvitations);
  return useGeneratedSendTeamInvitation({ mutation: { onSuccess } });
}

export function useRevokeTeamInvitation() {
  const onSuccess = useInvalidate(areaKeys.teamInvitations);
  return useGeneratedDeleteTeamInvitation({ mutation: { onSuccess } });
}

/** Accepts an invitation with the code of its mailed link. */
export function useAcceptTeamInvitation() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser, areaKeys.teamInvitations, areaKeys.teamMemberProfiles);
  return useGeneratedAcceptTeamInvitation({ mutation: { onSuccess } });
}

/** Accepts an invitation addressed to one of the user's verified e-mails, by its id. */
export function useAcceptTeamInvitationById() {
  const onSuccess = useInvalidate(areaKeys.teams, areaKeys.currentUser, areaKeys.teamInvitations, areaKeys.teamMemberProfiles);
  return useGeneratedAcceptTeamInvitationById({ mutation: { onSuccess } });
}

/** Changes the user's own name or image within one team. */
export function useUpdateTeamMemberProfile() {
  const onSuccess = useInvalidate(areaKeys.teamMemberProfiles);
  return useGeneratedUpdateTeamMemberProfile({ mutation: { onSuccess } });
}
