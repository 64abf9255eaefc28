import { GatehouseApiError, useCreateTeam } from "@gatehouse/clients/react";
import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError, TEAM_NAME_MAX_LENGTH, teamNameProblem } from "../../../lib/validation";
import { SettingsHeading } from "../../../components/settings-heading";

/**
 * The server refuses a client's new team with a plain 403 (as Stack Auth does) when the
 * project does not let users create teams; that is the only 403 this form can meet.
 */
function createErrorMessage(error: unknown): string {
  if (error instanceof GatehouseApiError && error.status === 403) return t`This app does not let you create teams yourself. Ask its administrator.`;
  return errorMessage(error);
}

/** The user becomes the team's first member, with the project's creator permissions, and it becomes their selected team. */
export function CreateTeamForm({ onCreated }: { onCreated: (teamId: string) => void }) {
  const { t } = useLingui();
  const max = TEAM_NAME_MAX_LENGTH;
  const create = useCreateTeam();
  const form = useForm({ initialValues: { newTeamName: "" }, validate: { newTeamName: teamNameProblem } });
  const save = ({ newTeamName }: { newTeamName: string }) => {
    const name = newTeamName.trim();
    create.mutate(
      { data: { display_name: name, creator_user_id: "me" } },
      {
        onSuccess: (team) => {
          form.reset();
          onCreated(team.id);
          notifications.show({ message: t`${name} is created.`, color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <SettingsHeading order={3} title={t`Create a team`} description={t`You become its first member and it becomes your selected team.`} />
        <TextInput
          label={t`Name of the new team`}
          name="newTeamName"
          description={t`Up to ${max} characters.`}
          {...form.getInputProps("newTeamName")}
        />
        <ErrorAlert message={create.error ? createErrorMessage(create.error) : null} />
        <Group>
          <Button type="submit" loading={create.isPending}>
            <Trans>Create team</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
