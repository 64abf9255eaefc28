import { Modal, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { useNavigate } from "react-router";
import { FormActions } from "../../../components/form-actions";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError, TEAM_NAME_MAX_LENGTH, teamNameProblem } from "../../../lib/validation";
import { useProjectId } from "../shell/project-context";
import { UserNotFoundError, userReferenceProblem } from "./find-user";
import { teamPath } from "./team-paths";
import { useCreateProjectTeam } from "./use-teams";

export function CreateTeamModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create a team" centered>
      <CreateTeamForm onClose={onClose} />
    </Modal>
  );
}

function CreateTeamForm({ onClose }: { onClose: () => void }) {
  const projectId = useProjectId();
  const create = useCreateProjectTeam(projectId);
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: "", creator: "" },
    validate: { name: teamNameProblem, creator: (value) => (value.trim() === "" ? null : userReferenceProblem(value)) },
    onValuesChange: () => create.reset(),
  });
  const submit = form.onSubmit(({ name, creator }) => {
    const trimmed = name.trim();
    create.mutate(
      { name: trimmed, creator: creator.trim() },
      {
        onSuccess: (team) => {
          onClose();
          notifications.show({ message: `${trimmed} is created.`, color: "green" });
          void navigate(teamPath(projectId, team.id));
        },
      },
    );
  }, focusFirstError);
  const lookupFailed = create.error instanceof UserNotFoundError ? create.error.message : null;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Name" name="name" data-autofocus description={`Up to ${TEAM_NAME_MAX_LENGTH} characters.`} {...form.getInputProps("name")} />
        <TextInput
          label="Creator"
          name="creator"
          autoComplete="off"
          spellCheck={false}
          description="Optional: a user's id or e-mail. They become the first member, with the team creator's default permissions, and this becomes their selected team."
          {...form.getInputProps("creator")}
          error={form.errors.creator ?? lookupFailed}
        />
        <FormActions error={create.error && !lookupFailed ? errorMessage(create.error) : null} onCancel={onClose} pending={create.isPending} submitLabel="Create team" />
      </Stack>
    </form>
  );
}
