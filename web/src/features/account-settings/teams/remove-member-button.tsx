import { useRemoveTeamMember } from "@gatehouse/clients/react";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

interface RemoveMemberButtonProps {
  teamId: string;
  teamName: string;
  userId: string;
  name: string;
}

export function RemoveMemberButton({ teamId, teamName, userId, name }: RemoveMemberButtonProps) {
  const remove = useRemoveTeamMember();
  return (
    <ConfirmAction
      trigger={(ask) => (
        <Button variant="subtle" color="red" size="compact-sm" onClick={ask} aria-label={`Remove ${name} from the team`} style={{ flexShrink: 0 }}>
          Remove
        </Button>
      )}
      title={`Remove ${name}?`}
      confirmLabel="Remove member"
      action={() => remove.mutateAsync({ teamId, userId })}
      onDone={() => notifications.show({ message: `${name} is no longer a member of ${teamName}.`, color: "green" })}
    >
      {`${name} loses access to ${teamName} at once. To come back, they need a new invitation.`}
    </ConfirmAction>
  );
}
