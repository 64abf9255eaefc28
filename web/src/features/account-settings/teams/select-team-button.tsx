import { useUpdateUser, type Team } from "@gatehouse/clients/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";

/** The selected team is the one apps show first when they show one team at a time. */
export function SelectTeamButton({ team, selected }: { team: Team; selected: boolean }) {
  const { t } = useLingui();
  const update = useUpdateUser();
  const teamName = team.display_name;
  if (selected) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This is your selected team: apps that show one team at a time open it first.</Trans>
      </Text>
    );
  }
  const select = () =>
    update.mutate(
      { data: { selected_team_id: team.id } },
      { onSuccess: () => notifications.show({ message: t`${teamName} is now your selected team.`, color: "green" }) },
    );
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" loading={update.isPending} onClick={select}>
          <Trans>Make this my selected team</Trans>
        </Button>
      </Group>
      <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
    </Stack>
  );
}
