import { Button, Group, MultiSelect, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { useProjectId } from "../shell/project-context";
import { useAdminProject } from "../shell/use-admin-project";
import { useUpdateCurrentProject } from "./use-update-project";
import { usePermissionDefinitions } from "./use-permission-definitions";

const ids = (list: Array<{ id: string }>) => list.map((permission) => permission.id);
const refs = (list: string[]) => list.map((id) => ({ id }));

/** The permissions given without anyone granting them: to a team's creator, to each new member, to each new user. */
export function DefaultPermissionsForm() {
  const projectId = useProjectId();
  const { config } = useAdminProject(projectId);
  const team = ids(usePermissionDefinitions(projectId, "team"));
  const project = ids(usePermissionDefinitions(projectId, "project"));
  const update = useUpdateCurrentProject(projectId);
  const initial = {
    teamCreator: ids(config.team_creator_default_permissions),
    teamMember: ids(config.team_member_default_permissions),
    user: ids(config.user_default_permissions),
  };
  const form = useForm({ initialValues: initial });
  const save = form.onSubmit((values) =>
    update.mutate(
      {
        data: {
          config: {
            team_creator_default_permissions: refs(values.teamCreator),
            team_member_default_permissions: refs(values.teamMember),
            user_default_permissions: refs(values.user),
          },
        },
      },
      {
        onSuccess: () => {
          form.resetDirty(values);
          notifications.show({ message: "The default permissions are saved.", color: "green" });
        },
      },
    ),
  );
  const select = (name: keyof typeof initial, label: string, description: string, data: string[]) => (
    <MultiSelect
      label={label}
      name={name}
      description={description}
      data={data}
      searchable
      clearable
      placeholder={data.length === 0 ? "No permissions defined yet" : form.values[name].length === 0 ? "None" : undefined}
      nothingFoundMessage="No permission with this id"
      {...form.getInputProps(name)}
    />
  );
  return (
    <form noValidate onSubmit={save}>
      <Stack gap="md" maw={620}>
        <Text size="sm" c="dimmed">
          Given when it happens, not afterwards: changing these leaves the permissions people already hold as they are.
        </Text>
        {select("teamCreator", "Team creator", "What the user who creates a team holds in it.", team)}
        {select("teamMember", "Team member", "What every user who joins a team holds in it, whether invited or added.", team)}
        {select("user", "User", "The project permissions every new user holds.", project)}
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save defaults
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
