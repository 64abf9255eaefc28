import { useRemoveTeamMember, type Team } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ConfirmAction } from "../../../components/confirm-action";

export function LeaveTeamButton({ team, onLeft }: { team: Team; onLeft: () => void }) {
  const { t } = useLingui();
  const leave = useRemoveTeamMember();
  const teamName = team.display_name;
  return (
    <Group>
      <ConfirmAction
        trigger={(ask) => (
          <Button variant="outline" color="red" onClick={ask}>
            <Trans>Leave team</Trans>
          </Button>
        )}
        title={t`Leave ${teamName}?`}
        confirmLabel={t`Leave team`}
        action={() => leave.mutateAsync({ teamId: team.id, userId: "me" })}
        onDone={() => {
          onLeft();
          notifications.show({ message: t`You left ${teamName}.`, color: "green" });
        }}
      >
        {t`You lose access to this team and everything in it at once. To come back, a member has to invite you again.`}
      </ConfirmAction>
    </Group>
  );
}
