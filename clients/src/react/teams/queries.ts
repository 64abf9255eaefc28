import { useSuspenseQuery } from "@tanstack/react-query";
import {
  getListTeamInvitationsQueryKey,
  getListTeamMemberProfilesQueryKey,
  getListTeamPermissionsQueryKey,
  getListTeamsQueryKey,
  listTeamInvitations,
  listTeamMemberProfiles,
  listTeamPermissions,
  listTeams,
  type ClientTeam,
  type ClientTeamMemberProfile,
  type TeamInvitation,
  type TeamPermission,
} from "../../react-query";

export type Team = ClientTeam;
export type TeamMemberProfile = ClientTeamMemberProfile;
export type { TeamInvitation, TeamPermission };

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

/**
 * The signed-in user's own profile in one of their teams. Read as a list filtered to `me`, so
 * that it sits under the member profiles' cache area and a profile change refreshes it; no
 * `$read_members` needed.
 */
export function useOwnTeamMemberProfile(teamId: string): TeamMemberProfile | null {
  const params = { team_id: teamId, user_id: "me" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListTeamMemberProfilesQueryKey(params),
    queryFn: ({ signal }) => listTeamMemberProfiles(params, { signal }),
  });
  return (data.items[0] as TeamMemberProfile | undefined) ?? null;
}

/** The signed-in user's permissions in one of their teams, those contained in granted ones included. */
export function useTeamPermissions(teamId: string): TeamPermission[] {
  const params = { team_id: teamId, user_id: "me", recursive: "true" } as const;
  const { data } = useSuspenseQuery({
    queryKey: getListTeamPermissionsQueryKey(params),
    queryFn: ({ signal }) => listTeamPermissions(params, { signal }),
  });
  return data.items;
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
