import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";
import { useRemoveTeamMember } from "./use-team-members";

interface RemoveMemberButtonProps {
  projectId: string;
  teamId: string;
  teamName: string;
  userId: string;
  name: string;
  onDone?: () => void;
}

export function RemoveMemberButton({ projectId, teamId, teamName, userId, name, onDone }: RemoveMemberButtonProps) {
  const remove = useRemoveTeamMember(projectId);
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
      onDone={() => {
        notifications.show({ message: `${name} is no longer a member of ${teamName}.`, color: "green" });
        onDone?.();
      }}
    >
      {`${name} leaves ${teamName} at once and loses the team permissions they held in it. Their account stays; add them again to bring them back.`}
    </ConfirmAction>
  );
}
