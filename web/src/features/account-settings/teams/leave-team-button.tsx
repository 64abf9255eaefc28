import { useRemoveTeamMember, type Team } from "@gatehouse/clients/react";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

export function LeaveTeamButton({ team, onLeft }: { team: Team; onLeft: () => void }) {
  const leave = useRemoveTeamMember();
  return (
    <Group>
      <ConfirmAction
        trigger={(ask) => (
          <Button variant="outline" color="red" onClick={ask}>
            Leave team
          </Button>
        )}
        title={`Leave ${team.display_name}?`}
        confirmLabel="Leave team"
        action={() => leave.mutateAsync({ teamId: team.id, userId: "me" })}
        onDone={() => {
          onLeft();
          notifications.show({ message: `You left ${team.display_name}.`, color: "green" });
        }}
      >
        You lose access to this team and everything in it at once. To come back, a member has to invite you again.
      </ConfirmAction>
    </Group>
  );
}
