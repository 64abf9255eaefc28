import { useRevokeTeamInvitation, useTeamInvitations } from "@gatehouse/clients/react";
import { TeamInvitationList } from "./team-invitation-list";

/** Invitations not yet accepted; listing them needs `$read_members` and `$invite_members`, withdrawing one `$remove_members`. */
export function TeamInvitations({ teamId, canRevoke }: { teamId: string; canRevoke: boolean }) {
  const invitations = useTeamInvitations(teamId);
  const revoke = useRevokeTeamInvitation();
  return (
    <TeamInvitationList
      invitations={invitations}
      withdraw={canRevoke ? (invitation) => revoke.mutateAsync({ id: invitation.id, params: { team_id: invitation.team_id } }) : undefined}
    />
  );
}
