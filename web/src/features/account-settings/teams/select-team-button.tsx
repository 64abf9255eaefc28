import { useUpdateUser, type Team } from "@gatehouse/clients/react";
import { Button, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";

/** The selected team is the one apps show first when they show one team at a time. */
export function SelectTeamButton({ team, selected }: { team: Team; selected: boolean }) {
  const update = useUpdateUser();
  if (selected) {
    return (
      <Text size="sm" c="dimmed">
        This is your selected team: apps that show one team at a time open it first.
      </Text>
    );
  }
  const select = () =>
    update.mutate(
      { data: { selected_team_id: team.id } },
      { onSuccess: () => notifications.show({ message: `${team.display_name} is now your selected team.`, color: "green" }) },
    );
  return (
    <Stack gap="xs">
      <Group>
        <Button variant="default" loading={update.isPending} onClick={select}>
          Make this my selected team
        </Button>
      </Group>
      <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
    </Stack>
  );
}
