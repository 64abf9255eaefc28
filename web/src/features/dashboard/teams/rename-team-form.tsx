import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError, TEAM_NAME_MAX_LENGTH, teamNameProblem } from "../../../lib/validation";
import { useUpdateProjectTeam } from "./use-teams";

/** The name every member sees. */
export function RenameTeamForm({ projectId, team }: { projectId: string; team: api.ServerTeam }) {
  const update = useUpdateProjectTeam(projectId, team.id);
  const form = useForm({ initialValues: { teamName: team.display_name }, validate: { teamName: teamNameProblem } });
  const save = ({ teamName }: { teamName: string }) => {
    const trimmed = teamName.trim();
    update.mutate(
      { teamId: team.id, data: { display_name: trimmed } },
      {
        onSuccess: () => {
          form.setValues({ teamName: trimmed });
          form.resetDirty({ teamName: trimmed });
          notifications.show({ message: `The team is now called ${trimmed}.`, color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput label="Team name" name="teamName" description={`Up to ${TEAM_NAME_MAX_LENGTH} characters.`} {...form.getInputProps("teamName")} />
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
        <Group>
          <Button type="submit" variant="default" loading={update.isPending} disabled={!form.isDirty()}>
            Rename team
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
