import { useTeams } from "@gatehouse/clients/react";
import { Button, Group, Modal, Select, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useNavigate } from "react-router";
import { Boundary } from "../../../components/boundary";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { focusFirstError } from "../../../lib/validation";
import { dashboardPath } from "../shell/project-context";
import { useCreateProject } from "./use-create-project";

const NAME_MAX = 256;
const DESCRIPTION_MAX = 10_000;

export function CreateProjectModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create a project" centered>
      <Boundary>
        <CreateProjectForm onClose={onClose} />
      </Boundary>
    </Modal>
  );
}

function CreateProjectForm({ onClose }: { onClose: () => void }) {
  const teams = useTeams();
  const create = useCreateProject();
  const navigate = useNavigate();
  const form = useForm({
    initialValues: { name: "", description: "", ownerTeamId: teams[0]?.id ?? "" },
    validate: {
      name: (value) => (value.trim() === "" ? "Give the project a name." : value.length > NAME_MAX ? `Use at most ${NAME_MAX} characters.` : null),
      description: (value) => (value.length > DESCRIPTION_MAX ? `Use at most ${DESCRIPTION_MAX} characters.` : null),
      ownerTeamId: (value) => (value ? null : "Choose the team that owns the project."),
    },
  });
  const submit = form.onSubmit(
    (values) =>
      create.mutate(
        { data: { display_name: values.name.trim(), description: values.description.trim() || undefined, owner_team_id: values.ownerTeamId } },
        {
          onSuccess: (project) => {
            onClose();
            void navigate(dashboardPath(project.id));
          },
        },
      ),
    focusFirstError,
  );
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput label="Name" name="name" data-autofocus {...form.getInputProps("name")} />
        <Textarea label="Description" name="description" description="Optional." autosize minRows={2} {...form.getInputProps("description")} />
        <Select
          label="Owner team"
          name="ownerTeamId"
          description="Every member of this team can administer the project."
          data={teams.map((team) => ({ value: team.id, label: team.display_name }))}
          allowDeselect={false}
          {...form.getInputProps("ownerTeamId")}
        />
        <ErrorAlert message={create.error ? errorMessage(create.error) : null} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create project
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
