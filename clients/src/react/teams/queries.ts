import { useSuspenseQuery } from "@tanstack/react-query";
import {
  getListTeamInvitationsQueryKey,
  getListTeamMemberProfilesQueryKey,
  getListTeamsQueryKey,
  listTeamInvitations,
  listTeamMemberProfiles,
  listTeams,
  type ClientTeam,
  type ClientTeamMemberProfile,
  type TeamInvitation,
} from "../../react-query";

export type Team = ClientTeam;
export type TeamMemberProfile = ClientTeamMemberProfile;

/** The signed-in user's teams, oldest first. Suspends while loading. */
export function useTeams(): Team[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({ queryKey: getListTeamsQueryKey(params), queryFn: ({ signal }) => listTeams(params, { signal }) });
  return data.items as Team[];
}

/** The members of one of the user's teams, with their team profiles (needs `$read_members`). */
export function useTeamMembers(teamId: string): TeamMemberProfile[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({
    queryKey: getListTeamMemberProfilesQueryKey(params),
    queryFn: ({ signal }) => listTeamMemberProfiles(params, { signal }),
  });
  return data.items as TeamMemberProfile[];
}

/** A team's open invitations (needs `$invite_members`). */
export function useTeamInvitations(teamId: string): TeamInvitation[] {
  const params = { team_id: teamId };
  const { data } = useSuspenseQuery({
    queryKey: getListTeamInvitationsQueryKey(params),
    queryFn: ({ signal }) => listTeamInvitations(params, { signal }),
  });
  return data.items;
}

/** Invitations addressed to one of the user's verified e-mails. */
export function useReceivedTeamInvitations(): TeamInvitation[] {
  const params = { user_id: "me" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListTeamInvitationsQueryKey(params),
    queryFn: ({ signal }) => listTeamInvitations(params, { signal }),
  });
  return data.items;
}
