import { TeamInvitationList } from "../../../components/team-invitation-list";
import { useRevokeTeamInvitation, useTeamInvitationList } from "./use-team-invitations";

/** The team's open invitations, each of which can be withdrawn. */
export function TeamInvitations({ projectId, teamId }: { projectId: string; teamId: string }) {
  const invitations = useTeamInvitationList(projectId, teamId);
  const revoke = useRevokeTeamInvitation(projectId);
  return <TeamInvitationList invitations={invitations} withdraw={(invitation) => revoke.mutateAsync({ id: invitation.id, params: { team_id: invitation.team_id } })} />;
}
