import type { api } from "@gatehouse/clients/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { displayNameProblem, DISPLAY_NAME_MAX_LENGTH, focusFirstError } from "../../../lib/validation";
import { useProjectId } from "../shell/project-context";
import { useUpdateProjectUser } from "./use-project-user";
import { userErrorMessage } from "./user-error-message";

export function UserDisplayNameForm({ user }: { user: api.ServerUser }) {
  const update = useUpdateProjectUser(useProjectId());
  const form = useForm({ initialValues: { displayName: user.display_name ?? "" }, validate: { displayName: displayNameProblem } });
  const save = ({ displayName }: { displayName: string }) => {
    const trimmed = displayName.trim();
    update.mutate(
      { userId: user.id, data: { display_name: trimmed === "" ? null : trimmed } },
      {
        onSuccess: () => {
          form.setValues({ displayName: trimmed });
          form.resetDirty({ displayName: trimmed });
          notifications.show({ message: "The display name is saved.", color: "green" });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={form.onSubmit(save, focusFirstError)}>
      <Stack gap="sm" maw={480}>
        <TextInput
          label="Display name"
          name="displayName"
          autoComplete="off"
          description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters. Leave it empty to show no name.`}
          {...form.getInputProps("displayName")}
        />
        <ErrorAlert message={update.error ? userErrorMessage(update.error) : null} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
