import { useRevokeTeamInvitation, type TeamInvitation } from "@gatehouse/clients/react";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

export function RevokeInvitationButton({ invitation }: { invitation: TeamInvitation }) {
  const revoke = useRevokeTeamInvitation();
  const recipient = invitation.recipient_email;
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={`Withdraw the invitation to ${recipient}`} style={{ flexShrink: 0 }}>
          Withdraw
        </Button>
      )}
      title="Withdraw this invitation?"
      confirmLabel="Withdraw invitation"
      action={() => revoke.mutateAsync({ id: invitation.id, params: { team_id: invitation.team_id } })}
      onDone={() => notifications.show({ message: `The invitation to ${recipient} is withdrawn.`, color: "green" })}
    >
      {`The link sent to ${recipient} stops working. You can invite them again later.`}
    </ConfirmAction>
  );
}
