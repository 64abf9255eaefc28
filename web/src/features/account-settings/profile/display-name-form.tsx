import { useUpdateUser, type CurrentUser } from "@gatehouse/clients/react";
import { Button, Group, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { notifications } from "@mantine/notifications";
import { ErrorAlert } from "../../../components/error-alert";
import { errorMessage } from "../../../lib/error-message";
import { displayNameProblem, DISPLAY_NAME_MAX_LENGTH, focusFirstError } from "../../../lib/validation";

export function DisplayNameForm({ user }: { user: CurrentUser }) {
  const update = useUpdateUser();
  const form = useForm({ initialValues: { displayName: user.display_name ?? "" }, validate: { displayName: displayNameProblem } });
  const save = ({ displayName }: { displayName: string }) => {
    const trimmed = displayName.trim();
    update.mutate(
      { data: { display_name: trimmed === "" ? null : trimmed } },
      {
        onSuccess: () => {
          form.resetDirty({ displayName: trimmed });
          notifications.show({ message: "Your name is saved.", color: "green" });
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
          autoComplete="name"
          description={`Up to ${DISPLAY_NAME_MAX_LENGTH} characters. Leave it empty to show no name.`}
          {...form.getInputProps("displayName")}
        />
        <ErrorAlert message={update.error ? errorMessage(update.error) : null} />
        <Group>
          <Button type="submit" loading={update.isPending} disabled={!form.isDirty()}>
            Save name
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
